import CZlib
import Foundation

/// Reads one entry's data, stored or deflated, through a bounded input buffer straight into
/// a buffer of the declared size: never produces a byte more than the header declares, and
/// checks the CRC-32. One inflater is reused across the entries of an archive.
final class ZipEntryInflater {
    static let inputBufferSize = 256 << 10
    private let stream: UnsafeMutablePointer<z_stream>
    private var input = [UInt8](repeating: 0, count: ZipEntryInflater.inputBufferSize)
    private let spareByte: UnsafeMutablePointer<Bytef>
    private var initialised = false

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        spareByte = .allocate(capacity: 1)
    }

    deinit {
        if initialised { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        spareByte.deallocate()
    }

    /// The entry's bytes, or why they are wrong. I/O failures throw.
    func read(_ record: ZipCentralRecord, dataOffset: UInt64, from file: PositionedFile) throws -> Result<Data, ArchiveEntryError.Cause> {
        var output = Data(count: Int(record.uncompressedSize))
        let outcome: ArchiveEntryError.Cause? = try output.withUnsafeMutableBytes { buffer in
            switch record.method {
            case 0: try copyStored(record, dataOffset: dataOffset, from: file, into: buffer)
            default: try inflate(record, dataOffset: dataOffset, from: file, into: buffer)
            }
        }
        if let outcome { return .failure(outcome) }
        let crc = output.withUnsafeBytes { raw in
            UInt32(crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count)))
        }
        guard crc == record.crc else { return .failure(.crcMismatch(expected: record.crc, actual: crc)) }
        return .success(output)
    }

    private func copyStored(_ record: ZipCentralRecord, dataOffset: UInt64, from file: PositionedFile,
                            into output: UnsafeMutableRawBufferPointer) throws -> ArchiveEntryError.Cause? {
        guard record.compressedSize == record.uncompressedSize else {
            return .sizeMismatch("stored entry declares \(record.compressedSize) stored bytes but \(record.uncompressedSize) uncompressed")
        }
        let read = try file.read(into: output, at: dataOffset)
        return read == output.count ? nil : .sizeMismatch("data ends \(output.count - read) bytes early")
    }

    private func inflate(_ record: ZipCentralRecord, dataOffset: UInt64, from file: PositionedFile,
                         into output: UnsafeMutableRawBufferPointer) throws -> ArchiveEntryError.Cause? {
        try resetStream()
        var remainingInput = record.compressedSize
        var position = dataOffset
        let declared = output.count
        // Once the declared bytes are out, inflate into one spare byte: producing it means
        // the entry holds more than its header says.
        var full = declared == 0
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(declared)
        return try input.withUnsafeMutableBytes { inputBuffer -> ArchiveEntryError.Cause? in
            while true {
                if stream.pointee.avail_in == 0, remainingInput > 0 {
                    let length = Int(min(UInt64(inputBuffer.count), remainingInput))
                    let read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: inputBuffer[0..<length]), at: position)
                    guard read == length else { return .sizeMismatch("compressed data ends past the end of the file") }
                    position += UInt64(length)
                    remainingInput -= UInt64(length)
                    stream.pointee.next_in = inputBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_in = uInt(length)
                }
                if full {
                    stream.pointee.next_out = spareByte
                    stream.pointee.avail_out = 1
                }
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                if stream.pointee.avail_out == 0 {
                    if full { return .sizeMismatch("inflates to more than the declared \(declared) bytes; stopped there") }
                    full = true
                }
                switch status {
                case Z_STREAM_END:
                    let total = full ? declared : declared - Int(stream.pointee.avail_out)
                    if total != declared { return .sizeMismatch("inflates to \(total) bytes, not the declared \(declared)") }
                    if remainingInput > 0 || stream.pointee.avail_in > 0 {
                        return .sizeMismatch("the deflate stream ends before the declared \(record.compressedSize) compressed bytes")
                    }
                    return nil
                case Z_OK:
                    continue
                case Z_BUF_ERROR where remainingInput == 0 && stream.pointee.avail_in == 0:
                    return .sizeMismatch("compressed data ends before its deflate stream does")
                default:
                    let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                    return .corruptData(message)
                }
            }
        }
    }

    private func resetStream() throws {
        let status = initialised ? inflateReset(stream) : nibscan_inflateInit2(stream, -MAX_WBITS)
        guard status == Z_OK else { throw ArchiveError.corruptCentralDirectory(detail: "zlib could not start inflating (\(status))") }
        initialised = true
        stream.pointee.avail_in = 0
        stream.pointee.next_in = nil
    }
}
