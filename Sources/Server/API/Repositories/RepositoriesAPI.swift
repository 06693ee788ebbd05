import Analysis
import Foundation

/// `/v1/repositories…`: the repositories seen in uploads, and a page per repository for the
/// dashboard (each branch's latest analysis and its findings over time, as JSON or as an
/// HTML page with inline SVG charts), answered from the stored records, summaries and rule
/// counts (no report is read).
struct RepositoriesAPI: Sendable {
    let context: ServiceContext

    static let collection = "/v1/repositories"
    /// `{repository}` is one path segment: the name with its slashes percent-encoded
    /// (`github.com%2Facme%2Fapp`), as GitLab addresses projects by path.
    static let item = "/v1/repositories/{repository}"
    /// The most buckets a repository page draws.
    static let maxBuckets = 100

    var routes: [Router.Route] {
        [
            Router.Route(method: "GET", template: Self.collection, role: .read) { request in
                AnalysesAPI.run { () throws(Problem) in try list(request) }
            },
            Router.Route(method: "GET", template: Self.item, role: .read) { request in
                AnalysesAPI.run { () throws(Problem) in try show(request) }
            },
        ]
    }

    /// The path of the page of repository `name`.
    static func path(of name: String) -> String {
        collection + "/" + encoded(name)
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded (`/`
    /// and `+` included), for a path segment or a query value.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `?limit=&cursor=`, in name order.
    private func list(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        let limit = try TrendsAPI.limit(request)
        var after: String?
        if let cursor = try request.queryValue("cursor") {
            guard let name = ListCursor.decode(text: cursor, prefix: "r1:") else { throw .invalidParameter("cursor", "is not a cursor this server issued") }
            after = name
        }
        let found: [AnalysisStore.RepositorySummary]
        do {
            // One extra repository tells whether another page exists.
            found = try context.store.repositories(limit: limit + 1, after: after)
        } catch {
            throw .storage(error)
        }
        let page = Array(found.prefix(limit))
        let nextCursor = found.count > limit ? page.last.map { ListCursor.encode(text: "r1:\($0.name)") } : nil
        return .json(RepositoryPage(items: page.map(RepositoryPage.Item.init), nextCursor: nextCursor,
                                    links: .init(next: nextCursor.map { AnalysesAPI.nextLink(request, path: Self.collection, cursor: $0) })))
    }

    /// `?branch=&since=&until=&bucket=day|week` choose the trend (at most ``maxBuckets``
    /// buckets); `?format=json|html` or `Accept` the representation.
    private func show(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        let given = request.pathParameters["repository"] ?? ""
        let query = try TrendsAPI.query(request, repository: RepositoryName.filed(given), limit: Self.maxBuckets)
        guard query.until.timeIntervalSince(query.since) <= Double(Self.maxBuckets) * query.bucket.width else {
            throw .invalidParameter("since", "must be at most \(Self.maxBuckets) \(query.bucket.rawValue)s before until on a repository page; "
                                        + "ask for bucket=week, or page through /v1/trends")
        }
        let overview: RepositoryOverview
        do {
            guard let summary = try context.store.repository(named: query.repository) else {
                throw Problem.notFound("no analysis names the repository '\(given.prefix(200))'")
            }
            overview = RepositoryOverview(summary: summary, trend: query, points: try context.store.trends(query).points)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .storage(error)
        }
        let headers = HTTPHeaders([("Vary", "Accept")])
        guard try Self.wantsPage(request) else { return .json(RepositoryResource(overview), headers: headers) }
        return .page(overview.page { context.links.page(of: $0, base: "") }, headers: headers)
    }

    /// `?format=html`, else an `Accept` that prefers `text/html` (a browser); JSON otherwise.
    private static func wantsPage(_ request: APIRequest) throws(Problem) -> Bool {
        switch try request.queryValue("format")?.lowercased() {
        case nil: ReportFormat.negotiate(accept: request.head.headers["Accept"]) == .html
        case "html": true
        case "json": false
        case let other?: throw .invalidParameter("format", "must be json or html, not '\(other.prefix(50))'")
        }
    }
}

/// The repositories seen, with their branches and latest analysis.
struct RepositoryPage: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        struct Branch: Encodable, Sendable {
            var name: String?
            var analyses: Int
            var latestAnalysisId: String
        }

        var name: String
        var branches: [Branch]
        var latestAnalysis: AnalysisResource

        init(_ summary: AnalysisStore.RepositorySummary) {
            name = summary.name
            branches = summary.branches.map { Branch(name: $0.name, analyses: $0.analyses, latestAnalysisId: $0.latest.id) }
            latestAnalysis = AnalysisResource(summary.latest)
        }
    }

    var items: [Item]
    var nextCursor: String?
    var links: AnalysisPage.Links
}
