import Foundation

/// Where one webhook message stands. Stored in the outbox row.
public enum WebhookDeliveryState: Sendable, Equatable {
    /// Waiting for attempt `attemptsMade + 1`, due at `due`.
    case pending(attemptsMade: Int, due: Date)
    /// A 2xx answered attempt `attempts`.
    case succeeded(attempts: Int)
    /// No further attempt will be made (until a redelivery).
    case failed(attempts: Int, reason: WebhookFailureReason)
}

/// Why a message was given up.
public enum WebhookFailureReason: String, Sendable, Equatable, Codable {
    /// Every attempt of the schedule failed.
    case exhausted
    /// The receiver answered 410 Gone: the subscription is disabled.
    case gone
    /// The subscription was disabled or deleted before the message got through.
    case subscriptionDisabled = "subscription-disabled"
}

/// What one attempt came to, as the delivery machine needs it.
public enum WebhookAttemptOutcome: Sendable, Equatable {
    /// The receiver answered with `status`; `retryAfter` seconds when it sent `Retry-After`.
    case response(status: Int, retryAfter: TimeInterval?)
    /// No answer: refused address, connection failure, timeout, TLS error.
    case noResponse
}

/// What the subscription's health tracking learns from a transition.
public enum WebhookHealthSignal: Sendable, Equatable {
    case delivered(at: Date)
    case attemptFailed(at: Date)
    case messageFailed(at: Date)
    case gone(at: Date)
}

/// The life of one webhook message as a value: given its state and an event, the next
/// state and what the subscription learns. No I/O, no clock, no randomness of its own:
/// the worker feeds it the time and a random number and stores what it returns.
public struct WebhookDeliveryMachine: Sendable, Equatable {
    /// Something that happens to a message.
    public enum Event: Sendable, Equatable {
        /// An attempt ended at `at`; `random` in `0..<1` picks the jittered retry time.
        case attempted(WebhookAttemptOutcome, at: Date, random: Double)
        /// An operator asked for the message to be sent again (now, with a fresh schedule).
        case redeliver(at: Date)
        /// The subscription was disabled or deleted.
        case subscriptionDisabled
    }

    /// The next state, and the signals for the subscription's health.
    public struct Transition: Sendable, Equatable {
        public var state: WebhookDeliveryState
        public var signals: [WebhookHealthSignal]
    }

    public var schedule: WebhookRetrySchedule

    public init(schedule: WebhookRetrySchedule = WebhookRetrySchedule()) {
        self.schedule = schedule
    }

    public func next(_ state: WebhookDeliveryState, _ event: Event) -> Transition {
        switch (state, event) {
        case (.pending(let made, _), .attempted(let outcome, let time, let random)):
            return attempted(made + 1, outcome: outcome, at: time, random: random)
        case (_, .attempted):
            // A late result for a message that was redelivered or settled meanwhile.
            return Transition(state: state, signals: [])
        case (.pending(let made, _), .redeliver(let time)):
            return Transition(state: .pending(attemptsMade: made, due: time), signals: [])
        case (.succeeded, .redeliver(let time)), (.failed, .redeliver(let time)):
            return Transition(state: .pending(attemptsMade: 0, due: time), signals: [])
        case (.pending(let made, _), .subscriptionDisabled):
            return Transition(state: .failed(attempts: made, reason: .subscriptionDisabled), signals: [])
        case (.succeeded, .subscriptionDisabled), (.failed, .subscriptionDisabled):
            return Transition(state: state, signals: [])
        }
    }

    private func attempted(_ attempts: Int, outcome: WebhookAttemptOutcome, at time: Date, random: Double) -> Transition {
        var retryAfter: TimeInterval?
        if case .response(let status, let asked) = outcome {
            if (200...299).contains(status) {
                return Transition(state: .succeeded(attempts: attempts), signals: [.delivered(at: time)])
            }
            if status == 410 {
                return Transition(state: .failed(attempts: attempts, reason: .gone), signals: [.gone(at: time)])
            }
            retryAfter = asked
        }
        guard let delay = schedule.delay(afterAttempt: attempts, random: random, retryAfter: retryAfter) else {
            return Transition(state: .failed(attempts: attempts, reason: .exhausted),
                              signals: [.attemptFailed(at: time), .messageFailed(at: time)])
        }
        return Transition(state: .pending(attemptsMade: attempts, due: time.addingTimeInterval(delay)), signals: [.attemptFailed(at: time)])
    }
}
