import CZlib
import Foundation

/// Builds zip archives in memory for tests, well-formed or deliberately broken, so that
/// no binary fixture is ever committed.
///
/// ```swift
/// var zip = ZipBuilder()
/// zip.add("App/View.xib", Data(xml.utf8))
/// let data = zip.build()
/// ```
public struct ZipBuilder {
    /// One entry and every field a test may want to falsify.
    public struct Entry {
        public var name: [UInt8]
        public var data: Data
        public var method: UInt16 = 8
        /// Overrides the stored bytes (after compression), e.g. to reuse another entry's.
        public var storedOverride: Data?
        public var crcOverride: UInt32?
        public var uncompressedSizeOverride: UInt64?
        public var compressedSizeOverride: UInt64?
        public var flags: UInt16 = 0
        /// High 16 bits: Unix mode (e.g. `0o120777` for a symlink).
        public var externalAttributes: UInt32 = 0o100644 << 16
        public var versionMadeBy: UInt16 = (3 << 8) | 20
        /// Write ZIP64 extra fields for this entry even when sizes fit in 32 bits.
        public var forceZip64 = false
        /// The local header's name, when a test wants it to disagree with the central one.
        public var localNameOverride: [UInt8]?
        /// Points the central directory record at another local header (overlap tests).
        public var localHeaderOffsetOverride: UInt64?
        /// Local header fields that disagree with the central directory.
        public var localMethodOverride: UInt16?
        public var localFlagsOverride: UInt16?
        public var localCRCOverride: UInt32?
        public var localUncompressedSizeOverride: UInt64?
        /// An extra field only the local header carries.
        public var localExtra = Data()
        /// Data descriptor (flag bit 3) details: its optional signature, values that
        /// disagree with the central directory, or raw bytes instead of it (cut short, missing).
        public var descriptorSignature = true
        public var descriptorCRCOverride: UInt32?
        public var descriptorCompressedSizeOverride: UInt64?
        public var descriptorUncompressedSizeOverride: UInt64?
        public var descriptorOverride: Data?

        public init(name: String, data: Data) {
            self.name = Array(name.utf8)
            self.data = data
        }

        /// The bytes stored, and the CRC and sizes the central directory declares.
        var resolved: (stored: Data, crc: UInt32, compressed: UInt64, uncompressed: UInt64, zip64: Bool) {
            let stored = storedOverride ?? (method == 8 ? ZipBuilder.deflate(data) : data)
            let uncompressed = uncompressedSizeOverride ?? UInt64(data.count)
            let compressed = compressedSizeOverride ?? UInt64(stored.count)
            return (stored, crcOverride ?? ZipBuilder.crc32(data), compressed, uncompressed,
                    forceZip64 || uncompressed >= 0xFFFF_FFFF || compressed >= 0xFFFF_FFFF)
        }
    }

    public var entries: [Entry] = []
    /// Write a ZIP64 end-of-central-directory record and locator.
    public var zip64EndRecord = false
    /// Overrides the entry count in the end record.
    public var entryCountOverride: UInt64?
    public var comment: [UInt8] = []
    /// Bytes written before the first local header (garbage, or a self-extractor stub).
    public var prefix = Data()
    /// End-record fields a test may falsify.
    public var entriesOnDiskOverride: UInt64?
    public var centralDirectoryOffsetOverride: UInt64?
    public var centralDirectorySizeOverride: UInt64?
    public var diskNumber: UInt16 = 0

    public init() {}

    /// Adds a deflated (or stored) entry.
    public mutating func add(_ name: String, _ data: Data, method: UInt16 = 8) {
        var entry = Entry(name: name, data: data)
        entry.method = method
        entries.append(entry)
    }

    /// Adds an entry whose every field a test may then falsify.
    public mutating func add(_ entry: Entry) {
        entries.append(entry)
    }

    /// Adds a symbolic link entry (Unix mode 0o120777) whose data is the link target.
    public mutating func addSymlink(_ name: String, target: String) {
        var entry = Entry(name: name, data: Data(target.utf8))
        entry.method = 0
        entry.externalAttributes = 0o120777 << 16
        entries.append(entry)
    }

    /// Adds a text entry.
    public mutating func add(_ name: String, text: String, method: UInt16 = 8) {
        add(name, Data(text.utf8), method: method)
    }

    /// The archive bytes.
    public func build() -> Data {
        var out = prefix
        var central = Data()
        var offsets: [UInt64] = []
        for entry in entries {
            let (stored, crc, compressed, uncompressed, zip64) = entry.resolved
            let offset = UInt64(out.count)
            offsets.append(offset)
            let localName = entry.localNameOverride ?? entry.name
            // With a data descriptor (flag bit 3) the local header leaves CRC and sizes zero.
            let descriptor = entry.flags & 8 != 0
            let localUncompressed = descriptor ? 0 : entry.localUncompressedSizeOverride ?? uncompressed
            let localCompressed = descriptor ? 0 : compressed
            var localExtra = entry.localExtra
            if zip64 {
                localExtra.appendLE(UInt16(0x0001)); localExtra.appendLE(UInt16(16))
                localExtra.appendLE(localUncompressed); localExtra.appendLE(localCompressed)
            }
            out.appendLE(UInt32(0x0403_4B50))
            out.appendLE(UInt16(zip64 ? 45 : 20))
            out.appendLE(entry.localFlagsOverride ?? entry.flags)
            out.appendLE(entry.localMethodOverride ?? entry.method)
            out.appendLE(UInt16(0)); out.appendLE(UInt16(0x21))  // time, date
            out.appendLE(descriptor ? 0 : entry.localCRCOverride ?? crc)
            out.appendLE(zip64 ? UInt32(0xFFFF_FFFF) : UInt32(localCompressed))
            out.appendLE(zip64 ? UInt32(0xFFFF_FFFF) : UInt32(localUncompressed))
            out.appendLE(UInt16(localName.count))
            out.appendLE(UInt16(localExtra.count))
            out.append(contentsOf: localName)
            out.append(localExtra)
            out.append(stored)
            if descriptor {
                out.append(entry.descriptorOverride ?? Self.descriptor(of: entry))
            }

            let headerOffset = entry.localHeaderOffsetOverride ?? offset
            let centralZip64 = zip64 || headerOffset >= 0xFFFF_FFFF
            var centralExtra = Data()
            if centralZip64 {
                centralExtra.appendLE(UInt16(0x0001)); centralExtra.appendLE(UInt16(24))
                centralExtra.appendLE(uncompressed); centralExtra.appendLE(compressed); centralExtra.appendLE(headerOffset)
            }
            central.appendLE(UInt32(0x0201_4B50))
            central.appendLE(entry.versionMadeBy)
            central.appendLE(UInt16(centralZip64 ? 45 : 20))
            central.appendLE(entry.flags)
            central.appendLE(entry.method)
            central.appendLE(UInt16(0)); central.appendLE(UInt16(0x21))
            central.appendLE(crc)
            central.appendLE(centralZip64 ? UInt32(0xFFFF_FFFF) : UInt32(compressed))
            central.appendLE(centralZip64 ? UInt32(0xFFFF_FFFF) : UInt32(uncompressed))
            central.appendLE(UInt16(entry.name.count))
            central.appendLE(UInt16(centralExtra.count))
            central.appendLE(UInt16(0))  // comment
            central.appendLE(UInt16(0))  // disk
            central.appendLE(UInt16(0))  // internal attributes
            central.appendLE(entry.externalAttributes)
            central.appendLE(centralZip64 ? UInt32(0xFFFF_FFFF) : UInt32(headerOffset))
            central.append(contentsOf: entry.name)
            central.append(centralExtra)
        }
        let centralOffset = centralDirectoryOffsetOverride ?? UInt64(out.count)
        let centralSize = centralDirectorySizeOverride ?? UInt64(central.count)
        out.append(central)
        let count = entryCountOverride ?? UInt64(entries.count)
        let countOnDisk = entriesOnDiskOverride ?? count
        if zip64EndRecord {
            let zip64EndOffset = UInt64(out.count)
            out.appendLE(UInt32(0x0606_4B50))
            out.appendLE(UInt64(44))
            out.appendLE(UInt16(45)); out.appendLE(UInt16(45))
            out.appendLE(UInt32(diskNumber)); out.appendLE(UInt32(diskNumber))
            out.appendLE(countOnDisk); out.appendLE(count)
            out.appendLE(centralSize); out.appendLE(centralOffset)
            out.appendLE(UInt32(0x0706_4B50))
            out.appendLE(UInt32(0)); out.appendLE(zip64EndOffset); out.appendLE(UInt32(1))
        }
        out.appendLE(UInt32(0x0605_4B50))
        out.appendLE(diskNumber); out.appendLE(diskNumber)
        out.appendLE(zip64EndRecord ? UInt16(0xFFFF) : UInt16(truncatingIfNeeded: countOnDisk))
        out.appendLE(zip64EndRecord ? UInt16(0xFFFF) : UInt16(truncatingIfNeeded: count))
        out.appendLE(zip64EndRecord ? UInt32(0xFFFF_FFFF) : UInt32(truncatingIfNeeded: centralSize))
        out.appendLE(zip64EndRecord ? UInt32(0xFFFF_FFFF) : UInt32(truncatingIfNeeded: centralOffset))
        out.appendLE(UInt16(comment.count))
        out.append(contentsOf: comment)
        return out
    }

    /// The data descriptor `build()` writes after an entry's data (without
    /// `descriptorOverride`): 64-bit sizes when its local header has a ZIP64 field.
    public static func descriptor(of entry: Entry) -> Data {
        let resolved = entry.resolved
        var out = Data()
        if entry.descriptorSignature { out.appendLE(UInt32(0x0807_4B50)) }
        out.appendLE(entry.descriptorCRCOverride ?? resolved.crc)
        let compressed = entry.descriptorCompressedSizeOverride ?? resolved.compressed
        let uncompressed = entry.descriptorUncompressedSizeOverride ?? resolved.uncompressed
        if resolved.zip64 {
            out.appendLE(compressed); out.appendLE(uncompressed)
        } else {
            out.appendLE(UInt32(truncatingIfNeeded: compressed)); out.appendLE(UInt32(truncatingIfNeeded: uncompressed))
        }
        return out
    }

    /// Writes the archive to `url`.
    public func write(to url: URL) throws {
        try build().write(to: url)
    }

    /// Raw deflate (no zlib header), as zip stores it.
    public static func deflate(_ data: Data) -> Data {
        var stream = z_stream()
        guard nibscan_deflateInit2(&stream, Z_BEST_SPEED, -MAX_WBITS) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = [UInt8](repeating: 0, count: bound + 64)
        var input = [UInt8](data)
        let produced: Int = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Data(output[0..<produced])
    }

    /// zlib's CRC-32 of `data`.
    public static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { raw in
            UInt32(CZlib.crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count)))
        }
    }
}

extension Data {
    /// Appends an integer in little-endian byte order.
    mutating func appendLE<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
