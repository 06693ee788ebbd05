import Analysis
import Foundation

/// `/v1/trends`: findings over time, for dashboards, answered from the summaries and rule
/// counts (by severity, where stored) kept when each analysis finished (no report is read).
struct TrendsAPI: Sendable {
    let context: ServiceContext

    static let trendsRoute = "/v1/trends"
    /// The default span of a trend without `since`.
    static let defaultSpan: TimeInterval = 30 * 86_400
    /// The longest span asked at once (ten years).
    static let maxSpan: TimeInterval = 3_660 * 86_400

    var routes: [Router.Route] {
        [
            Router.Route(method: "GET", template: Self.trendsRoute, role: .read) { request in
                AnalysesAPI.run { () throws(Problem) in try trends(request) }
            },
        ]
    }

    /// `?repository=` (required) `&branch=&since=&until=&bucket=day|week&limit=&cursor=`.
    private func trends(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        guard let given = try request.queryValue("repository"), !given.isEmpty else {
            throw .invalidParameter("repository", "is required")
        }
        var query = try Self.query(request, repository: RepositoryName.filed(given), limit: try Self.limit(request))
        if let cursor = try request.queryValue("cursor") {
            guard let seconds = ListCursor.decode(text: cursor, prefix: "t1:").flatMap(Int64.init) else {
                throw .invalidParameter("cursor", "is not a cursor this server issued")
            }
            query.after = Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        let page: (points: [AnalysisStore.TrendPoint], more: Bool)
        do {
            page = try context.store.trends(query)
        } catch {
            throw .storage(error)
        }
        let nextCursor = page.more ? page.points.last.map { ListCursor.encode(text: "t1:\(Int64($0.bucketStart.timeIntervalSince1970))") } : nil
        return .json(TrendPage(repository: query.repository, branch: query.branch, bucket: query.bucket.rawValue,
                               since: AnalysisResource.timestamp(query.since), until: AnalysisResource.timestamp(query.until),
                               items: page.points.map(TrendPage.Item.init), nextCursor: nextCursor,
                               links: .init(next: nextCursor.map { AnalysesAPI.nextLink(request, path: Self.trendsRoute, cursor: $0) })))
    }

    /// The trend of `repository` that `?branch=&since=&until=&bucket=day|week` ask for
    /// (default: every branch, the 30 days to now, by day).
    static func query(_ request: APIRequest, repository: String, limit: Int) throws(Problem) -> AnalysisStore.TrendQuery {
        let until = try date(request, "until") ?? Date()
        let since = try date(request, "since") ?? until.addingTimeInterval(-defaultSpan)
        guard since < until else { throw .invalidParameter("since", "must be before until") }
        guard until.timeIntervalSince(since) <= maxSpan else { throw .invalidParameter("since", "must be at most 3660 days before until") }
        var bucket = AnalysisStore.TrendBucket.day
        if let given = try request.queryValue("bucket") {
            guard let parsed = AnalysisStore.TrendBucket(rawValue: given) else { throw .invalidParameter("bucket", "must be day or week") }
            bucket = parsed
        }
        return AnalysisStore.TrendQuery(repository: repository, branch: try request.queryValue("branch"), since: since, until: until,
                                        bucket: bucket, limit: limit)
    }

    /// `?limit=`, 1 to 100 (default 100).
    static func limit(_ request: APIRequest) throws(Problem) -> Int {
        guard let given = try request.queryValue("limit") else { return 100 }
        guard let parsed = Int(given), (1...100).contains(parsed) else { throw .invalidParameter("limit", "must be a whole number from 1 to 100") }
        return parsed
    }

    /// An RFC 3339 date-time (`2026-11-30T12:00:00Z`, fractions and offsets allowed) or a full date (`2026-11-30`, midnight UTC).
    static func date(_ request: APIRequest, _ name: String) throws(Problem) -> Date? {
        guard let text = try request.queryValue(name) else { return nil }
        let formats: [ISO8601DateFormatter.Options] = [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate]]
        for options in formats {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        throw .invalidParameter(name, "must be an RFC 3339 date-time or a date (YYYY-MM-DD)")
    }
}

/// A trend: one item per bucket that has a succeeded analysis.
struct TrendPage: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        var bucketStart: String
        var analysisId: String
        var createdAt: String
        var errors: Int
        var warnings: Int
        var infos: Int
        var classes: Int
        /// Findings per rule id.
        var rules: [String: Int]
        /// The same findings by severity, for every rule of `rules` whose severities were
        /// stored; a rule missing here was counted by a release that kept totals only.
        var ruleSeverities: [String: SeverityCounts]

        init(_ point: AnalysisStore.TrendPoint) {
            bucketStart = AnalysisResource.timestamp(point.bucketStart)
            analysisId = point.analysisID
            createdAt = AnalysisResource.timestamp(point.createdAt)
            errors = point.summary.errors
            warnings = point.summary.warnings
            infos = point.summary.infos
            classes = point.summary.classes
            rules = point.ruleCounts
            ruleSeverities = point.ruleSeverities
        }
    }

    var repository: String
    var branch: String?
    var bucket: String
    var since: String
    var until: String
    var items: [Item]
    var nextCursor: String?
    var links: AnalysisPage.Links
}
