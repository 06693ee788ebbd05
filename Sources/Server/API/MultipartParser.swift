import Glibc

/// A streaming `multipart/form-data` parser (RFC 7578 over RFC 2046 framing), a value type
/// like the HTTP parser: feed bytes, pull events. Part data is handed on as it arrives, so
/// a 100 MB file part is never held in memory; only a delimiter's worth stays buffered.
struct MultipartParser: Sendable {
    /// What the parser found next.
    enum Event: Sendable, Equatable {
        case partStart(name: String, filename: String?, contentType: String?)
        case partData([UInt8])
        case partEnd
        /// The closing delimiter; anything after it is ignored.
        case end
    }

    /// Why a body is not valid multipart.
    struct Failure: Error, Sendable, Equatable {
        var detail: String
    }

    enum State: Sendable, Equatable {
        case preamble
        case afterDelimiter
        case partHeaders
        case partData
        case epilogue
    }

    let delimiter: [UInt8]
    let maxHeaderBytes: Int
    let maxParts: Int
    private var state = State.preamble
    // The body is preceded by a virtual CRLF so that a first delimiter at offset 0 matches "\r\n--boundary".
    private var buffer: [UInt8] = [13, 10]
    private var start = 0
    private var parts = 0

    /// - Parameter boundary: the `boundary` parameter of the Content-Type (1 to 70 characters).
    init(boundary: String, maxHeaderBytes: Int = 8 * 1024, maxParts: Int = 32) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.maxHeaderBytes = maxHeaderBytes
        self.maxParts = maxParts
    }

    var isFinished: Bool { state == .epilogue }

    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if state == .epilogue { return }
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next event, or `nil` when more bytes are needed.
    mutating func nextEvent() throws(Failure) -> Event? {
        while true {
            switch state {
            case .epilogue:
                return nil
            case .preamble:
                guard let found = find(delimiter) else {
                    start = max(start, buffer.count - delimiter.count)  // Preamble bytes are dropped.
                    return nil
                }
                start = found + delimiter.count
                state = .afterDelimiter
            case .afterDelimiter:
                guard buffer.count - start >= 2 else { return nil }
                if buffer[start] == UInt8(ascii: "-") && buffer[start + 1] == UInt8(ascii: "-") {
                    state = .epilogue
                    buffer = []
                    start = 0
                    return .end
                }
                // Transport padding (whitespace) may follow a delimiter before its CRLF.
                guard let lineEnd = find([13, 10]) else {
                    if buffer.count - start > 256 { throw Failure(detail: "a multipart delimiter is not followed by CRLF") }
                    return nil
                }
                guard buffer[start ..< lineEnd].allSatisfy({ $0 == 32 || $0 == 9 }) else {
                    throw Failure(detail: "a multipart delimiter is followed by unexpected bytes")
                }
                start = lineEnd + 2
                state = .partHeaders
            case .partHeaders:
                // A part without header fields starts with the blank line at once.
                guard let end = buffer[start...].starts(with: [13, 10]) ? start - 2 : find([13, 10, 13, 10]) else {
                    if buffer.count - start > maxHeaderBytes { throw Failure(detail: "the headers of a part exceed \(maxHeaderBytes) bytes") }
                    return nil
                }
                let headerBytes = end >= start ? buffer[start ..< end] : []
                start = end + 4
                parts += 1
                if parts > maxParts { throw Failure(detail: "the body has more than \(maxParts) parts") }
                state = .partData
                return try Self.partStart(headerBytes)
            case .partData:
                if let found = find(delimiter) {
                    if found > start {
                        let data = Array(buffer[start ..< found])
                        start = found
                        return .partData(data)
                    }
                    start = found + delimiter.count
                    state = .afterDelimiter
                    return .partEnd
                }
                // Keep a possible partial delimiter at the end of the buffer.
                let safeEnd = buffer.count - (delimiter.count - 1)
                guard safeEnd > start else { return nil }
                let data = Array(buffer[start ..< safeEnd])
                start = safeEnd
                return .partData(data)
            }
        }
    }

    /// The first occurrence of `needle` at or after `start` (memchr for the first byte, then memcmp).
    private func find(_ needle: [UInt8]) -> Int? {
        guard let first = needle.first else { return nil }
        return buffer.withUnsafeBufferPointer { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            var index = start
            while index + needle.count <= haystack.count {
                guard let hit = memchr(base + index, Int32(first), haystack.count - index) else { return nil }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if position + needle.count > haystack.count { return nil }
                if memcmp(base + position, needle, needle.count) == 0 { return position }
                index = position + 1
            }
            return nil
        }
    }
}
