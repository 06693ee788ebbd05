import CZlib
import Foundation

/// Reads one entry's data, stored or deflated, through a bounded input buffer straight into
/// a buffer of the declared size: never produces a byte more than the header declares, and
/// checks the CRC-32. One inflater is reused across the entries of an archive.
final class ZipEntryInflater {
    static let inputBufferSize = 256 << 10
    private let stream: UnsafeMutablePointer<z_stream>
    /// Raw memory, not a zero-filled array: every byte inflated is read into it first, and
    /// a page is touched only when an entry's compressed data reaches it.
    private let input = UnsafeMutableRawBufferPointer.allocate(byteCount: ZipEntryInflater.inputBufferSize, alignment: 16)
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
        input.deallocate()
    }

    /// The entry's bytes, or why they are wrong. I/O failures throw.
    ///
    /// The bytes go into an allocation of exactly the declared size that the returned
    /// `Data` then owns: no zero-filling, no capacity rounding, no copy.
    func read(_ record: ZipCentralRecord, dataOffset: UInt64, from file: PositionedFile) throws -> Result<Data, ArchiveEntryError.Cause> {
        let count = Int(record.uncompressedSize)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        var handedOver = false
        defer { if !handedOver { output.deallocate() } }
        let outcome: ArchiveEntryError.Cause? = switch record.method {
        case 0: try copyStored(record, dataOffset: dataOffset, from: file, into: output)
        default: try inflate(record, dataOffset: dataOffset, from: file, into: output)
        }
        if let outcome { return .failure(outcome) }
        let crc = UInt32(crc32_z(0, output.baseAddress?.assumingMemoryBound(to: Bytef.self), z_size_t(count)))
        guard crc == record.crc else { return .failure(.crcMismatch(expected: record.crc, actual: crc)) }
        guard count > 0, let base = output.baseAddress else { return .success(Data()) }
        handedOver = true
        return .success(Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() }))
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
        try resetStream(path: file.path)
        var remainingInput = record.compressedSize
        var position = dataOffset
        let declared = output.count
        var written = 0
        let inputBuffer = input
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
            // Inflate into the rest of the output (in windows zlib's 32-bit counts can
            // hold); once it is full, into one spare byte: producing that byte means the
            // entry holds more than its header declares.
            let window: Int
            if written < declared, let base = output.baseAddress {
                window = min(declared - written, Int(uInt.max))
                stream.pointee.next_out = (base + written).assumingMemoryBound(to: Bytef.self)
            } else {
                window = 1
                stream.pointee.next_out = spareByte
            }
            stream.pointee.avail_out = uInt(window)
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = window - Int(stream.pointee.avail_out)
            if written < declared {
                written += produced
            } else if produced > 0 {
                return .sizeMismatch("inflates to more than the declared \(declared) bytes; stopped there")
            }
            switch status {
            case Z_STREAM_END:
                if written != declared { return .sizeMismatch("inflates to \(written) bytes, not the declared \(declared)") }
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

    private func resetStream(path: String) throws {
        let status = initialised ? inflateReset(stream) : nibscan_inflateInit2(stream, -MAX_WBITS)
        guard status == Z_OK else { throw ProjectInputError.unreadable(path: path, reason: "zlib could not start inflating (\(status))") }
        initialised = true
        stream.pointee.avail_in = 0
        stream.pointee.next_in = nil
    }
}
