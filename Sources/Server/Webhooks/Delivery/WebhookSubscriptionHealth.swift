import Foundation

/// How a subscription has been doing lately, kept on its row: the basis for disabling a
/// receiver that keeps failing, so that a dead endpoint stops costing retries.
public struct WebhookSubscriptionHealth: Sendable, Equatable {
    /// Messages given up in a row (every attempt failed).
    public var consecutiveFailedMessages: Int
    /// The first failed attempt since the last success.
    public var failingSince: Date?

    public init(consecutiveFailedMessages: Int = 0, failingSince: Date? = nil) {
        self.consecutiveFailedMessages = consecutiveFailedMessages
        self.failingSince = failingSince
    }

    /// When sustained failure disables a subscription. Pure: time comes with each signal.
    public struct Policy: Sendable, Equatable {
        /// Disable after this many messages in a row failed every attempt.
        public var maxConsecutiveFailedMessages: Int
        /// Disable when attempts have failed without any success for this long.
        public var maxFailingDuration: TimeInterval

        public init(maxConsecutiveFailedMessages: Int = 5, maxFailingDuration: TimeInterval = 5 * 24 * 3600) {
            self.maxConsecutiveFailedMessages = maxConsecutiveFailedMessages
            self.maxFailingDuration = maxFailingDuration
        }

        /// The health after `signal`, and the reason to disable the subscription, if any.
        public func next(_ health: WebhookSubscriptionHealth, _ signal: WebhookHealthSignal) -> (health: WebhookSubscriptionHealth, disable: String?) {
            var health = health
            switch signal {
            case .delivered:
                return (WebhookSubscriptionHealth(), nil)
            case .gone:
                return (health, "the receiver answered 410 Gone")
            case .attemptFailed(let time):
                let since = health.failingSince ?? time
                health.failingSince = since
                let failingFor = time.timeIntervalSince(since)
                guard failingFor > maxFailingDuration else { return (health, nil) }
                return (health, "every attempt has failed for \(Self.hours(failingFor)) h (limit \(Self.hours(maxFailingDuration)) h)")
            case .messageFailed:
                health.consecutiveFailedMessages += 1
                guard health.consecutiveFailedMessages >= maxConsecutiveFailedMessages else { return (health, nil) }
                return (health, "\(health.consecutiveFailedMessages) messages in a row failed every attempt")
            }
        }

        private static func hours(_ seconds: TimeInterval) -> String { String(format: "%g", (seconds / 360).rounded() / 10) }
    }
}
