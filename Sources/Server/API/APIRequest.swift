import Foundation

/// A request as a handler sees it: the head, the matched route's path parameters, the
/// decoded query, and the roles its token grants.
struct APIRequest: Sendable {
    var context: HTTPRequestContext
    var route: String
    var pathParameters: [String: String]
    var query: [(name: String, value: String)]

    var head: HTTPRequestHead { context.head }

    /// The single value of query parameter `name`; repeating it is an error.
    func queryValue(_ name: String) throws(Problem) -> String? {
        let values = query.filter { $0.name == name }.map(\.value)
        if values.count > 1 { throw Problem.invalidParameter(name, "is given more than once") }
        return values.first
    }

    /// Decodes `a=1&b=x%20y` (`+` is a space, as in forms).
    static func decodeQuery(_ query: String) throws(Problem) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for item in query.split(separator: "&") where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecode(parts[0]), let value = percentDecode(parts.count > 1 ? parts[1] : "") else {
                throw Problem(code: "request.invalid-query", title: "Bad Request", status: 400, detail: "the query string is not valid percent-encoding")
            }
            pairs.append((name, value))
        }
        return pairs
    }

    private static func percentDecode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

extension Problem {
    static func invalidParameter(_ name: String, _ reason: String) -> Problem {
        Problem(code: "request.invalid-parameter", title: "Bad Request", status: 400, detail: "'\(name)' \(reason)")
    }

    static func notFound(_ detail: String) -> Problem {
        Problem(code: "request.not-found", title: "Not Found", status: 404, detail: detail)
    }

    static let unauthorized = Problem(code: "auth.unauthorized", title: "Unauthorized", status: 401,
                                      detail: "send 'Authorization: Bearer TOKEN' with a valid token")

    static func forbidden(needs role: Role) -> Problem {
        Problem(code: "auth.forbidden", title: "Forbidden", status: 403, detail: "this token lacks the '\(role.rawValue)' role")
    }

    static let draining = Problem(code: "server.draining", title: "Service Unavailable", status: 503,
                                  detail: "the server is shutting down and takes no new work; retry on another instance")

    static func storage(_ error: any Error) -> Problem {
        Problem(code: "server.storage-unavailable", title: "Service Unavailable", status: 503, detail: "the database cannot be used right now: \(error)")
    }
}
