extension Migration {
    /// Webhook subscriptions, the outbox of messages (written in the transaction that
    /// finishes an analysis) and the log of every attempt.
    static let webhooks: [Migration] = [
        Migration(version: 2, name: "webhooks") { sql in """
            CREATE TABLE webhook_subscriptions (
                seq \(sql.sequenceKey),
                id TEXT NOT NULL UNIQUE,
                url TEXT NOT NULL,
                events TEXT NOT NULL,
                repository TEXT,
                secret TEXT NOT NULL,
                previous_secret TEXT,
                previous_secret_expires_at \(sql.real),
                enabled \(sql.integer) NOT NULL DEFAULT 1,
                disabled_reason TEXT,
                disabled_at \(sql.real),
                created_at \(sql.real) NOT NULL,
                updated_at \(sql.real) NOT NULL,
                consecutive_failed_messages \(sql.integer) NOT NULL DEFAULT 0,
                failing_since \(sql.real)
            );
            CREATE TABLE webhook_deliveries (
                seq \(sql.sequenceKey),
                id TEXT NOT NULL UNIQUE,
                subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
                event TEXT NOT NULL,
                analysis_id TEXT,
                payload \(sql.blob) NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
                attempts \(sql.integer) NOT NULL DEFAULT 0,
                next_attempt_at \(sql.real),
                failure_reason TEXT,
                created_at \(sql.real) NOT NULL,
                finished_at \(sql.real)
            );
            CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
            CREATE INDEX webhook_deliveries_by_subscription ON webhook_deliveries (subscription_id, seq);
            CREATE TABLE webhook_attempts (
                seq \(sql.sequenceKey),
                delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
                number \(sql.integer) NOT NULL,
                attempted_at \(sql.real) NOT NULL,
                duration_ms \(sql.integer) NOT NULL,
                result TEXT NOT NULL,
                status_code \(sql.integer),
                address TEXT,
                error TEXT,
                response_excerpt TEXT
            );
            CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, seq);
            """
        },
    ]
}
