import Foundation

extension WebhookStore {
    /// Applies `patch` to subscription `id` in one transaction: the subscription as it is
    /// afterwards (unchanged, `updatedAt` included, when the patch changes nothing), or
    /// `nil` when there is none. A new URL is a new receiver, so the failure streak of the
    /// old one is cleared; messages already queued go to the new URL on their next attempt.
    func edit(id: String, with patch: WebhookSubscriptionPatch, now: Date) throws -> WebhookSubscription? {
        try analyses.withDatabase { database in
            try database.transaction {
                guard let current = try Self.subscription(id: id, in: database) else { return nil }
                guard let edited = patch.applied(to: current) else { return current }
                let newReceiver: Int64 = edited.url == current.url ? 0 : 1
                try database.query("""
                    UPDATE webhook_subscriptions SET url = ?, events = ?, repository = ?, updated_at = ?,
                    consecutive_failed_messages = CASE WHEN ? = 1 THEN 0 ELSE consecutive_failed_messages END,
                    failing_since = CASE WHEN ? = 1 THEN NULL ELSE failing_since END
                    WHERE id = ?
                    """, [.text(edited.url), .text(edited.eventsColumn), edited.repository.databaseValue, .real(now.timeIntervalSince1970),
                          .integer(newReceiver), .integer(newReceiver), .text(id)])
                return try Self.subscription(id: id, in: database)
            }
        }
    }
}
