import Analysis
import Foundation

extension AnalysisRecord {
    /// The columns every record query selects (the report blob is read separately).
    static let columns = """
        seq, id, status, created_at, started_at, finished_at, repository, branch, commit_sha, pull_request,
        baseline, project_name, upload_path, upload_bytes, upload_sha256, attempts, error_code, error_message,
        summary, idempotency_key, request_fingerprint
        """

    init(row: DatabaseRow) throws {
        guard let id = row.text("id"), let statusText = row.text("status"), let status = Status(rawValue: statusText),
              let created = row.real("created_at") else {
            throw ServerError.database("an analyses row lacks id, status or created_at")
        }
        let metadata = Metadata(repository: row.text("repository"), branch: row.text("branch"), commit: row.text("commit_sha"),
                                pullRequest: row.integer("pull_request").map { Int($0) }, baseline: row.text("baseline"))
        self.init(id: id, createdAt: Date(timeIntervalSince1970: created), metadata: metadata, projectName: row.text("project_name"),
                  uploadPath: row.text("upload_path"), uploadBytes: row.integer("upload_bytes") ?? 0,
                  uploadSHA256: row.text("upload_sha256") ?? "", idempotencyKey: row.text("idempotency_key"),
                  requestFingerprint: row.text("request_fingerprint"))
        self.sequence = row.integer("seq") ?? 0
        self.status = status
        self.startedAt = row.real("started_at").map(Date.init(timeIntervalSince1970:))
        self.finishedAt = row.real("finished_at").map(Date.init(timeIntervalSince1970:))
        self.attempts = Int(row.integer("attempts") ?? 0)
        if let code = row.text("error_code") {
            self.failure = Failure(code: code, message: row.text("error_message") ?? code)
        }
        if let summary = row.blob("summary") {
            self.summary = try? JSONDecoder().decode(Report.Summary.self, from: summary)
        }
    }

    /// Values for `INSERT INTO analyses (...)` in ``insertColumns`` order.
    var insertValues: [DatabaseValue] {
        [.text(id), .text(status.rawValue), .real(createdAt.timeIntervalSince1970),
         metadata.repository.map(DatabaseValue.text) ?? .null, metadata.branch.map(DatabaseValue.text) ?? .null,
         metadata.commit.map(DatabaseValue.text) ?? .null, metadata.pullRequest.map { .integer(Int64($0)) } ?? .null,
         metadata.baseline.map(DatabaseValue.text) ?? .null, projectName.map(DatabaseValue.text) ?? .null,
         uploadPath.map(DatabaseValue.text) ?? .null, .integer(uploadBytes), .text(uploadSHA256),
         idempotencyKey.map(DatabaseValue.text) ?? .null, requestFingerprint.map(DatabaseValue.text) ?? .null]
    }

    static let insertColumns = """
        id, status, created_at, repository, branch, commit_sha, pull_request, baseline, project_name,
        upload_path, upload_bytes, upload_sha256, idempotency_key, request_fingerprint
        """
}
