import Foundation

extension NibscanServer.Configuration {
    /// The webhook settings of `nibscan serve`, appended to ``settings()``.
    static func webhookSettings() -> [Setting] {
        [
            Setting(flag: "--webhook-allowed-hosts", environment: "NIBSCAN_WEBHOOK_ALLOWED_HOSTS", placeholder: "LIST",
                    help: "hosts and CIDRs webhooks may reach although private/loopback (comma-separated)",
                    describeDefault: { _ in "none" }) { configuration, value in
                configuration.webhooks.allowList = try WebhookAllowList(parsing: value)
            },
            number("--webhook-connect-timeout", "NIBSCAN_WEBHOOK_CONNECT_TIMEOUT_SECONDS", "seconds to connect to a webhook receiver",
                   \.webhooks.connectTimeout),
            number("--webhook-timeout", "NIBSCAN_WEBHOOK_TIMEOUT_SECONDS", "seconds one webhook attempt may take in all", \.webhooks.timeout),
            integer("--webhook-max-attempts", "NIBSCAN_WEBHOOK_MAX_ATTEMPTS", "attempts per webhook message", \.webhooks.schedule.maxAttempts, 1...100),
            number("--webhook-initial-retry", "NIBSCAN_WEBHOOK_INITIAL_RETRY_SECONDS", "ceiling of the first retry wait (full jitter)",
                   \.webhooks.schedule.initialDelay),
            number("--webhook-max-retry", "NIBSCAN_WEBHOOK_MAX_RETRY_SECONDS", "largest retry wait ceiling", \.webhooks.schedule.maxDelay),
            number("--webhook-retry-after-cap", "NIBSCAN_WEBHOOK_RETRY_AFTER_CAP_SECONDS", "longest wait a Retry-After can impose",
                   \.webhooks.schedule.retryAfterCap),
            number("--webhook-secret-overlap", "NIBSCAN_WEBHOOK_SECRET_OVERLAP_SECONDS", "seconds the old secret still signs after a rotation",
                   \.webhooks.secretOverlap),
            integer("--webhook-max-failed-messages", "NIBSCAN_WEBHOOK_MAX_FAILED_MESSAGES",
                    "failed messages in a row that disable a webhook", \.webhooks.health.maxConsecutiveFailedMessages, 1...10_000),
            number("--webhook-max-failing-seconds", "NIBSCAN_WEBHOOK_MAX_FAILING_SECONDS", "seconds of only failures that disable a webhook",
                   \.webhooks.health.maxFailingDuration),
            integer("--webhook-senders", "NIBSCAN_WEBHOOK_SENDERS", "webhook messages sent at once; 0 pauses delivery (messages stay queued)",
                    \.webhooks.senders, 0...64),
        ]
    }
}
