import Foundation

extension WebhookSubscription {
    static let columns = """
        seq, id, url, events, repository, secret, previous_secret, previous_secret_expires_at, enabled, disabled_reason,
        disabled_at, created_at, updated_at, consecutive_failed_messages, failing_since
        """

    /// How ``events`` are stored: comma-separated names.
    var eventsColumn: String { events.map(\.rawValue).joined(separator: ",") }

    init(row: DatabaseRow) throws {
        guard let id = row.text("id"), let url = row.text("url"), let events = row.text("events"), let secret = row.text("secret") else {
            throw ServerError.database("a webhook subscription row lacks a column")
        }
        do {
            self.init(id: id, url: url, events: events.split(separator: ",").compactMap { WebhookEvent(rawValue: String($0)) },
                      repository: row.text("repository"), secret: try WebhookSecret(secret), createdAt: row.date("created_at") ?? Date())
            previousSecret = try row.text("previous_secret").map { text throws(WebhookError) in try WebhookSecret(text) }
        } catch {
            throw ServerError.database("webhook \(id) has a stored secret that is not a whsec_ key")
        }
        sequence = row.integer("seq") ?? 0
        previousSecretExpiresAt = row.date("previous_secret_expires_at")
        enabled = row.integer("enabled") == 1
        disabledReason = row.text("disabled_reason")
        disabledAt = row.date("disabled_at")
        updatedAt = row.date("updated_at") ?? createdAt
        health = WebhookSubscriptionHealth(consecutiveFailedMessages: Int(row.integer("consecutive_failed_messages") ?? 0),
                                           failingSince: row.date("failing_since"))
    }
}
