/// Checks an entry's local header against its central record before any of its data is
/// read, and finds where the data starts.
enum ZipLocalHeader {
    static let signature: UInt32 = 0x0403_4B50
    static let fixedSize = 30

    /// The offset of the entry's data, or the field on which the local header (or the data
    /// descriptor that follows the data) disagrees. Throws
    /// ``ArchiveError/overlappingEntries(entry:other:)`` when the header and data reach past
    /// `boundary` (the next entry or the central directory); a descriptor cut short by it
    /// only fails this entry.
    static func dataOffset(of record: ZipCentralRecord, in file: PositionedFile,
                           boundary: UInt64, boundaryName: @autoclosure () -> String) throws -> Result<UInt64, ArchiveEntryError.Cause> {
        let offset = record.localHeaderOffset
        let fixed = try file.bytes(at: offset, count: fixedSize, what: "local header of '\(record.displayName)'")
        guard fixed.uint32(at: 0) == signature else { return .failure(.headerMismatch("its location (no local header there)")) }
        let nameLength = Int(fixed.uint16(at: 26)), extraLength = Int(fixed.uint16(at: 28))
        let variable = try file.bytes(at: offset + UInt64(fixedSize), count: nameLength + extraLength,
                                      what: "local header of '\(record.displayName)'")
        let dataStart = offset + UInt64(fixedSize + nameLength + extraLength)
        guard let dataEnd = dataStart.adding(record.compressedSize), dataEnd <= boundary else {
            throw ArchiveError.overlappingEntries(entry: record.displayName, other: boundaryName())
        }
        if Array(variable[0..<nameLength]) != record.name { return .failure(.headerMismatch("the name")) }
        if fixed.uint16(at: 8) != record.method { return .failure(.headerMismatch("the compression method")) }
        if fixed.uint16(at: 6) & 0x9 != record.flags & 0x9 {
            return .failure(.headerMismatch("the encryption or data-descriptor flag"))
        }
        var fields = ZipExtraFields(extra: Array(variable[nameLength...]))
        if record.hasDataDescriptor {
            if let why = try ZipDataDescriptor.disagreement(with: record, at: dataEnd, boundary: boundary, boundaryName: boundaryName,
                                                            localZip64: fields.hasZip64, in: file) {
                return .failure(.descriptorMismatch(why))
            }
        } else {
            var uncompressed = UInt64(fixed.uint32(at: 22)), compressed = UInt64(fixed.uint32(at: 18))
            // As in the central record: all ones defers only to a ZIP64 field that is there.
            if fields.hasZip64 { do {
                if uncompressed == 0xFFFF_FFFF { uncompressed = try fields.zip64Value() }
                if compressed == 0xFFFF_FFFF { compressed = try fields.zip64Value() }
            } catch {
                return .failure(.headerMismatch("the sizes (its ZIP64 field lacks them)"))
            } } else if (uncompressed == 0xFFFF_FFFF || compressed == 0xFFFF_FFFF),
                        uncompressed != record.uncompressedSize || compressed != record.compressedSize {
                return .failure(.headerMismatch("the sizes (all ones, with no ZIP64 field to defer to)"))
            }
            if fixed.uint32(at: 14) != record.crc { return .failure(.headerMismatch("the CRC-32")) }
            if compressed != record.compressedSize { return .failure(.headerMismatch("the compressed size")) }
            if uncompressed != record.uncompressedSize { return .failure(.headerMismatch("the uncompressed size")) }
        }
        return .success(dataStart)
    }
}
