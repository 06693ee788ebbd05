import Foundation

/// A response the server sends: status, fields and a body held in memory (reports,
/// problem documents, JSON resources; uploads only flow the other way).
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// The route template that produced it (`/v1/analyses/{id}`), for logs and metrics;
    /// never sent.
    public var route: String?

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), route: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.route = route
    }

    /// The status line and header section, with `Content-Length`, `Date` and
    /// `Connection` set by the server. A `HEAD` response keeps the length of the GET body.
    func serializedHead(keepAlive: Bool, date: Date = Date()) -> Data {
        var fields = headers
        fields.set("Content-Length", String(body.count))
        fields.set("Date", HTTPDate.format(date))
        fields.set("Connection", keepAlive ? "keep-alive" : "close")
        var text = "HTTP/1.1 \(status) \(HTTPStatus.reason(for: status))\r\n"
        for field in fields where HTTPGrammar.isToken(field.name.utf8) && HTTPGrammar.isValidFieldValue(field.value) {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }
}

/// Reason phrases for the statuses the server sends.
enum HTTPStatus {
    static func reason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}

/// The two timestamp formats the server writes, both in UTC: the IMF-fixdate of
/// RFC 9110 §5.6.7 for `Date` fields, RFC 3339 with milliseconds for JSON and logs.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ date: Date) -> String {
        let parts = utcParts(date)
        return "\(days[Int(parts.tm_wday)]), \(pad(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)) GMT"
    }

    /// `1994-11-06T08:49:37.123Z`.
    static func rfc3339(_ date: Date) -> String {
        let parts = utcParts(date)
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)).\(pad(Int32(milliseconds), width: 3))Z"
    }

    private static func utcParts(_ date: Date) -> tm {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return parts
    }

    private static func pad(_ value: Int32, width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
