import Foundation

/// One repository for the dashboard: each branch with its latest analysis, and the trend
/// of its findings (the latest succeeded analysis of each bucket). Optional members are
/// omitted, never `null`.
struct RepositoryResource: Encodable, Sendable {
    struct Branch: Encodable, Sendable {
        var name: String?
        var analyses: Int
        var latestAnalysis: AnalysisResource
    }

    struct Trend: Encodable, Sendable {
        var branch: String?
        var bucket: String
        var since: String
        var until: String
        var items: [TrendPage.Item]
    }

    struct Links: Encodable, Sendable {
        var `self`: String
        /// The trend through `/v1/trends`, to page beyond what the page draws.
        var trends: String
    }

    var name: String
    var branches: [Branch]
    var trend: Trend
    var links: Links

    init(_ overview: RepositoryOverview) {
        let (summary, query, points) = (overview.summary, overview.trend, overview.points)
        name = summary.name
        branches = summary.branches.map { Branch(name: $0.name, analyses: $0.analyses, latestAnalysis: AnalysisResource($0.latest)) }
        let since = AnalysisResource.timestamp(query.since)
        let until = AnalysisResource.timestamp(query.until)
        trend = Trend(branch: query.branch, bucket: query.bucket.rawValue, since: since, until: until, items: points.map(TrendPage.Item.init))
        let parameters = [("repository", summary.name)] + (query.branch.map { [("branch", $0)] } ?? [])
            + [("bucket", query.bucket.rawValue), ("since", since), ("until", until)]
        let trends = TrendsAPI.trendsRoute + "?" + parameters.map { "\($0.0)=\(RepositoriesAPI.encoded($0.1))" }.joined(separator: "&")
        links = Links(self: RepositoriesAPI.path(of: summary.name), trends: trends)
    }
}
