import CZlib
import Foundation

/// A zip archive of files on disk produced a chunk at a time, never whole in memory, with
/// its exact length known before the first byte (entries are stored, so sizes are the
/// files' sizes; CRCs follow each entry in a data descriptor). That lets `nibscan submit`
/// send it with a `Content-Length` and restart it from the beginning on a retry.
final class StreamedZip {
    /// One file to store: its name in the archive and where it is.
    struct Entry: Equatable {
        var name: String
        var url: URL
        var size: UInt64
    }

    /// Why the archive cannot be made or was cut short.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let entries: [Entry]
    /// The archive's length in bytes.
    let length: UInt64

    private enum Stage {
        case localHeader(Int)
        case contents(Int)
        case descriptor(Int)
        case done
    }

    private var stage: Stage = .localHeader(0)
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var handle: FileHandle?
    private var entryRead: UInt64 = 0
    private var crc: UInt = 0
    private var crcs: [UInt32] = []
    private var offsets: [UInt64] = []
    private var written: UInt64 = 0

    /// Plain zip (no ZIP64): at most 65,535 entries and 4 GiB.
    init(entries: [Entry]) throws {
        guard entries.count < 0xFFFF else { throw Failure(description: "\(entries.count) files are more than a zip without ZIP64 holds (65,534)") }
        var length: UInt64 = 22
        for entry in entries {
            let name = UInt64(entry.name.utf8.count)
            guard name <= 0xFFFF else { throw Failure(description: "the path \(entry.name.prefix(80))… is too long for a zip") }
            length += 30 + name + entry.size + 16 + 46 + name
        }
        guard length < 0xFFFF_FFFF else { throw Failure(description: "the folder is \(length) bytes, more than a zip without ZIP64 holds (4 GiB)") }
        self.entries = entries
        self.length = length
    }

    /// Fills `buffer` with the next bytes; returns how many (0 at the end).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            if pendingOffset < pending.count {
                let count = min(pending.count - pendingOffset, buffer.count - filled)
                pending.withUnsafeBytes { source in
                    buffer.baseAddress!.advanced(by: filled).copyMemory(from: source.baseAddress!.advanced(by: pendingOffset), byteCount: count)
                }
                pendingOffset += count
                filled += count
                continue
            }
            guard try advance(room: buffer.count - filled, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), filled: &filled) else { break }
        }
        written += UInt64(filled)
        return filled
    }

    /// Moves to the next piece; file contents are read straight into `buffer`. `false` at the end.
    private func advance(room: Int, into buffer: UnsafeMutableRawBufferPointer, filled: inout Int) throws -> Bool {
        switch stage {
        case let .localHeader(index):
            guard index < entries.count else {
                setPending(centralDirectory(start: written + UInt64(filled)))
                stage = .done
                return true
            }
            offsets.append(written + UInt64(filled))
            setPending(localHeader(entries[index]))
            do {
                handle = try FileHandle(forReadingFrom: entries[index].url)
            } catch {
                throw Failure(description: "cannot read \(entries[index].name): \(error.localizedDescription)")
            }
            entryRead = 0
            crc = crc32(0, nil, 0)
            stage = .contents(index)
            return true
        case let .contents(index):
            let entry = entries[index]
            let wanted = Int(min(UInt64(room), entry.size - entryRead))
            guard wanted > 0 else {
                let extra = try handle?.read(upToCount: 1) ?? Data()
                try? handle?.close()
                handle = nil
                guard extra.isEmpty else { throw Failure(description: "\(entry.name) grew while it was being sent") }
                crcs.append(UInt32(truncatingIfNeeded: crc))
                stage = .descriptor(index)
                return true
            }
            let data = try handle?.read(upToCount: wanted) ?? Data()
            guard !data.isEmpty else { throw Failure(description: "\(entry.name) shrank while it was being sent") }
            data.withUnsafeBytes { bytes in
                buffer.baseAddress!.copyMemory(from: bytes.baseAddress!, byteCount: data.count)
                crc = crc32(crc, bytes.bindMemory(to: UInt8.self).baseAddress, uInt(data.count))
            }
            entryRead += UInt64(data.count)
            filled += data.count
            return true
        case let .descriptor(index):
            var bytes: [UInt8] = []
            Self.append32(0x0807_4B50, to: &bytes)
            Self.append32(crcs[index], to: &bytes)
            Self.append32(UInt32(entries[index].size), to: &bytes)
            Self.append32(UInt32(entries[index].size), to: &bytes)
            setPending(bytes)
            stage = .localHeader(index + 1)
            return true
        case .done:
            return false
        }
    }

    private func setPending(_ bytes: [UInt8]) {
        pending = bytes
        pendingOffset = 0
    }

    /// Stored, UTF-8 names (bit 11), sizes and CRC in a data descriptor (bit 3).
    private static let flags: UInt16 = 0x0808

    private func localHeader(_ entry: Entry) -> [UInt8] {
        var bytes: [UInt8] = []
        Self.append32(0x0403_4B50, to: &bytes)
        Self.append16(20, to: &bytes)
        Self.append16(Self.flags, to: &bytes)
        Self.append16(0, to: &bytes) // stored
        Self.append32(0, to: &bytes) // time, date
        Self.append32(0, to: &bytes) // CRC in the descriptor
        Self.append32(UInt32(entry.size), to: &bytes)
        Self.append32(UInt32(entry.size), to: &bytes)
        Self.append16(UInt16(entry.name.utf8.count), to: &bytes)
        Self.append16(0, to: &bytes)
        bytes += Array(entry.name.utf8)
        return bytes
    }

    private func centralDirectory(start: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, entry) in entries.enumerated() {
            Self.append32(0x0201_4B50, to: &bytes)
            Self.append16((3 << 8) | 20, to: &bytes)
            Self.append16(20, to: &bytes)
            Self.append16(Self.flags, to: &bytes)
            Self.append16(0, to: &bytes)
            Self.append32(0, to: &bytes)
            Self.append32(crcs[index], to: &bytes)
            Self.append32(UInt32(entry.size), to: &bytes)
            Self.append32(UInt32(entry.size), to: &bytes)
            Self.append16(UInt16(entry.name.utf8.count), to: &bytes)
            Self.append16(0, to: &bytes) // extra
            Self.append16(0, to: &bytes) // comment
            Self.append16(0, to: &bytes) // disk
            Self.append16(0, to: &bytes) // internal attributes
            Self.append32(0o100644 << 16, to: &bytes)
            Self.append32(UInt32(offsets[index]), to: &bytes)
            bytes += Array(entry.name.utf8)
        }
        let size = UInt32(bytes.count)
        Self.append32(0x0605_4B50, to: &bytes)
        Self.append16(0, to: &bytes)
        Self.append16(0, to: &bytes)
        Self.append16(UInt16(entries.count), to: &bytes)
        Self.append16(UInt16(entries.count), to: &bytes)
        Self.append32(size, to: &bytes)
        Self.append32(UInt32(start), to: &bytes)
        Self.append16(0, to: &bytes)
        return bytes
    }

    private static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
