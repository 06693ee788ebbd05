/// Matches a method and path to a route template (`/v1/analyses/{id}`), telling 404 (no
/// such path) from 405 (path exists, method does not; with `Allow`).
struct Router: Sendable {
    /// One endpoint: method, template, the role it needs (`nil`: open), whether a signed
    /// report link (``ReportLinkSigner``) for its `{id}` stands in for that role, and its handler.
    struct Route: Sendable {
        var method: String
        var template: String
        var role: Role?
        var opensWithSignedLink = false
        var handler: @Sendable (APIRequest) -> HTTPResponderDecision

        var segments: [Substring] { template.split(separator: "/", omittingEmptySubsequences: false) }
    }

    /// The result of matching.
    enum Match {
        case found(Route, parameters: [String: String])
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    var routes: [Route]

    func match(method: String, path: String) -> Match {
        let pathSegments = path.split(separator: "/", omittingEmptySubsequences: false)
        var allowed: [String] = []
        for route in routes {
            guard let parameters = Self.parameters(template: route.segments, path: pathSegments) else { continue }
            if route.method == method || (method == "HEAD" && route.method == "GET") {
                return .found(route, parameters: parameters)
            }
            allowed.append(route.method)
            if route.method == "GET" { allowed.append("HEAD") }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: Array(Set(allowed)).sorted())
    }

    /// The `{name}` values when `path` fits `template`.
    private static func parameters(template: [Substring], path: [Substring]) -> [String: String]? {
        guard template.count == path.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(template, path) {
            if expected.hasPrefix("{") && expected.hasSuffix("}") {
                guard !actual.isEmpty, let decoded = String(actual).removingPercentEncoding else { return nil }
                parameters[String(expected.dropFirst().dropLast())] = decoded
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
