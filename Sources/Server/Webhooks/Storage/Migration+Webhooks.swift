extension Migration {
    /// Webhook subscriptions, the outbox of messages (written in the transaction that
    /// finishes an analysis) and the log of every attempt.
    static let webhooks: [Migration] = [
        Migration(version: 2, name: "webhooks", sql: """
            CREATE TABLE webhook_subscriptions (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                url TEXT NOT NULL,
                events TEXT NOT NULL,
                repository TEXT,
                secret TEXT NOT NULL,
                previous_secret TEXT,
                previous_secret_expires_at REAL,
                enabled INTEGER NOT NULL DEFAULT 1,
                disabled_reason TEXT,
                disabled_at REAL,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                consecutive_failed_messages INTEGER NOT NULL DEFAULT 0,
                failing_since REAL
            );
            CREATE TABLE webhook_deliveries (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                id TEXT NOT NULL UNIQUE,
                subscription_id TEXT NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
                event TEXT NOT NULL,
                analysis_id TEXT,
                payload BLOB NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at REAL,
                failure_reason TEXT,
                created_at REAL NOT NULL,
                finished_at REAL
            );
            CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
            CREATE INDEX webhook_deliveries_by_subscription ON webhook_deliveries (subscription_id, seq);
            CREATE TABLE webhook_attempts (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                delivery_id TEXT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
                number INTEGER NOT NULL,
                attempted_at REAL NOT NULL,
                duration_ms INTEGER NOT NULL,
                result TEXT NOT NULL,
                status_code INTEGER,
                address TEXT,
                error TEXT,
                response_excerpt TEXT
            );
            CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, seq);
            """),
    ]
}
