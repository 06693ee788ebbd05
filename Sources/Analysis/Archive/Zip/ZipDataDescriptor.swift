/// The CRC-32 and sizes a streaming writer puts right after an entry's data when it could
/// not seek back to its local header (general-purpose flag bit 3). The central directory
/// repeats them; the two are checked against each other before the entry is read, so an
/// archive whose records say two different things about one entry is never trusted.
struct ZipDataDescriptor: Equatable {
    static let signature: UInt32 = 0x0807_4B50

    var crc: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64

    /// One of the four shapes a descriptor takes: with or without its optional signature,
    /// with 32-bit sizes or (after a local ZIP64 extra field) 64-bit ones.
    struct Layout: Equatable {
        var signed: Bool
        var wideSizes: Bool

        var size: Int { (signed ? 4 : 0) + 4 + (wideSizes ? 16 : 8) }

        func parse(_ bytes: [UInt8]) -> ZipDataDescriptor? {
            guard bytes.count >= size else { return nil }
            let start = signed ? 4 : 0
            let sizes = start + 4
            return wideSizes
                ? ZipDataDescriptor(crc: bytes.uint32(at: start), compressedSize: bytes.uint64(at: sizes),
                                    uncompressedSize: bytes.uint64(at: sizes + 8))
                : ZipDataDescriptor(crc: bytes.uint32(at: start), compressedSize: UInt64(bytes.uint32(at: sizes)),
                                    uncompressedSize: UInt64(bytes.uint32(at: sizes + 4)))
        }
    }

    /// Why the descriptor at `offset` (right after the entry's data) is not the central
    /// record's, or `nil` when it agrees. Only `[offset, boundary)` is read.
    ///
    /// The layout the local header implies (signature when the bytes start with one,
    /// 64-bit sizes when it has a ZIP64 field) is tried first; any other layout that agrees
    /// on all three values is accepted too, as writers disagree on when to widen the sizes.
    /// A mismatch is described in the implied layout.
    static func disagreement(with record: ZipCentralRecord, at offset: UInt64, boundary: UInt64, boundaryName: () -> String,
                             localZip64: Bool, in file: PositionedFile) throws -> String? {
        let available = boundary > offset ? boundary - offset : 0
        let bytes = try file.bytes(at: offset, count: Int(min(available, 24)), what: "data descriptor of '\(record.displayName)'")
        let signed = bytes.count >= 4 && bytes.uint32(at: 0) == signature
        let implied = Layout(signed: signed, wideSizes: localZip64)
        let layouts = [implied, Layout(signed: signed, wideSizes: !localZip64),
                       Layout(signed: !signed, wideSizes: localZip64), Layout(signed: !signed, wideSizes: !localZip64)]
        let expected = ZipDataDescriptor(crc: record.crc, compressedSize: record.compressedSize, uncompressedSize: record.uncompressedSize)
        if layouts.contains(where: { $0.parse(bytes) == expected }) { return nil }
        let startsAnotherRecord = bytes.count >= 4 && [ZipLocalHeader.signature, ZipCentralRecord.signature].contains(bytes.uint32(at: 0))
        guard let found = implied.parse(bytes), !startsAnotherRecord else {
            return "data descriptor missing or cut short: \(bytes.count) bytes before \(boundaryName()) where \(implied.size) are needed"
        }
        return "data descriptor disagrees with the central directory on " + found.differences(from: expected).joined(separator: ", ")
    }

    /// Each field that differs, as `name (descriptor X, directory Y)`.
    private func differences(from expected: ZipDataDescriptor) -> [String] {
        var fields: [String] = []
        if crc != expected.crc {
            fields.append("the CRC-32 (descriptor \(ArchiveEntryError.hex(crc)), directory \(ArchiveEntryError.hex(expected.crc)))")
        }
        if compressedSize != expected.compressedSize {
            fields.append("the compressed size (descriptor \(compressedSize), directory \(expected.compressedSize))")
        }
        if uncompressedSize != expected.uncompressedSize {
            fields.append("the uncompressed size (descriptor \(uncompressedSize), directory \(expected.uncompressedSize))")
        }
        return fields
    }
}
