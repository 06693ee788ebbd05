import Analysis
import Foundation

/// The durable state of every analysis, in SQLite or PostgreSQL: the job queue is the
/// `analyses` table itself, so whatever was accepted survives a crash.
public final class AnalysisStore: Sendable {
    /// The outcome of inserting an upload.
    public enum InsertOutcome: Sendable, Equatable {
        case created(AnalysisRecord)
        /// The idempotency key was used before with the same request: the first analysis.
        case replayed(AnalysisRecord)
        /// The idempotency key was used before with a different request.
        case keyReused(AnalysisRecord)
    }

    /// How a finished analysis ended.
    public enum Outcome: Sendable {
        /// `ruleSeverities`: findings per rule id by severity, kept for trends.
        case succeeded(report: Data, summary: Report.Summary, projectName: String, ruleSeverities: [String: SeverityCounts] = [:])
        case failed(AnalysisRecord.Failure)
    }

    /// The filters and page of a listing, newest first.
    public struct ListQuery: Sendable, Equatable {
        public var repository: String?
        public var branch: String?
        public var status: AnalysisRecord.Status?
        public var limit: Int
        /// Only analyses inserted before this sequence number (the cursor).
        public var beforeSequence: Int64?

        public init(repository: String? = nil, branch: String? = nil, status: AnalysisRecord.Status? = nil, limit: Int = 20, beforeSequence: Int64? = nil) {
            self.repository = repository
            self.branch = branch
            self.status = status
            self.limit = limit
            self.beforeSequence = beforeSequence
        }
    }

    public let database: Database
    private let hooks = Locked<[any AnalysisCompletionHook]>([])

    /// A store in `database`, whose schema is up to date.
    public init(database: Database) {
        self.database = database
    }

    /// Opens or creates the SQLite database at `path` and brings its schema up to date.
    public convenience init(path: String, migrations: [Migration] = Migration.all) throws {
        self.init(database: try Database(.sqlite(path: path), migrations: migrations))
    }

    /// Registers a hook run inside every finishing transaction.
    public func addCompletionHook(_ hook: any AnalysisCompletionHook) {
        hooks.withLock { $0.append(hook) }
    }

    /// Runs `body` with a connection that no one else uses meanwhile.
    @discardableResult
    public func withDatabase<Result>(_ body: (any DatabaseConnection) throws -> Result) throws -> Result {
        try database.withConnection(body)
    }

    /// Stores `record` (its repository under its canonical ``RepositoryName``, so that every
    /// form of one repository's name shares one history).
    public func insert(_ record: AnalysisRecord) throws -> InsertOutcome {
        var record = record
        record.metadata.repository = record.metadata.repository.map(RepositoryName.filed)
        return try withDatabase { database in
            do {
                let placeholders = Array(repeating: "?", count: record.insertValues.count).joined(separator: ", ")
                try database.query("INSERT INTO analyses (\(AnalysisRecord.insertColumns)) VALUES (\(placeholders))", record.insertValues)
            } catch is DatabaseConstraintViolation {
                guard let key = record.idempotencyKey,
                      let first = try database.query("SELECT \(AnalysisRecord.columns) FROM analyses WHERE idempotency_key = ?", [.text(key)]).first
                else { throw ServerError.database("an analysis with id \(record.id) already exists") }
                let existing = try AnalysisRecord(row: first)
                return existing.requestFingerprint == record.requestFingerprint ? .replayed(existing) : .keyReused(existing)
            }
            try Self.announce(.queued, id: record.id, in: database)
            return .created(try fetch(record.id, in: database) ?? record)
        }
    }

    public func record(id: String) throws -> AnalysisRecord? {
        try withDatabase { try fetch(id, in: $0) }
    }

    /// The stored report JSON of a succeeded analysis.
    public func report(id: String) throws -> Data? {
        try withDatabase { try $0.query("SELECT report FROM analyses WHERE id = ?", [.text(id)]).first?.blob("report") }
    }

    public func list(_ query: ListQuery) throws -> [AnalysisRecord] {
        var conditions: [String] = []
        var parameters: [DatabaseValue] = []
        if let repository = query.repository { conditions.append("repository = ?"); parameters.append(.text(RepositoryName.filed(repository))) }
        if let branch = query.branch { conditions.append("branch = ?"); parameters.append(.text(branch)) }
        if let status = query.status { conditions.append("status = ?"); parameters.append(.text(status.rawValue)) }
        if let before = query.beforeSequence { conditions.append("seq < ?"); parameters.append(.integer(before)) }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        parameters.append(.integer(Int64(query.limit)))
        return try withDatabase { database in
            try database.query("SELECT \(AnalysisRecord.columns) FROM analyses \(filter) ORDER BY seq DESC LIMIT ?", parameters)
                .map(AnalysisRecord.init(row:))
        }
    }

    /// Deletes the row; returns it so that the caller removes its upload.
    public func delete(id: String) throws -> AnalysisRecord? {
        try withDatabase { database in
            guard let record = try fetch(id, in: database) else { return nil }
            try database.query("DELETE FROM analyses WHERE id = ?", [.text(id)])
            return record
        }
    }

    /// Who claims, for how long, and how many starts an analysis gets.
    public struct ClaimPolicy: Sendable, Equatable {
        /// The node id recorded with the claim (`--node-id`).
        public var node: String
        /// Seconds a claim holds without renewal.
        public var lease: TimeInterval
        /// An analysis whose lease expired after this many starts fails as interrupted.
        public var maxAttempts: Int

        public init(node: String = "local", lease: TimeInterval = 3600, maxAttempts: Int = 3) {
            self.node = node
            self.lease = lease
            self.maxAttempts = maxAttempts
        }
    }

    /// Moves the oldest analysis that is queued, or running under an expired lease (its node
    /// died), to `running` under a lease of this node, and returns it. On PostgreSQL the row
    /// is locked with `SKIP LOCKED`, so nodes claiming at once take different analyses. An
    /// expired one already started `maxAttempts` times fails visibly instead (completion
    /// hooks included) and the next one is tried.
    public func claimNext(_ policy: ClaimPolicy = ClaimPolicy(), now: Date = Date()) throws -> AnalysisRecord? {
        let hooks = self.hooks.current
        return try withDatabase { database in
            try database.transaction {
                // Bounded: every turn but the last fails one analysis.
                for _ in 0 ..< 100 {
                    guard let row = try database.query("""
                        SELECT id, status, attempts FROM analyses
                        WHERE status = 'queued' OR (status = 'running' AND lease_expires_at < ?)
                        ORDER BY seq LIMIT 1\(database.dialect.claimLock(of: "analyses"))
                        """, [.real(now.timeIntervalSince1970)]).first, let id = row.text("id") else { return nil }
                    if row.text("status") == "running", (row.integer("attempts") ?? 0) >= Int64(policy.maxAttempts) {
                        let failure = AnalysisRecord.Failure.interrupted(attempts: policy.maxAttempts)
                        try database.query("""
                            UPDATE analyses SET status = 'failed', finished_at = ?, error_code = ?, error_message = ?, lease_expires_at = NULL
                            WHERE id = ?
                            """, [.real(now.timeIntervalSince1970), .text(failure.code), .text(failure.message), .text(id)])
                        if let record = try fetch(id, in: database) {
                            for hook in hooks { try hook.analysisDidFinish(record, in: database) }
                        }
                        try Self.announce(.finished, id: id, in: database)
                        continue
                    }
                    try database.query("""
                        UPDATE analyses SET status = 'running', started_at = ?, attempts = attempts + 1, lease_expires_at = ?, claimed_by = ?
                        WHERE id = ?
                        """, [.real(now.timeIntervalSince1970), .real(now.addingTimeInterval(policy.lease).timeIntervalSince1970),
                              .text(policy.node), .text(id)])
                    return try fetch(id, in: database)
                }
                return nil
            }
        }
    }

    /// Extends the leases of `claims` (analysis id to the attempt that claimed it) that are
    /// still running under that attempt; returns the ids whose lease was lost to another node.
    @discardableResult
    public func renewLeases(_ claims: [String: Int], lease: TimeInterval, now: Date = Date()) throws -> [String] {
        guard !claims.isEmpty else { return [] }
        return try withDatabase { database in
            var lost: [String] = []
            for (id, attempt) in claims.sorted(by: { $0.key < $1.key }) {
                try database.query("UPDATE analyses SET lease_expires_at = ? WHERE id = ? AND status = 'running' AND attempts = ?",
                                   [.real(now.addingTimeInterval(lease).timeIntervalSince1970), .text(id), .integer(Int64(attempt))])
                if database.changes == 0 { lost.append(id) }
            }
            return lost
        }
    }

    /// What a PostgreSQL `NOTIFY` tells the other nodes.
    enum Announcement: String, CaseIterable {
        /// An analysis was queued: an idle worker may claim it.
        case queued = "nibscan_queued"
        /// An analysis finished: `?wait=` requests re-read theirs.
        case finished = "nibscan_finished"
    }

    /// Notifies every node listening (PostgreSQL; a no-op on SQLite, where one node knows
    /// already). Inside a transaction, it is delivered when that commits.
    static func announce(_ announcement: Announcement, id: String, in database: any DatabaseConnection) throws {
        guard database.dialect == .postgres else { return }
        try database.query("SELECT pg_notify(?, ?)", [.text(announcement.rawValue), .text(id)])
    }

    /// Marks a running analysis finished and runs the completion hooks, in one transaction.
    /// Returns `nil` (changing nothing) when the analysis was deleted, handed back or
    /// claimed again since `attempt` started.
    public func finish(id: String, attempt: Int, outcome: Outcome, now: Date = Date()) throws -> AnalysisRecord? {
        let hooks = self.hooks.current
        return try withDatabase { database in
            try database.transaction {
                let finishedAt = DatabaseValue.real(now.timeIntervalSince1970)
                let guardClause = "WHERE id = ? AND status = 'running' AND attempts = ?"
                let key: [DatabaseValue] = [.text(id), .integer(Int64(attempt))]
                let updated: Bool
                switch outcome {
                case .succeeded(let report, let summary, let projectName, let ruleSeverities):
                    let summaryJSON = try Report.makeJSONEncoder(pretty: false).encode(summary)
                    try database.query("""
                        UPDATE analyses SET status = 'succeeded', finished_at = ?, report = ?, summary = ?, project_name = ?,
                        error_code = NULL, error_message = NULL \(guardClause)
                        """, [finishedAt, .blob(report), .text(String(decoding: summaryJSON, as: UTF8.self)), .text(projectName)] + key)
                    updated = database.changes == 1
                    if updated {
                        for (rule, counts) in ruleSeverities.sorted(by: { $0.key < $1.key }) {
                            let numbers = [counts.total, counts.errors, counts.warnings, counts.infos].map { DatabaseValue.integer(Int64($0)) }
                            try database.query("""
                                INSERT INTO analysis_rule_counts (analysis_id, rule, findings, errors, warnings, infos) VALUES (?, ?, ?, ?, ?, ?)
                                """, [.text(id), .text(rule)] + numbers)
                        }
                    }
                case .failed(let failure):
                    try database.query("UPDATE analyses SET status = 'failed', finished_at = ?, error_code = ?, error_message = ? \(guardClause)",
                                       [finishedAt, .text(failure.code), .text(failure.message)] + key)
                    updated = database.changes == 1
                }
                guard updated, let record = try fetch(id, in: database) else { return nil }
                for hook in hooks { try hook.analysisDidFinish(record, in: database) }
                try Self.announce(.finished, id: id, in: database)
                return record
            }
        }
    }

    /// Hands a running analysis back to the queue: a drain that ran out of time, or a claim
    /// made as the drain began (`started: false` gives the attempt back: nothing ran).
    /// Returns false when it was no longer running with that attempt (it had just finished).
    @discardableResult
    public func requeue(id: String, attempt: Int, started: Bool = true) throws -> Bool {
        try withDatabase { database in
            try database.query("""
                UPDATE analyses SET status = 'queued', started_at = NULL, attempts = ? WHERE id = ? AND status = 'running' AND attempts = ?
                """, [.integer(Int64(started ? attempt : attempt - 1)), .text(id), .integer(Int64(attempt))])
            guard database.changes > 0 else { return false }
            try Self.announce(.queued, id: id, in: database)
            return true
        }
    }

    /// After a crash: re-queues every `running` analysis, or fails it visibly once it has
    /// been started `maxAttempts` times. Returns how many of each. With `node` (a shared
    /// database), only the analyses that node had claimed: the others run on live nodes, and
    /// those of dead nodes are reclaimed when their leases expire.
    public func recoverInterrupted(maxAttempts: Int, node: String? = nil, now: Date = Date()) throws -> (requeued: Int, failed: Int) {
        let mine = node == nil ? "" : " AND claimed_by = ?"
        let nodeValue: [DatabaseValue] = node.map { [.text($0)] } ?? []
        return try withDatabase { database in
            try database.transaction {
                let failure = AnalysisRecord.Failure.interrupted(attempts: maxAttempts)
                try database.query("""
                    UPDATE analyses SET status = 'failed', finished_at = ?, error_code = ?, error_message = ?
                    WHERE status = 'running' AND attempts >= ?\(mine)
                    """, [.real(now.timeIntervalSince1970), .text(failure.code), .text(failure.message), .integer(Int64(maxAttempts))] + nodeValue)
                let failed = database.changes
                try database.query("UPDATE analyses SET status = 'queued', started_at = NULL WHERE status = 'running'\(mine)", nodeValue)
                return (database.changes, failed)
            }
        }
    }

    /// Analyses per status.
    public func countByStatus() throws -> [AnalysisRecord.Status: Int] {
        try withDatabase { database in
            var counts: [AnalysisRecord.Status: Int] = [:]
            for row in try database.query("SELECT status, COUNT(*) AS n FROM analyses GROUP BY status") {
                if let status = row.text("status").flatMap(AnalysisRecord.Status.init(rawValue:)) {
                    counts[status] = Int(row.integer("n") ?? 0)
                }
            }
            return counts
        }
    }

    /// Finished analyses created before `date` whose upload is still stored.
    public func expiredUploads(before date: Date) throws -> [AnalysisRecord] {
        try withDatabase { database in
            try database.query("""
                SELECT \(AnalysisRecord.columns) FROM analyses
                WHERE upload_path IS NOT NULL AND status IN ('succeeded', 'failed') AND created_at < ? ORDER BY seq LIMIT 500
                """, [.real(date.timeIntervalSince1970)]).map(AnalysisRecord.init(row:))
        }
    }

    /// Every upload path the database still refers to.
    public func storedUploadPaths() throws -> Set<String> {
        try withDatabase { database in
            Set(try database.query("SELECT upload_path FROM analyses WHERE upload_path IS NOT NULL").compactMap { $0.text("upload_path") })
        }
    }

    /// Records that the upload was removed by retention.
    public func clearUpload(id: String) throws {
        try withDatabase { try $0.query("UPDATE analyses SET upload_path = NULL WHERE id = ?", [.text(id)]) }
    }

    private func fetch(_ id: String, in database: any DatabaseConnection) throws -> AnalysisRecord? {
        try database.query("SELECT \(AnalysisRecord.columns) FROM analyses WHERE id = ?", [.text(id)]).first.map(AnalysisRecord.init(row:))
    }
}

extension AnalysisRecord.Failure {
    /// A worker died (crash, `kill -9`) during every one of `attempts` tries.
    static func interrupted(attempts: Int) -> Self {
        Self(code: "analysis.interrupted", message: "the server stopped during the analysis \(attempts) times; it is not tried again")
    }
}
