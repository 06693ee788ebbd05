@testable import Server
import XCTest

/// When sustained failure disables a subscription: consecutive failed messages, or
/// failing attempts for too long; any success resets both.
final class WebhookSubscriptionHealthTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let policy = WebhookSubscriptionHealth.Policy(maxConsecutiveFailedMessages: 3, maxFailingDuration: 3600)

    func testConsecutiveFailedMessagesDisableAtTheLimit() {
        var health = WebhookSubscriptionHealth()
        for number in 1 ... 2 {
            let next = policy.next(health, .messageFailed(at: start))
            XCTAssertNil(next.disable)
            XCTAssertEqual(next.health.consecutiveFailedMessages, number)
            health = next.health
        }
        XCTAssertEqual(policy.next(health, .messageFailed(at: start)).disable, "3 messages in a row failed every attempt")
    }

    func testFailingForTooLongDisables() {
        let first = policy.next(WebhookSubscriptionHealth(), .attemptFailed(at: start))
        XCTAssertEqual(first.health.failingSince, start)
        XCTAssertNil(first.disable)
        let within = policy.next(first.health, .attemptFailed(at: start.addingTimeInterval(3600)))
        XCTAssertNil(within.disable, "exactly the limit is still tolerated")
        XCTAssertEqual(within.health.failingSince, start, "the start of the failure streak is kept")
        XCTAssertEqual(policy.next(within.health, .attemptFailed(at: start.addingTimeInterval(3601))).disable,
                       "every attempt has failed for 1 h (limit 1 h)")
    }

    func testSuccessResetsAndGoneDisables() {
        let failing = WebhookSubscriptionHealth(consecutiveFailedMessages: 2, failingSince: start)
        XCTAssertEqual(policy.next(failing, .delivered(at: start)).health, WebhookSubscriptionHealth())
        XCTAssertNil(policy.next(failing, .delivered(at: start)).disable)
        XCTAssertEqual(policy.next(WebhookSubscriptionHealth(), .gone(at: start)).disable, "the receiver answered 410 Gone")
    }
}
