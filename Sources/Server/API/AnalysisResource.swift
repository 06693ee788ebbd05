import Analysis
import Foundation

/// The JSON shape of an analysis in the API (`GET /v1/analyses/{id}`, listings, the 202
/// of an upload). Optional members are omitted, never `null`.
struct AnalysisResource: Encodable, Sendable {
    struct Upload: Encodable, Sendable {
        var bytes: Int64
        var sha256: String
        /// False once retention removed the stored file.
        var stored: Bool
    }

    struct Links: Encodable, Sendable {
        var `self`: String
        var report: String
    }

    var id: String
    var status: AnalysisRecord.Status
    var createdAt: String
    var startedAt: String?
    var finishedAt: String?
    var attempts: Int
    var project: String?
    var metadata: AnalysisRecord.Metadata
    var upload: Upload
    var summary: Report.Summary?
    var error: AnalysisRecord.Failure?
    var links: Links

    init(_ record: AnalysisRecord) {
        id = record.id
        status = record.status
        createdAt = Self.timestamp(record.createdAt)
        startedAt = record.startedAt.map(Self.timestamp)
        finishedAt = record.finishedAt.map(Self.timestamp)
        attempts = record.attempts
        project = record.projectName
        metadata = record.metadata
        upload = Upload(bytes: record.uploadBytes, sha256: record.uploadSHA256, stored: record.uploadPath != nil)
        summary = record.summary
        error = record.failure
        links = Links(self: Self.path(of: record.id), report: Self.path(of: record.id) + "/report")
    }

    static func path(of id: String) -> String { "/v1/analyses/\(id)" }

    static func timestamp(_ date: Date) -> String { HTTPDate.rfc3339(date) }
}
