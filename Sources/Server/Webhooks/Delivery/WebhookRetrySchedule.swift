import Foundation

/// When a failed webhook delivery is tried again: exponential backoff with full jitter
/// (a uniformly random wait between zero and the attempt's ceiling), at least what the
/// receiver's `Retry-After` asked for up to a cap. A value: no clock, no randomness of
/// its own; the caller passes a number in `0..<1`.
///
/// The default (10 attempts; ceilings 1 min, 3 min, 9 min, … capped at 12 h) spreads a
/// message over up to about 42 hours, about 21 hours on average.
public struct WebhookRetrySchedule: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The ceiling of the wait before the second attempt.
    public var initialDelay: TimeInterval
    /// Each following ceiling is this many times the previous one...
    public var multiplier: Double
    /// ...up to this.
    public var maxDelay: TimeInterval
    /// The longest wait a `Retry-After` can impose.
    public var retryAfterCap: TimeInterval

    public init(maxAttempts: Int = 10, initialDelay: TimeInterval = 60, multiplier: Double = 3,
                maxDelay: TimeInterval = 12 * 3600, retryAfterCap: TimeInterval = 6 * 3600) {
        self.maxAttempts = maxAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.retryAfterCap = retryAfterCap
    }

    /// The largest wait after attempt `attemptsMade` (1 after the first attempt).
    public func ceiling(afterAttempt attemptsMade: Int) -> TimeInterval {
        let exponent = Double(max(0, attemptsMade - 1))
        return min(maxDelay, initialDelay * pow(multiplier, exponent))
    }

    /// The wait after attempt `attemptsMade` failed, or `nil` when no attempt is left.
    /// - Parameters:
    ///   - random: a number in `0..<1` choosing the point inside the jitter window.
    ///   - retryAfter: the seconds the receiver asked to wait, if it did.
    public func delay(afterAttempt attemptsMade: Int, random: Double, retryAfter: TimeInterval? = nil) -> TimeInterval? {
        guard attemptsMade < maxAttempts else { return nil }
        let jittered = ceiling(afterAttempt: attemptsMade) * min(max(random, 0), 1)
        guard let retryAfter, retryAfter > 0 else { return jittered }
        return max(jittered, min(retryAfter, retryAfterCap))
    }
}
