/// The HTTP/1.1 request parser: a value-type state machine. Feed it bytes with
/// ``append(_:)``, pull ``Event``s with ``nextEvent()``; it never touches a socket, so every
/// RFC 9112 rule is tested without one.
///
/// It stops after each `head` event until pulled again, so that the connection can decide
/// (route, auth, size, `100 Continue`) before any body byte is consumed. After an `end`
/// it starts on the next request of a persistent connection; after an error it stays failed.
///
/// ```swift
/// var parser = HTTPRequestParser()
/// parser.append(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
/// while let event = try parser.nextEvent() { ... }
/// ```
public struct HTTPRequestParser: Sendable {
    /// Bounds on what a client may send; each breach has its own status.
    public struct Limits: Sendable, Equatable {
        /// Request line, CRLF excluded (414 beyond).
        public var maxRequestLineBytes: Int
        /// Header section (and trailer section) in bytes (431 beyond).
        public var maxHeaderBytes: Int
        /// Number of header fields (431 beyond).
        public var maxHeaderCount: Int
        /// One chunk-size line, extensions included (400 beyond).
        public var maxChunkLineBytes: Int
        /// Body bytes unless the connection lowers it per request (413 beyond).
        public var maxBodyBytes: Int64

        public init(maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 32 * 1024, maxHeaderCount: Int = 100,
                    maxChunkLineBytes: Int = 4 * 1024, maxBodyBytes: Int64 = 512 << 20) {
            self.maxRequestLineBytes = maxRequestLineBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderCount = maxHeaderCount
            self.maxChunkLineBytes = maxChunkLineBytes
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// What the parser found next.
    public enum Event: Sendable, Equatable {
        case head(HTTPRequestHead)
        case body([UInt8])
        case end
    }

    enum State: Sendable, Equatable {
        case requestLine
        case headers(RequestLine, fields: [HTTPHeaders.Field], bytes: Int)
        case headEmitted(HTTPRequestHead)
        case body(remaining: Int64)
        case chunkSize
        case chunkData(remaining: Int64)
        case chunkDataEnd
        case trailers(bytes: Int)
        case failed(HTTPParseError)
    }

    struct RequestLine: Sendable, Equatable {
        var method: String
        var target: String
        var minorVersion: Int
    }

    public let limits: Limits
    var state = State.requestLine
    var buffer: [UInt8] = []
    var start = 0
    var bodyLimit: Int64
    var bodyReceived: Int64 = 0

    public init(limits: Limits = Limits()) {
        self.limits = limits
        self.bodyLimit = limits.maxBodyBytes
    }

    /// Adds bytes read from the connection.
    public mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Lowers the body limit of the current request (e.g. for a route that takes no upload).
    public mutating func limitBody(to maxBytes: Int64) {
        bodyLimit = min(maxBytes, limits.maxBodyBytes)
    }

    /// True between requests with nothing buffered: the idle keep-alive timeout applies
    /// (once a byte of the next request arrives, the header timeout does).
    public var isIdle: Bool { state == .requestLine && start == buffer.count }

    /// The next event, or `nil` when more bytes are needed.
    /// - Throws: the first framing or limit violation; the connection must answer and close.
    public mutating func nextEvent() throws(HTTPParseError) -> Event? {
        do {
            return try step()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private mutating func step() throws(HTTPParseError) -> Event? {
        while true {
            switch state {
            case .failed(let error):
                throw error
            case .requestLine:
                guard let line = try takeLine(limit: limits.maxRequestLineBytes, onOverflow: .requestLineTooLong) else { return nil }
                if line.isEmpty { continue }  // RFC 9112 §2.2: ignore empty lines before a request line.
                state = .headers(try Self.parseRequestLine(line), fields: [], bytes: 0)
            case .headers(let requestLine, var fields, let bytes):
                let remaining = limits.maxHeaderBytes - bytes
                guard let line = try takeLine(limit: remaining, onOverflow: .headersTooLarge) else { return nil }
                if line.isEmpty {
                    let head = try Self.makeHead(requestLine, fields: fields)
                    state = .headEmitted(head)
                    bodyReceived = 0
                    return .head(head)
                }
                fields.append(try Self.parseField(line))
                if fields.count > limits.maxHeaderCount { throw .headersTooLarge }
                state = .headers(requestLine, fields: fields, bytes: bytes + line.count + 2)
            case .headEmitted(let head):
                switch head.framing {
                case .none:
                    return finishMessage()
                case .contentLength(let length):
                    if length > bodyLimit { throw .contentTooLarge(limit: bodyLimit) }
                    state = .body(remaining: length)
                case .chunked:
                    state = .chunkSize
                }
            case .body(let remaining):
                if remaining == 0 { return finishMessage() }
                guard let bytes = takeBytes(upTo: remaining) else { return nil }
                state = .body(remaining: remaining - Int64(bytes.count))
                return .body(bytes)
            case .chunkSize:
                guard let line = try takeLine(limit: limits.maxChunkLineBytes, onOverflow: .badRequest("chunk-line-too-long", "a chunk-size line is longer than \(limits.maxChunkLineBytes) bytes")) else { return nil }
                let size = try Self.parseChunkSize(line)
                if size == 0 {
                    state = .trailers(bytes: 0)
                    continue
                }
                bodyReceived += size
                if bodyReceived > bodyLimit { throw .contentTooLarge(limit: bodyLimit) }
                state = .chunkData(remaining: size)
            case .chunkData(let remaining):
                guard let bytes = takeBytes(upTo: remaining) else { return nil }
                let left = remaining - Int64(bytes.count)
                state = left == 0 ? .chunkDataEnd : .chunkData(remaining: left)
                return .body(bytes)
            case .chunkDataEnd:
                guard buffer.count - start >= 2 else { return nil }
                guard buffer[start] == 13, buffer[start + 1] == 10 else {
                    throw .badRequest("invalid-chunk", "chunk data is not followed by CRLF")
                }
                start += 2
                state = .chunkSize
            case .trailers(let bytes):
                guard let line = try takeLine(limit: limits.maxHeaderBytes - bytes, onOverflow: .headersTooLarge) else { return nil }
                if line.isEmpty { return finishMessage() }
                _ = try Self.parseField(line)  // Validated, then dropped: no trailer changes how a request is handled.
                state = .trailers(bytes: bytes + line.count + 2)
            }
        }
    }

    private mutating func finishMessage() -> Event {
        state = .requestLine
        bodyLimit = limits.maxBodyBytes
        return .end
    }

    /// Up to `limit` buffered body bytes, or `nil` when none is buffered.
    private mutating func takeBytes(upTo limit: Int64) -> [UInt8]? {
        let available = buffer.count - start
        guard available > 0 else { return nil }
        let count = Int(min(Int64(available), limit))
        let bytes = Array(buffer[start ..< start + count])
        start += count
        return bytes
    }

    /// The next CRLF-terminated line without its terminator, or `nil` when incomplete.
    /// Bare CR and bare LF are refused: both have been used to smuggle requests.
    private mutating func takeLine(limit: Int, onOverflow: HTTPParseError) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        guard let newline = buffer[start...].firstIndex(of: 10) else {
            if buffer.count - start > limit + 1 { throw onOverflow }
            return nil
        }
        guard newline > start, buffer[newline - 1] == 13 else {
            throw .badRequest("bare-lf", "a line ends with LF without CR")
        }
        let line = buffer[start ..< newline - 1]
        if line.count > limit { throw onOverflow }
        if line.contains(13) { throw .badRequest("bare-cr", "a line contains a CR that is not followed by LF") }
        start = newline + 1
        return line
    }
}
