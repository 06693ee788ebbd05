import Foundation

extension Metrics {
    /// How one webhook attempt ended, as `/metrics` counts it.
    enum WebhookAttemptResult: String, CaseIterable, Sendable {
        /// A 2xx answer.
        case success
        /// Any other answer, or no answer for another reason than a timeout.
        case failure
        /// The address policy refused every address the host resolved to: nothing was sent.
        case refusedAddress = "refused-address"
        /// The connect or total timeout ran out before an answer.
        case timeout

        init(_ response: WebhookResponse) {
            if response.refused {
                self = .refusedAddress
            } else if let status = response.statusCode {
                self = (200...299).contains(status) ? .success : .failure
            } else {
                self = response.timedOut ? .timeout : .failure
            }
        }
    }

    /// What `/metrics` reads from the webhook tables at scrape time.
    struct WebhookGauges: Sendable, Equatable {
        /// Messages not yet delivered nor given up on.
        var pendingMessages = 0
        /// Subscriptions disabled by an operator, a 410 or sustained failure.
        var disabledSubscriptions = 0
    }

    /// Counts one finished (not abandoned) webhook attempt.
    func recordWebhookAttempt(_ result: WebhookAttemptResult) {
        state.withLock { $0.webhookAttempts[result, default: 0] += 1 }
    }

    /// The webhook families of the exposition text.
    static func webhookLines(attempts: [WebhookAttemptResult: Int], gauges: WebhookGauges) -> [String] {
        var lines = [
            "# HELP nibscan_webhook_delivery_attempts_total Webhook delivery attempts since start, by outcome.",
            "# TYPE nibscan_webhook_delivery_attempts_total counter",
        ]
        for result in WebhookAttemptResult.allCases {
            lines.append("nibscan_webhook_delivery_attempts_total{outcome=\"\(result.rawValue)\"} \(attempts[result] ?? 0)")
        }
        lines += [
            "# HELP nibscan_webhook_messages_pending Webhook messages waiting to be delivered or retried.",
            "# TYPE nibscan_webhook_messages_pending gauge",
            "nibscan_webhook_messages_pending \(gauges.pendingMessages)",
            "# HELP nibscan_webhook_subscriptions_disabled Webhook subscriptions that are disabled.",
            "# TYPE nibscan_webhook_subscriptions_disabled gauge",
            "nibscan_webhook_subscriptions_disabled \(gauges.disabledSubscriptions)",
        ]
        return lines
    }
}
