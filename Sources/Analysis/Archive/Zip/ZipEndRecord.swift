/// Where the central directory is and how many entries it holds, from the
/// end-of-central-directory record (and its ZIP64 counterpart when present).
struct ZipEndRecord: Equatable {
    var entryCount: UInt64
    var directoryOffset: UInt64
    var directorySize: UInt64
    /// Where the end records begin: the central directory must end at or before it.
    var recordsStart: UInt64

    static let signature: UInt32 = 0x0605_4B50
    static let zip64Signature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let fixedSize = 22
    static let zip64LocatorSize = 20
    static let zip64RecordSize = 56

    /// Finds the end record in the last 64 KiB + 22 bytes (the comment may be up to 64 KiB)
    /// and follows the ZIP64 locator when there is one.
    static func locate(in file: PositionedFile) throws -> ZipEndRecord {
        let tailLength = Int(min(file.size, UInt64(fixedSize + Int(UInt16.max))))
        let tailStart = file.size - UInt64(tailLength)
        let tail = try file.bytes(at: tailStart, count: tailLength, what: "archive tail")
        guard let position = endRecordPosition(in: tail) else {
            throw ArchiveError.missingEndRecord(path: file.path)
        }
        let record = Array(tail[position..<position + fixedSize])
        let recordOffset = tailStart + UInt64(position)
        let disk = record.uint16(at: 4), directoryDisk = record.uint16(at: 6)
        let entriesOnDisk = UInt64(record.uint16(at: 8)), entries = UInt64(record.uint16(at: 10))
        let end = ZipEndRecord(entryCount: entries, directoryOffset: UInt64(record.uint32(at: 16)),
                               directorySize: UInt64(record.uint32(at: 12)), recordsStart: recordOffset)
        if recordOffset >= UInt64(zip64LocatorSize) {
            let locator = try file.bytes(at: recordOffset - UInt64(zip64LocatorSize), count: zip64LocatorSize, what: "ZIP64 locator")
            if locator.uint32(at: 0) == zip64LocatorSignature {
                return try zip64(in: file, locator: locator, locatorOffset: recordOffset - UInt64(zip64LocatorSize))
            }
        }
        guard disk == 0, directoryDisk == 0 else { throw ArchiveError.multiDisk }
        guard entriesOnDisk == entries else {
            throw ArchiveError.corruptCentralDirectory(
                detail: "the end record counts \(entriesOnDisk) entries on this disk but \(entries) in total")
        }
        // Without a ZIP64 locator the all-ones values are plain numbers (a zip of exactly
        // 65,535 entries needs no ZIP64); they defer to a missing ZIP64 record only when,
        // read as numbers, the directory would not lie before the end record.
        let marked = entries == 0xFFFF || end.directorySize == 0xFFFF_FFFF || end.directoryOffset == 0xFFFF_FFFF
        if marked, end.directoryOffset + end.directorySize > recordOffset {
            throw ArchiveError.corruptCentralDirectory(detail: "the end record defers to a ZIP64 record that is missing")
        }
        return end
    }

    /// The last signature whose comment length runs exactly to the end of the file.
    private static func endRecordPosition(in tail: [UInt8]) -> Int? {
        guard tail.count >= fixedSize else { return nil }
        var position = tail.count - fixedSize
        while position >= 0 {
            if tail.uint32(at: position) == signature,
               position + fixedSize + Int(tail.uint16(at: position + 20)) == tail.count {
                return position
            }
            position -= 1
        }
        return nil
    }

    private static func zip64(in file: PositionedFile, locator: [UInt8], locatorOffset: UInt64) throws -> ZipEndRecord {
        let recordOffset = locator.uint64(at: 8)
        guard locator.uint32(at: 4) == 0, locator.uint32(at: 16) <= 1 else { throw ArchiveError.multiDisk }
        guard recordOffset <= locatorOffset, locatorOffset - recordOffset >= UInt64(zip64RecordSize) else {
            throw ArchiveError.corruptCentralDirectory(
                detail: "the ZIP64 locator points at offset \(recordOffset), not before itself at \(locatorOffset)")
        }
        let record = try file.bytes(at: recordOffset, count: zip64RecordSize, what: "ZIP64 end record")
        guard record.uint32(at: 0) == zip64Signature else {
            throw ArchiveError.corruptCentralDirectory(detail: "no ZIP64 end record at offset \(recordOffset)")
        }
        guard record.uint32(at: 16) == 0, record.uint32(at: 20) == 0 else { throw ArchiveError.multiDisk }
        let entriesOnDisk = record.uint64(at: 24), entries = record.uint64(at: 32)
        guard entriesOnDisk == entries else {
            throw ArchiveError.corruptCentralDirectory(
                detail: "the ZIP64 end record counts \(entriesOnDisk) entries on this disk but \(entries) in total")
        }
        return ZipEndRecord(entryCount: entries, directoryOffset: record.uint64(at: 48),
                            directorySize: record.uint64(at: 40), recordsStart: recordOffset)
    }
}
