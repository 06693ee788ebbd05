import Analysis
import Foundation

extension AnalysisStore {
    /// The width of a trend bucket: UTC days, or ISO weeks starting on Monday 00:00 UTC.
    public enum TrendBucket: String, Sendable, CaseIterable {
        case day, week

        /// Seconds in a bucket (UTC has no daylight saving time).
        public var width: TimeInterval { self == .day ? 86_400 : 7 * 86_400 }

        /// The start of the bucket holding `date`.
        public func start(of date: Date) -> Date {
            let day = (date.timeIntervalSince1970 / 86_400).rounded(.down)
            switch self {
            case .day: return Date(timeIntervalSince1970: day * 86_400)
            // 1970-01-01 was a Thursday: Monday is three days later in the cycle of seven.
            case .week: return Date(timeIntervalSince1970: (day - (day + 3).truncatingRemainder(dividingBy: 7)) * 86_400)
            }
        }
    }

    /// One repository's trend over `[since, until)`, `limit` buckets after `after`.
    public struct TrendQuery: Sendable, Equatable {
        public var repository: String
        public var branch: String?
        public var since: Date
        public var until: Date
        public var bucket: TrendBucket
        public var limit: Int
        /// Only buckets starting after this one (the cursor).
        public var after: Date?

        public init(repository: String, branch: String? = nil, since: Date, until: Date, bucket: TrendBucket = .day, limit: Int = 100, after: Date? = nil) {
            self.repository = repository
            self.branch = branch
            self.since = since
            self.until = until
            self.bucket = bucket
            self.limit = limit
            self.after = after
        }
    }

    /// One bucket of a trend: the latest succeeded analysis uploaded in it, its summary and
    /// its findings per rule, in all and by severity.
    public struct TrendPoint: Sendable, Equatable {
        public var bucketStart: Date
        public var analysisID: String
        public var createdAt: Date
        public var summary: Report.Summary
        /// Findings per rule id, of any severity.
        public var ruleCounts: [String: Int]
        /// The same findings by severity, for the rules whose severities were stored: none
        /// when the analysis was stored before migration 7 or by a node of an earlier release.
        public var ruleSeverities: [String: SeverityCounts] = [:]
    }

    /// Up to `limit` buckets oldest first, from the stored summaries and rule counts (no
    /// report is read), and whether later buckets exist.
    public func trends(_ query: TrendQuery) throws -> (points: [TrendPoint], more: Bool) {
        var conditions = ["status = 'succeeded'", "repository = ?", "created_at >= ?", "created_at < ?"]
        var parameters: [DatabaseValue] = [.text(RepositoryName.filed(query.repository)), .real(query.since.timeIntervalSince1970), .real(query.until.timeIntervalSince1970)]
        if let branch = query.branch {
            conditions.append("branch = ?")
            parameters.append(.text(branch))
        }
        if let after = query.after {
            // Analyses of later buckets only: everything from the start of the next bucket.
            conditions.append("created_at >= ?")
            parameters.append(.real(query.bucket.start(of: after).addingTimeInterval(query.bucket.width).timeIntervalSince1970))
        }
        return try withDatabase { database in
            var points: [TrendPoint] = []
            var more = false
            // Oldest first; within a bucket a later analysis replaces an earlier one.
            for row in try database.query("""
                SELECT id, created_at, summary FROM analyses WHERE \(conditions.joined(separator: " AND ")) ORDER BY created_at, seq
                """, parameters) {
                guard let id = row.text("id"), let created = row.date("created_at"), let summaryJSON = row.blob("summary"),
                      let summary = try? JSONDecoder().decode(Report.Summary.self, from: summaryJSON) else { continue }
                let start = query.bucket.start(of: created)
                let point = TrendPoint(bucketStart: start, analysisID: id, createdAt: created, summary: summary, ruleCounts: [:])
                if points.last?.bucketStart == start {
                    points[points.count - 1] = point
                } else if points.count == query.limit {
                    more = true
                    break
                } else {
                    points.append(point)
                }
            }
            for index in points.indices {
                for row in try database.query("""
                    SELECT rule, findings, errors, warnings, infos FROM analysis_rule_counts WHERE analysis_id = ?
                    """, [.text(points[index].analysisID)]) {
                    guard let rule = row.text("rule") else { continue }
                    points[index].ruleCounts[rule] = Int(row.integer("findings") ?? 0)
                    if let errors = row.integer("errors"), let warnings = row.integer("warnings"), let infos = row.integer("infos") {
                        points[index].ruleSeverities[rule] = SeverityCounts(errors: Int(errors), warnings: Int(warnings), infos: Int(infos))
                    }
                }
            }
            return (points, more)
        }
    }

    /// A repository seen in uploads: its branches, each with its analysis count and latest
    /// analysis, and the latest analysis of the repository.
    public struct RepositorySummary: Sendable, Equatable {
        public struct Branch: Sendable, Equatable {
            public var name: String?
            public var analyses: Int
            /// The branch's latest upload, whatever its status.
            public var latest: AnalysisRecord
        }

        public var name: String
        public var branches: [Branch]
        public var latest: AnalysisRecord
    }

    /// Repositories in name order, `limit` after the name `after`.
    public func repositories(limit: Int, after: String?) throws -> [RepositorySummary] {
        try withDatabase { database in
            let names = try database.query("""
                SELECT DISTINCT repository FROM analyses WHERE repository IS NOT NULL AND repository > ? ORDER BY repository LIMIT ?
                """, [.text(after ?? ""), .integer(Int64(limit))]).compactMap { $0.text("repository") }
            return try names.compactMap { try Self.summary(of: $0, in: database) }
        }
    }

    /// The repository filed as `name` (any form of it: ``RepositoryName``); `nil` when no
    /// upload names it.
    public func repository(named name: String) throws -> RepositorySummary? {
        try withDatabase { try Self.summary(of: RepositoryName.filed(name), in: $0) }
    }

    /// The branches of `name` in name order, each with its latest analysis (the highest
    /// sequence number), and the latest of them all.
    private static func summary(of name: String, in database: any DatabaseConnection) throws -> RepositorySummary? {
        var branches: [RepositorySummary.Branch] = []
        for row in try database.query("""
            SELECT branch, COUNT(*) AS analyses, MAX(seq) AS latest FROM analyses WHERE repository = ? GROUP BY branch ORDER BY branch
            """, [.text(name)]) {
            guard let latest = try database.query("SELECT \(AnalysisRecord.columns) FROM analyses WHERE seq = ?",
                                                  [.integer(row.integer("latest") ?? 0)]).first else { continue }
            branches.append(.init(name: row.text("branch"), analyses: Int(row.integer("analyses") ?? 0), latest: try AnalysisRecord(row: latest)))
        }
        guard let newest = branches.max(by: { $0.latest.sequence < $1.latest.sequence }) else { return nil }
        return RepositorySummary(name: name, branches: branches, latest: newest.latest)
    }
}
