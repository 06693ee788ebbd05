import Foundation

extension NibscanServer {
    /// How webhooks are sent: what they may reach, how long an attempt may take, the retry
    /// schedule, when a failing subscription is disabled. Every field is a setting of
    /// `nibscan serve` (see ``NibscanServer/Configuration/webhookSettings()``).
    public struct WebhookConfiguration: Sendable {
        /// Hosts and address blocks reachable although the policy refuses them.
        public var allowList: WebhookAllowList
        public var connectTimeout: TimeInterval
        /// The most one attempt may take, connection included.
        public var timeout: TimeInterval
        public var schedule: WebhookRetrySchedule
        public var health: WebhookSubscriptionHealth.Policy
        /// How long the previous secret keeps signing after a rotation.
        public var secretOverlap: TimeInterval
        /// Messages sent at once.
        public var senders: Int
        /// The longest an idle sender sleeps before it looks for due messages again.
        public var pollInterval: TimeInterval

        public init(allowList: WebhookAllowList = WebhookAllowList(), connectTimeout: TimeInterval = 10,
                    timeout: TimeInterval = 30, schedule: WebhookRetrySchedule = WebhookRetrySchedule(),
                    health: WebhookSubscriptionHealth.Policy = WebhookSubscriptionHealth.Policy(), secretOverlap: TimeInterval = 24 * 3600,
                    senders: Int = 4, pollInterval: TimeInterval = 5) {
            self.allowList = allowList
            self.connectTimeout = connectTimeout
            self.timeout = timeout
            self.schedule = schedule
            self.health = health
            self.secretOverlap = secretOverlap
            self.senders = senders
            self.pollInterval = pollInterval
        }
    }
}
