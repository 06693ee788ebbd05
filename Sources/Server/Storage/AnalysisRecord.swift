import Analysis
import Foundation

/// One analysis as stored: what was uploaded, with which metadata, and how far it got.
public struct AnalysisRecord: Sendable, Equatable {
    /// Where an analysis is in its life; `succeeded` and `failed` are final.
    public enum Status: String, Sendable, Codable, CaseIterable {
        case queued, running, succeeded, failed

        public var isFinal: Bool { self == .succeeded || self == .failed }
    }

    /// Where the upload came from, given by the client (form fields or query parameters).
    public struct Metadata: Sendable, Equatable, Codable {
        public var repository: String?
        public var branch: String?
        public var commit: String?
        public var pullRequest: Int?
        /// The id of an earlier analysis whose findings count as known (`baseline: unchanged`).
        public var baseline: String?

        public init(repository: String? = nil, branch: String? = nil, commit: String? = nil, pullRequest: Int? = nil, baseline: String? = nil) {
            self.repository = repository
            self.branch = branch
            self.commit = commit
            self.pullRequest = pullRequest
            self.baseline = baseline
        }
    }

    /// Why an analysis failed: a stable code and a sentence.
    public struct Failure: Sendable, Equatable, Codable {
        public var code: String
        public var message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public var sequence: Int64
    public var id: String
    public var status: Status
    public var createdAt: Date
    public var startedAt: Date?
    public var finishedAt: Date?
    public var metadata: Metadata
    public var projectName: String?
    /// The stored upload; `nil` once retention removed it.
    public var uploadPath: String?
    public var uploadBytes: Int64
    public var uploadSHA256: String
    /// Times a worker started it (more than one after a crash).
    public var attempts: Int
    public var failure: Failure?
    public var summary: Report.Summary?
    public var idempotencyKey: String?
    /// Digest of the request an idempotency key was first used with.
    public var requestFingerprint: String?

    public init(id: String, createdAt: Date, metadata: Metadata, projectName: String?, uploadPath: String?,
                uploadBytes: Int64, uploadSHA256: String, idempotencyKey: String? = nil, requestFingerprint: String? = nil) {
        self.sequence = 0
        self.id = id
        self.status = .queued
        self.createdAt = createdAt
        self.metadata = metadata
        self.projectName = projectName
        self.uploadPath = uploadPath
        self.uploadBytes = uploadBytes
        self.uploadSHA256 = uploadSHA256
        self.attempts = 0
        self.idempotencyKey = idempotencyKey
        self.requestFingerprint = requestFingerprint
    }
}
