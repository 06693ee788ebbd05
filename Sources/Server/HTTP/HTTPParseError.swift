/// Why a request could not be parsed: the response status it maps to, a stable problem
/// code and a sentence naming the offending part. After any of these the connection closes.
public struct HTTPParseError: Error, Sendable, Equatable {
    public var status: Int
    /// Stable problem code, e.g. `http.invalid-content-length`.
    public var code: String
    public var detail: String

    public init(status: Int, code: String, detail: String) {
        self.status = status
        self.code = code
        self.detail = detail
    }

    static func badRequest(_ code: String, _ detail: String) -> Self {
        Self(status: 400, code: "http.\(code)", detail: detail)
    }

    static let requestLineTooLong = Self(status: 414, code: "http.uri-too-long", detail: "the request line is longer than allowed")
    static let headersTooLarge = Self(status: 431, code: "http.header-fields-too-large", detail: "the header section is larger than allowed")

    static func contentTooLarge(limit: Int64) -> Self {
        Self(status: 413, code: "http.content-too-large", detail: "the request body is larger than \(limit) bytes")
    }
}
