import Foundation

/// Subscriptions, the outbox and the attempt log, in the analyses database (either
/// engine), so that the outbox can be written in the transaction that finishes an analysis
/// and pending messages survive a crash. On PostgreSQL a claim locks the message it takes
/// (`SKIP LOCKED`), so two nodes never send one message at once.
public final class WebhookStore: Sendable {
    let analyses: AnalysisStore

    public init(analyses: AnalysisStore) {
        self.analyses = analyses
    }

    // MARK: Subscriptions

    public func insert(_ subscription: WebhookSubscription) throws {
        try analyses.withDatabase { database in
            try database.query("""
                INSERT INTO webhook_subscriptions (id, url, events, repository, secret, enabled, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, 1, ?, ?)
                """, [.text(subscription.id), .text(subscription.url), .text(subscription.eventsColumn),
                      subscription.repository.databaseValue, .text(subscription.secret.text),
                      .real(subscription.createdAt.timeIntervalSince1970), .real(subscription.updatedAt.timeIntervalSince1970)])
        }
    }

    public func subscription(id: String) throws -> WebhookSubscription? {
        try analyses.withDatabase { try Self.subscription(id: id, in: $0) }
    }

    /// Oldest first, `limit` after sequence `after`.
    public func subscriptions(limit: Int, after: Int64?) throws -> [WebhookSubscription] {
        try analyses.withDatabase { database in
            try database.query("SELECT \(WebhookSubscription.columns) FROM webhook_subscriptions WHERE seq > ? ORDER BY seq LIMIT ?",
                               [.integer(after ?? 0), .integer(Int64(limit))]).map(WebhookSubscription.init(row:))
        }
    }

    /// Deletes the subscription and its delivery log; `false` when there was none.
    public func deleteSubscription(id: String) throws -> Bool {
        try analyses.withDatabase { database in
            try database.query("DELETE FROM webhook_subscriptions WHERE id = ?", [.text(id)])
            return database.changes == 1
        }
    }

    /// Enables (clearing health and reason) or disables (failing its pending messages).
    public func setEnabled(id: String, _ enabled: Bool, reason: String?, now: Date, machine: WebhookDeliveryMachine) throws -> WebhookSubscription? {
        try analyses.withDatabase { database in
            try database.transaction {
                guard try Self.subscription(id: id, in: database) != nil else { return nil }
                if enabled {
                    try database.query("""
                        UPDATE webhook_subscriptions SET enabled = 1, disabled_reason = NULL, disabled_at = NULL,
                        consecutive_failed_messages = 0, failing_since = NULL, updated_at = ? WHERE id = ?
                        """, [.real(now.timeIntervalSince1970), .text(id)])
                } else {
                    try Self.disable(id: id, reason: reason ?? "disabled by an operator", now: now, machine: machine, in: database)
                }
                return try Self.subscription(id: id, in: database)
            }
        }
    }

    /// Makes `secret` current; the old one keeps signing until `overlapUntil`.
    public func rotateSecret(id: String, to secret: WebhookSecret, overlapUntil: Date, now: Date) throws -> WebhookSubscription? {
        try analyses.withDatabase { database in
            try database.query("""
                UPDATE webhook_subscriptions SET previous_secret = secret, previous_secret_expires_at = ?, secret = ?, updated_at = ?
                WHERE id = ?
                """, [.real(overlapUntil.timeIntervalSince1970), .text(secret.text), .real(now.timeIntervalSince1970), .text(id)])
            return database.changes == 1 ? try Self.subscription(id: id, in: database) : nil
        }
    }

    static func subscription(id: String, in database: any DatabaseConnection) throws -> WebhookSubscription? {
        try database.query("SELECT \(WebhookSubscription.columns) FROM webhook_subscriptions WHERE id = ?", [.text(id)])
            .first.map(WebhookSubscription.init(row:))
    }

    static func enabledSubscriptions(in database: any DatabaseConnection) throws -> [WebhookSubscription] {
        try database.query("SELECT \(WebhookSubscription.columns) FROM webhook_subscriptions WHERE enabled = 1 ORDER BY seq")
            .map(WebhookSubscription.init(row:))
    }

    /// Disables a subscription and gives up its pending messages, as the machine says.
    static func disable(id: String, reason: String, now: Date, machine: WebhookDeliveryMachine, in database: any DatabaseConnection) throws {
        try database.query("UPDATE webhook_subscriptions SET enabled = 0, disabled_reason = ?, disabled_at = ?, updated_at = ? WHERE id = ?",
                           [.text(reason), .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), .text(id)])
        let pending = try database.query("SELECT \(WebhookDelivery.columns) FROM webhook_deliveries WHERE subscription_id = ? AND status = 'pending'",
                                         [.text(id)]).map(WebhookDelivery.init(row:))
        for delivery in pending {
            try save(machine.next(delivery.state, .subscriptionDisabled).state, of: delivery.id, now: now, in: database)
        }
    }

    // MARK: Outbox

    /// Queues a message; `database` is the open transaction of the caller.
    static func enqueue(_ delivery: WebhookDelivery, in database: any DatabaseConnection) throws {
        try database.query("""
            INSERT INTO webhook_deliveries (id, subscription_id, event, analysis_id, payload, status, attempts, next_attempt_at,
            failure_reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(delivery.id), .text(delivery.subscriptionID), .text(delivery.event.rawValue), delivery.analysisID.databaseValue,
                  .blob(delivery.payload)] + WebhookDelivery.stateValues(delivery.state) + [.real(delivery.createdAt.timeIntervalSince1970)])
    }

    public func enqueue(_ delivery: WebhookDelivery) throws {
        try analyses.withDatabase { try Self.enqueue(delivery, in: $0) }
    }

    /// Takes the most overdue message of an enabled subscription and leases it until
    /// `now + lease` (a crash during the attempt makes it due again then).
    public func claimDue(now: Date, lease: TimeInterval) throws -> (WebhookDelivery, WebhookSubscription)? {
        try analyses.withDatabase { database in
            try database.transaction {
                guard let row = try database.query("""
                    SELECT d.seq, d.id, d.subscription_id, d.event, d.analysis_id, d.payload, d.status, d.attempts, d.next_attempt_at,
                    d.failure_reason, d.created_at, d.finished_at FROM webhook_deliveries d
                    JOIN webhook_subscriptions s ON s.id = d.subscription_id
                    WHERE d.status = 'pending' AND s.enabled = 1 AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.seq LIMIT 1\(database.dialect.claimLock(of: "d"))
                    """, [.real(now.timeIntervalSince1970)]).first else { return nil }
                let delivery = try WebhookDelivery(row: row)
                guard let subscription = try Self.subscription(id: delivery.subscriptionID, in: database) else { return nil }
                try database.query("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?",
                                   [.real(now.addingTimeInterval(lease).timeIntervalSince1970), .text(delivery.id)])
                return (delivery, subscription)
            }
        }
    }

    /// When the next pending message of an enabled subscription is due.
    public func nextDue() throws -> Date? {
        try analyses.withDatabase { database in
            try database.query("""
                SELECT MIN(d.next_attempt_at) AS due FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
                WHERE d.status = 'pending' AND s.enabled = 1
                """).first?.date("due")
        }
    }

    /// Pending messages and disabled subscriptions, for `/metrics`.
    func gauges() throws -> Metrics.WebhookGauges {
        try analyses.withDatabase { database in
            let row = try database.query("""
                SELECT (SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending') AS pending,
                       (SELECT COUNT(*) FROM webhook_subscriptions WHERE enabled = 0) AS disabled
                """).first
            return Metrics.WebhookGauges(pendingMessages: Int(row?.integer("pending") ?? 0),
                                         disabledSubscriptions: Int(row?.integer("disabled") ?? 0))
        }
    }

    /// Makes a leased message due at `due` again without counting an attempt (shutdown).
    public func release(deliveryID: String, due: Date) throws {
        try analyses.withDatabase { database in
            try database.query("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND status = 'pending'",
                               [.real(due.timeIntervalSince1970), .text(deliveryID)])
        }
    }

    /// Logs an attempt and applies its outcome in one transaction: the message's next
    /// state, the subscription's health, and disabling it when the health policy says so.
    /// Returns the reason when the subscription was disabled.
    public func record(_ attempt: WebhookAttempt, of delivery: WebhookDelivery, outcome: WebhookAttemptOutcome, random: Double,
                       machine: WebhookDeliveryMachine, health policy: WebhookSubscriptionHealth.Policy) throws -> (WebhookDeliveryState, disabled: String?) {
        try analyses.withDatabase { database in
            try database.transaction {
                let now = attempt.attemptedAt.addingTimeInterval(Double(attempt.durationMs) / 1000)
                guard let current = try database.query("SELECT \(WebhookDelivery.columns) FROM webhook_deliveries WHERE id = ?",
                                                        [.text(delivery.id)]).first.map(WebhookDelivery.init(row:)),
                      var subscription = try Self.subscription(id: delivery.subscriptionID, in: database) else {
                    return (delivery.state, nil)
                }
                let number = Int(try database.query("SELECT COUNT(*) AS n FROM webhook_attempts WHERE delivery_id = ?",
                                                    [.text(delivery.id)]).first?.integer("n") ?? 0) + 1
                try database.query("""
                    INSERT INTO webhook_attempts (delivery_id, number, attempted_at, duration_ms, result, status_code, address, error,
                    response_excerpt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.text(delivery.id), .integer(Int64(number)), .real(attempt.attemptedAt.timeIntervalSince1970),
                          .integer(Int64(attempt.durationMs)), .text(attempt.result.rawValue),
                          attempt.statusCode.map { .integer(Int64($0)) } ?? .null, attempt.address.databaseValue, attempt.error.databaseValue,
                          attempt.responseExcerpt.databaseValue])
                let transition = machine.next(current.state, .attempted(outcome, at: now, random: random))
                try Self.save(transition.state, of: delivery.id, now: now, in: database)
                var disabled: String?
                for signal in transition.signals where disabled == nil {
                    let next = policy.next(subscription.health, signal)
                    subscription.health = next.health
                    disabled = next.disable
                }
                try database.query("UPDATE webhook_subscriptions SET consecutive_failed_messages = ?, failing_since = ? WHERE id = ?",
                                   [.integer(Int64(subscription.health.consecutiveFailedMessages)), subscription.health.failingSince.databaseValue,
                                    .text(subscription.id)])
                if let disabled, subscription.enabled {
                    try Self.disable(id: subscription.id, reason: disabled, now: now, machine: machine, in: database)
                }
                return (transition.state, disabled)
            }
        }
    }

    static func save(_ state: WebhookDeliveryState, of id: String, now: Date, in database: any DatabaseConnection) throws {
        let finished: DatabaseValue
        if case .pending = state { finished = .null } else { finished = .real(now.timeIntervalSince1970) }
        try database.query("UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, failure_reason = ?, finished_at = ? WHERE id = ?",
                           WebhookDelivery.stateValues(state) + [finished, .text(id)])
    }

    // MARK: Delivery log

    /// A subscription's messages, newest first, `limit` before sequence `before`, each with its attempts.
    public func deliveries(subscriptionID: String, limit: Int, before: Int64?) throws -> [(WebhookDelivery, [WebhookAttempt])] {
        try analyses.withDatabase { database in
            let deliveries = try database.query("""
                SELECT \(WebhookDelivery.columns) FROM webhook_deliveries WHERE subscription_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?
                """, [.text(subscriptionID), .integer(before ?? Int64.max), .integer(Int64(limit))]).map(WebhookDelivery.init(row:))
            return try deliveries.map { delivery in
                (delivery, try Self.attempts(of: delivery.id, in: database))
            }
        }
    }

    public func delivery(id: String, subscriptionID: String) throws -> (WebhookDelivery, [WebhookAttempt])? {
        try analyses.withDatabase { database in
            guard let delivery = try database.query("SELECT \(WebhookDelivery.columns) FROM webhook_deliveries WHERE id = ? AND subscription_id = ?",
                                                    [.text(id), .text(subscriptionID)]).first.map(WebhookDelivery.init(row:)) else { return nil }
            return (delivery, try Self.attempts(of: id, in: database))
        }
    }

    /// Queues a message again, due now, with a fresh retry schedule.
    public func redeliver(id: String, subscriptionID: String, now: Date, machine: WebhookDeliveryMachine) throws -> WebhookDelivery? {
        try analyses.withDatabase { database in
            try database.transaction {
                guard var delivery = try database.query("SELECT \(WebhookDelivery.columns) FROM webhook_deliveries WHERE id = ? AND subscription_id = ?",
                                                        [.text(id), .text(subscriptionID)]).first.map(WebhookDelivery.init(row:)) else { return nil }
                delivery.state = machine.next(delivery.state, .redeliver(at: now)).state
                delivery.finishedAt = nil
                try Self.save(delivery.state, of: id, now: now, in: database)
                return delivery
            }
        }
    }

    private static func attempts(of deliveryID: String, in database: any DatabaseConnection) throws -> [WebhookAttempt] {
        try database.query("""
            SELECT number, attempted_at, duration_ms, result, status_code, address, error, response_excerpt FROM webhook_attempts
            WHERE delivery_id = ? ORDER BY seq
            """, [.text(deliveryID)]).map(WebhookAttempt.init(row:))
    }
}
