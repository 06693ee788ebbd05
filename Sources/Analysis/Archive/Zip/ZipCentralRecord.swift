/// One entry as the central directory describes it, with ZIP64 extra fields resolved.
struct ZipCentralRecord {
    /// The name's bytes, cut after `maxPathLength + 1` bytes: a longer name is refused
    /// anyway, and a hostile directory must not make the reader hold gigabytes of names.
    var name: [UInt8]
    /// The name's full length in the archive.
    var nameLength: Int
    var nameEndsWithSlash: Bool
    var versionMadeBy: UInt16
    var flags: UInt16
    var method: UInt16
    var crc: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var localHeaderOffset: UInt64
    var externalAttributes: UInt32

    static let signature: UInt32 = 0x0201_4B50
    static let fixedSize = 46
    static let zip64ExtraID: UInt16 = 0x0001

    var isEncrypted: Bool { flags & 1 != 0 }
    var hasDataDescriptor: Bool { flags & 8 != 0 }

    /// The name for messages: invalid UTF-8 and control characters shown as U+FFFD.
    var displayName: String {
        String(String(decoding: name, as: UTF8.self).unicodeScalars.map { $0.value < 0x20 ? "\u{FFFD}" : Character($0) })
            + (isNameCut ? "…" : "")
    }

    /// The Unix file type bits, when the entry was made on a Unix-like host.
    var unixFileType: UInt32? {
        let host = versionMadeBy >> 8
        guard host == 3 || host == 19 else { return nil }
        let mode = externalAttributes >> 16
        return mode == 0 ? nil : mode & 0o170000
    }

    var isNameCut: Bool { name.count < nameLength }

    var isDirectory: Bool {
        nameEndsWithSlash || unixFileType == 0o040000 || (externalAttributes & 0x10 != 0 && unixFileType == nil)
    }

    /// Parses one record whose fixed part and variable fields are in `bytes`.
    init(bytes: [UInt8], index: UInt64, maxNameLength: Int) throws {
        let nameLength = Int(bytes.uint16(at: 28)), extraLength = Int(bytes.uint16(at: 30))
        self.nameLength = nameLength
        nameEndsWithSlash = nameLength > 0 && bytes[Self.fixedSize + nameLength - 1] == UInt8(ascii: "/")
        versionMadeBy = bytes.uint16(at: 4)
        flags = bytes.uint16(at: 8)
        method = bytes.uint16(at: 10)
        crc = bytes.uint32(at: 16)
        compressedSize = UInt64(bytes.uint32(at: 20))
        uncompressedSize = UInt64(bytes.uint32(at: 24))
        externalAttributes = bytes.uint32(at: 38)
        localHeaderOffset = UInt64(bytes.uint32(at: 42))
        name = Array(bytes[Self.fixedSize..<Self.fixedSize + min(nameLength, max(maxNameLength, 0) + 1)])
        var disk = UInt32(bytes.uint16(at: 34))
        let extra = Array(bytes[Self.fixedSize + nameLength..<Self.fixedSize + nameLength + extraLength])
        var fields = ZipExtraFields(extra: extra)
        // All ones defers to the ZIP64 field only when there is one (as Info-ZIP and
        // Python's zipfile read it); without, the value is the number itself, which the
        // size limits and the layout checks then judge.
        if fields.hasZip64 { do {
            if uncompressedSize == 0xFFFF_FFFF { uncompressedSize = try fields.zip64Value() }
            if compressedSize == 0xFFFF_FFFF { compressedSize = try fields.zip64Value() }
            if localHeaderOffset == 0xFFFF_FFFF { localHeaderOffset = try fields.zip64Value() }
            if disk == 0xFFFF { disk = try fields.zip64DiskValue() }
        } catch {
            throw ArchiveError.corruptCentralDirectory(
                detail: "entry #\(index) '\(displayName)' lacks the ZIP64 value its sizes defer to")
        } }
        guard disk == 0 else { throw ArchiveError.multiDisk }
    }
}

/// Reads the ZIP64 extended-information extra field (ID 1), whose values appear in a fixed
/// order and only for the header fields set to their all-ones marker.
struct ZipExtraFields {
    /// A needed ZIP64 value is absent.
    struct MissingValue: Error {}

    private let zip64: [UInt8]?
    private var cursor = 0

    init(extra: [UInt8]) {
        var found: [UInt8]?
        var index = 0
        while index + 4 <= extra.count {
            let id = extra.uint16(at: index), length = Int(extra.uint16(at: index + 2))
            guard index + 4 + length <= extra.count else { break }
            if id == ZipCentralRecord.zip64ExtraID {
                found = Array(extra[index + 4..<index + 4 + length])
                break
            }
            index += 4 + length
        }
        zip64 = found
    }

    /// Whether the extra field has a ZIP64 field at all (then a data descriptor's sizes
    /// are 64-bit).
    var hasZip64: Bool { zip64 != nil }

    mutating func zip64Value() throws -> UInt64 {
        guard let zip64, cursor + 8 <= zip64.count else { throw MissingValue() }
        defer { cursor += 8 }
        return zip64.uint64(at: cursor)
    }

    mutating func zip64DiskValue() throws -> UInt32 {
        guard let zip64, cursor + 4 <= zip64.count else { throw MissingValue() }
        defer { cursor += 4 }
        return zip64.uint32(at: cursor)
    }
}
