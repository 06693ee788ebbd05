import Foundation

/// A parsed request line and header section, with the framing the parser derived from
/// them. The connection decides on it (route, auth, size, `100-continue`) before a single
/// body byte is read.
public struct HTTPRequestHead: Sendable, Equatable {
    /// How the body is delimited (RFC 9112 §6.3).
    public enum Framing: Sendable, Equatable {
        case none
        case contentLength(Int64)
        case chunked
    }

    public var method: String
    /// The request target as sent (origin-form or absolute-form).
    public var target: String
    /// `HTTP/1.x` minor version: 0 or 1.
    public var minorVersion: Int
    public var headers: HTTPHeaders
    public var framing: Framing

    public init(method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders, framing: Framing = .none) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.framing = framing
    }

    /// The path component of the target, still percent-encoded.
    public var path: String {
        var rest = Substring(target)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return String(rest)
    }

    /// The query string after `?`, or empty.
    public var query: String {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        let afterMark = target[target.index(after: mark)...]
        return String(afterMark.prefix { $0 != "#" })
    }

    /// Whether the connection stays open after this request (RFC 9112 §9.3).
    public var keepAlive: Bool {
        let options = headers.listElements(for: "Connection")
        if options.contains("close") { return false }
        return minorVersion >= 1 || options.contains("keep-alive")
    }

    /// Whether the client waits for `100 Continue` before sending the body.
    public var expectsContinue: Bool {
        minorVersion >= 1 && headers.listElements(for: "Expect").contains("100-continue")
    }

    /// Whether a body follows the head.
    public var hasBody: Bool {
        switch framing {
        case .none, .contentLength(0): false
        case .contentLength, .chunked: true
        }
    }
}
