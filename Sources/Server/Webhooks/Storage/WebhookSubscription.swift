import Analysis
import Foundation

/// The events a subscription can ask for.
public enum WebhookEvent: String, Sendable, Codable, CaseIterable {
    case analysisSucceeded = "analysis.succeeded"
    case analysisFailed = "analysis.failed"
    /// Sent on demand (`POST /v1/webhooks/{id}/ping`) to check a receiver.
    case ping

    /// The event for an analysis that reached `status`, if it is final.
    init?(finished status: AnalysisRecord.Status) {
        switch status {
        case .succeeded: self = .analysisSucceeded
        case .failed: self = .analysisFailed
        case .queued, .running: return nil
        }
    }
}

/// A receiver of webhooks as stored: where, which events, for which repository, the
/// signing secrets, whether it is enabled and how it has been doing.
public struct WebhookSubscription: Sendable, Equatable {
    public var sequence: Int64 = 0
    public var id: String
    public var url: String
    public var events: [WebhookEvent]
    /// Only analyses of this repository; `nil` for all.
    public var repository: String?
    public var secret: WebhookSecret
    /// The secret before the last rotation, still signing until ``previousSecretExpiresAt``.
    public var previousSecret: WebhookSecret?
    public var previousSecretExpiresAt: Date?
    public var enabled = true
    public var disabledReason: String?
    public var disabledAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    public var health = WebhookSubscriptionHealth()

    public init(id: String, url: String, events: [WebhookEvent], repository: String?, secret: WebhookSecret, createdAt: Date) {
        self.id = id
        self.url = url
        self.events = events
        self.repository = repository
        self.secret = secret
        self.createdAt = createdAt
        self.updatedAt = createdAt
    }

    /// The secrets that sign a message sent at `date`: the current one first, then the
    /// previous one while the rotation overlap lasts.
    public func signingSecrets(at date: Date) -> [WebhookSecret] {
        guard let previousSecret, let previousSecretExpiresAt, date < previousSecretExpiresAt else { return [secret] }
        return [secret, previousSecret]
    }

    /// Whether an analysis that finished with `event` in `repository` goes to this subscription.
    func wants(_ event: WebhookEvent, repository analysisRepository: String?) -> Bool {
        guard enabled, events.contains(event) else { return false }
        guard let repository else { return true }
        // Both sides by their canonical name, so any form of the same repository matches.
        return analysisRepository.map { RepositoryName.filed($0) == RepositoryName.filed(repository) } ?? false
    }

    /// A new identifier: `wh_` and 32 hex digits.
    static func makeID() -> String { "wh_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "") }
}
