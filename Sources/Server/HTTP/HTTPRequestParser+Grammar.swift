/// The RFC 9112 grammar of the request line, field lines and chunk-size lines, and the
/// framing decision (RFC 9112 §6) made once the header section is complete.
extension HTTPRequestParser {
    private static let space: UInt8 = 32
    private static let tab: UInt8 = 9

    static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> RequestLine {
        let parts = line.split(separator: space, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[1].isEmpty else {
            throw .badRequest("invalid-request-line", "the request line is not 'METHOD TARGET HTTP/1.1'")
        }
        guard HTTPGrammar.isToken(parts[0]) else {
            throw .badRequest("invalid-method", "the method is not a token")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        let minorVersion: Int
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            let shape = version.utf8.count == 8 && version.hasPrefix("HTTP/") && version.utf8.enumerated().allSatisfy { index, byte in
                index < 5 || (index == 6 ? byte == UInt8(ascii: ".") : (48...57).contains(byte))
            }
            if shape { throw HTTPParseError(status: 505, code: "http.version-not-supported", detail: "only HTTP/1.0 and HTTP/1.1 are served, not \(version)") }
            throw .badRequest("invalid-version", "the request line does not end with an HTTP version")
        }
        guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .badRequest("invalid-target", "the request target contains a control character or non-ASCII byte")
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = String(decoding: parts[1], as: UTF8.self)
        let lowered = target.lowercased()
        let isOrigin = target.hasPrefix("/")
        let isAbsolute = lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
        let isAsterisk = target == "*" && method == "OPTIONS"
        guard isOrigin || isAbsolute || isAsterisk else {
            throw .badRequest("invalid-target", "the request target '\(target.prefix(100))' is neither a path nor an absolute URL")
        }
        return RequestLine(method: method, target: target, minorVersion: minorVersion)
    }

    static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeaders.Field {
        guard let first = line.first else { throw .badRequest("invalid-field", "empty field line") }
        if first == space || first == tab {
            throw .badRequest("obsolete-line-folding", "a field line starts with whitespace (obsolete line folding)")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .badRequest("invalid-field", "a field line has no colon")
        }
        let name = line[line.startIndex ..< colon]
        if let last = name.last, last == space || last == tab {
            throw .badRequest("whitespace-before-colon", "whitespace between a field name and its colon")
        }
        guard HTTPGrammar.isToken(name) else {
            throw .badRequest("invalid-field-name", "a field name is empty or contains a character outside RFC 9110 tokens")
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == space || byte == tab { value = value.dropFirst() }
        while let byte = value.last, byte == space || byte == tab { value = value.dropLast() }
        guard value.allSatisfy(HTTPGrammar.isFieldValueByte) else {
            throw .badRequest("invalid-field-value", "the value of '\(String(decoding: name, as: UTF8.self))' contains a control character")
        }
        // Field values are ISO-8859-1 octets (RFC 9110 §5.5); decode each byte as one scalar.
        let text = String(String.UnicodeScalarView(value.map { Unicode.Scalar($0) }))
        return HTTPHeaders.Field(name: String(decoding: name, as: UTF8.self), value: text)
    }

    static func makeHead(_ line: RequestLine, fields: [HTTPHeaders.Field]) throws(HTTPParseError) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        for field in fields { headers.add(field.name, field.value) }
        let hosts = headers.values(for: "Host")
        if hosts.count > 1 { throw .badRequest("repeated-host", "the request has more than one Host field") }
        if line.minorVersion >= 1 && hosts.isEmpty { throw .badRequest("missing-host", "an HTTP/1.1 request needs a Host field") }
        if let host = hosts.first, host.contains(where: { " /\\?#@".contains($0) }) {
            throw .badRequest("invalid-host", "the Host field '\(host.prefix(100))' is not a host and port")
        }
        let expectations = headers.listElements(for: "Expect")
        if line.minorVersion >= 1 && headers.contains("Expect") && expectations != ["100-continue"] {
            throw HTTPParseError(status: 417, code: "http.expectation-failed", detail: "only 'Expect: 100-continue' is understood")
        }
        let framing = try framing(headers: headers, minorVersion: line.minorVersion)
        return HTTPRequestHead(method: line.method, target: line.target, minorVersion: line.minorVersion, headers: headers, framing: framing)
    }

    /// RFC 9112 §6.3: how long the body is, refusing every ambiguous combination.
    static func framing(headers: HTTPHeaders, minorVersion: Int) throws(HTTPParseError) -> HTTPRequestHead.Framing {
        let lengths = headers.values(for: "Content-Length")
        if headers.contains("Transfer-Encoding") {
            if minorVersion == 0 {
                throw .badRequest("transfer-encoding-in-http10", "an HTTP/1.0 request cannot use Transfer-Encoding")
            }
            if !lengths.isEmpty {
                throw .badRequest("content-length-with-transfer-encoding", "the request has both Content-Length and Transfer-Encoding")
            }
            let codings = headers.values(for: "Transfer-Encoding").flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { $0.trimmingCharacters(in: [" ", "\t"]).lowercased() }
            guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1, !codings.contains("") else {
                throw .badRequest("invalid-transfer-encoding", "Transfer-Encoding must end with 'chunked', applied once")
            }
            if codings.count > 1 {
                throw HTTPParseError(status: 501, code: "http.unsupported-transfer-coding", detail: "only the chunked transfer coding is supported, not '\(codings.dropLast().joined(separator: ", "))'")
            }
            return .chunked
        }
        guard let length = lengths.first else { return .none }
        if lengths.count > 1 || length.contains(",") {
            throw .badRequest("repeated-content-length", "the request has more than one Content-Length")
        }
        guard !length.isEmpty, length.utf8.count <= 18, length.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int64(length) else {
            throw .badRequest("invalid-content-length", "Content-Length '\(length.prefix(40))' is not a decimal number of bytes")
        }
        return .contentLength(value)
    }

    /// `chunk-size [ chunk-ext ]` (RFC 9112 §7.1): the size; extensions are checked and ignored.
    static func parseChunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int64 {
        let digits = line.prefix { isHexDigit($0) }
        guard !digits.isEmpty, digits.count <= 15, let size = Int64(String(decoding: digits, as: UTF8.self), radix: 16) else {
            throw .badRequest("invalid-chunk-size", "a chunk size is not a hexadecimal number")
        }
        try validateChunkExtensions(line[digits.endIndex...])
        return size
    }

    /// `*( BWS ";" BWS name [ BWS "=" BWS ( token / quoted-string ) ] )`.
    private static func validateChunkExtensions(_ extensions: ArraySlice<UInt8>) throws(HTTPParseError) {
        let invalid = HTTPParseError.badRequest("invalid-chunk-extension", "a chunk extension is malformed")
        var rest = extensions
        func skipWhitespace() { while let byte = rest.first, byte == space || byte == tab { rest = rest.dropFirst() } }
        func takeToken() -> ArraySlice<UInt8> {
            let token = rest.prefix(while: HTTPGrammar.isTokenByte)
            rest = rest.dropFirst(token.count)
            return token
        }
        skipWhitespace()
        while !rest.isEmpty {
            guard rest.first == UInt8(ascii: ";") else { throw invalid }
            rest = rest.dropFirst()
            skipWhitespace()
            guard !takeToken().isEmpty else { throw invalid }
            skipWhitespace()
            guard rest.first == UInt8(ascii: "=") else { continue }
            rest = rest.dropFirst()
            skipWhitespace()
            if rest.first == UInt8(ascii: "\"") {
                rest = rest.dropFirst()
                var closed = false
                while let byte = rest.first {
                    rest = rest.dropFirst()
                    if byte == UInt8(ascii: "\\") {
                        guard let escaped = rest.first, HTTPGrammar.isFieldValueByte(escaped) else { throw invalid }
                        rest = rest.dropFirst()
                    } else if byte == UInt8(ascii: "\"") {
                        closed = true
                        break
                    } else if !HTTPGrammar.isFieldValueByte(byte) {
                        throw invalid
                    }
                }
                guard closed else { throw invalid }
            } else if takeToken().isEmpty {
                throw invalid
            }
            skipWhitespace()
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }
}
