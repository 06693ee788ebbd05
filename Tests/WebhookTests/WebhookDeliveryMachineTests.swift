@testable import Server
import XCTest

/// The delivery state machine and the retry schedule: given a state and an event, the
/// next state and signals. Time and randomness are inputs; nothing sleeps.
final class WebhookDeliveryMachineTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let schedule = WebhookRetrySchedule(maxAttempts: 4, initialDelay: 10, multiplier: 3, maxDelay: 60, retryAfterCap: 100)
    private var machine: WebhookDeliveryMachine { WebhookDeliveryMachine(schedule: schedule) }

    private func attempted(_ outcome: WebhookAttemptOutcome, after seconds: TimeInterval = 1, random: Double = 0.5) -> WebhookDeliveryMachine.Event {
        .attempted(outcome, at: start.addingTimeInterval(seconds), random: random)
    }

    func testEveryTwoHundredIsSuccess() {
        for status in [200, 201, 202, 204, 299] {
            let transition = machine.next(.pending(attemptsMade: 2, due: start), attempted(.response(status: status, retryAfter: nil)))
            XCTAssertEqual(transition.state, .succeeded(attempts: 3), "\(status)")
            XCTAssertEqual(transition.signals, [.delivered(at: start.addingTimeInterval(1))])
        }
    }

    func testOtherStatusesAndNoResponseRetryWithJitteredBackoff() {
        for outcome: WebhookAttemptOutcome in [.response(status: 500, retryAfter: nil), .response(status: 301, retryAfter: nil),
                                               .response(status: 404, retryAfter: nil), .response(status: 100, retryAfter: nil),
                                               .response(status: 429, retryAfter: nil), .noResponse] {
            let transition = machine.next(.pending(attemptsMade: 0, due: start), attempted(outcome, random: 0.5))
            XCTAssertEqual(transition.state, .pending(attemptsMade: 1, due: start.addingTimeInterval(1 + 5)), "\(outcome)")
            XCTAssertEqual(transition.signals, [.attemptFailed(at: start.addingTimeInterval(1))])
        }
    }

    func testGoneFailsAtOnceAndSignalsIt() {
        let transition = machine.next(.pending(attemptsMade: 0, due: start), attempted(.response(status: 410, retryAfter: nil)))
        XCTAssertEqual(transition.state, .failed(attempts: 1, reason: .gone))
        XCTAssertEqual(transition.signals, [.gone(at: start.addingTimeInterval(1))])
    }

    func testTheLastAttemptExhaustsTheMessage() {
        let transition = machine.next(.pending(attemptsMade: 3, due: start), attempted(.noResponse))
        XCTAssertEqual(transition.state, .failed(attempts: 4, reason: .exhausted))
        XCTAssertEqual(transition.signals, [.attemptFailed(at: start.addingTimeInterval(1)), .messageFailed(at: start.addingTimeInterval(1))])
    }

    func testAWholeLifeFromFirstAttemptToExhaustion() {
        var state = WebhookDeliveryState.pending(attemptsMade: 0, due: start)
        var clock: TimeInterval = 0
        var dues: [TimeInterval] = []
        for _ in 0 ..< 4 {
            state = machine.next(state, .attempted(.response(status: 503, retryAfter: nil), at: start.addingTimeInterval(clock), random: 0.999)).state
            if case .pending(_, let due) = state {
                dues.append(due.timeIntervalSince(start) - clock)
                clock = due.timeIntervalSince(start)
            }
        }
        XCTAssertEqual(state, .failed(attempts: 4, reason: .exhausted))
        XCTAssertEqual(dues.map { ($0 * 100).rounded() / 100 }, [9.99, 29.97, 59.94], "ceilings 10, 30, then capped at 60")
    }

    func testRetryAfterIsAFloorUpToTheCap() {
        let asked = machine.next(.pending(attemptsMade: 0, due: start), attempted(.response(status: 503, retryAfter: 40), after: 0, random: 0))
        XCTAssertEqual(asked.state, .pending(attemptsMade: 1, due: start.addingTimeInterval(40)))
        let capped = machine.next(.pending(attemptsMade: 0, due: start), attempted(.response(status: 429, retryAfter: 10_000), after: 0, random: 0))
        XCTAssertEqual(capped.state, .pending(attemptsMade: 1, due: start.addingTimeInterval(100)))
        let shorter = machine.next(.pending(attemptsMade: 2, due: start), attempted(.response(status: 503, retryAfter: 1), after: 0, random: 1))
        XCTAssertEqual(shorter.state, .pending(attemptsMade: 3, due: start.addingTimeInterval(60)), "the backoff wins when longer")
        let last = machine.next(.pending(attemptsMade: 3, due: start), attempted(.response(status: 503, retryAfter: 5), after: 0))
        XCTAssertEqual(last.state, .failed(attempts: 4, reason: .exhausted), "Retry-After never adds attempts")
    }

    func testRedeliverRestartsSettledMessagesAndExpeditesPendingOnes() {
        let now = start.addingTimeInterval(500)
        XCTAssertEqual(machine.next(.succeeded(attempts: 2), .redeliver(at: now)).state, .pending(attemptsMade: 0, due: now))
        XCTAssertEqual(machine.next(.failed(attempts: 4, reason: .exhausted), .redeliver(at: now)).state, .pending(attemptsMade: 0, due: now))
        XCTAssertEqual(machine.next(.failed(attempts: 1, reason: .gone), .redeliver(at: now)).state, .pending(attemptsMade: 0, due: now))
        XCTAssertEqual(machine.next(.pending(attemptsMade: 2, due: start.addingTimeInterval(9_999)), .redeliver(at: now)),
                       .init(state: .pending(attemptsMade: 2, due: now), signals: []))
    }

    func testDisablingFailsPendingMessagesOnly() {
        XCTAssertEqual(machine.next(.pending(attemptsMade: 2, due: start), .subscriptionDisabled).state,
                       .failed(attempts: 2, reason: .subscriptionDisabled))
        XCTAssertEqual(machine.next(.succeeded(attempts: 1), .subscriptionDisabled).state, .succeeded(attempts: 1))
        XCTAssertEqual(machine.next(.failed(attempts: 4, reason: .exhausted), .subscriptionDisabled).state, .failed(attempts: 4, reason: .exhausted))
    }

    func testLateResultsForSettledMessagesChangeNothing() {
        for state: WebhookDeliveryState in [.succeeded(attempts: 1), .failed(attempts: 2, reason: .subscriptionDisabled)] {
            XCTAssertEqual(machine.next(state, attempted(.response(status: 200, retryAfter: nil))), .init(state: state, signals: []))
        }
    }

    func testScheduleCeilingsJitterAndDefaults() {
        XCTAssertEqual(schedule.ceiling(afterAttempt: 1), 10)
        XCTAssertEqual(schedule.ceiling(afterAttempt: 2), 30)
        XCTAssertEqual(schedule.ceiling(afterAttempt: 3), 60)
        XCTAssertEqual(schedule.delay(afterAttempt: 1, random: 0), 0, "full jitter reaches zero")
        XCTAssertEqual(schedule.delay(afterAttempt: 2, random: 0.5), 15)
        XCTAssertEqual(schedule.delay(afterAttempt: 1, random: 7), 10, "randomness is clamped to the window")
        XCTAssertEqual(schedule.delay(afterAttempt: 1, random: -1), 0)
        XCTAssertNil(schedule.delay(afterAttempt: 4, random: 0.5))
        let defaults = WebhookRetrySchedule()
        let span = (1 ..< defaults.maxAttempts).map { defaults.ceiling(afterAttempt: $0) }.reduce(0, +)
        XCTAssertEqual(defaults.maxAttempts, 10)
        XCTAssertGreaterThan(span, 24 * 3600, "the default schedule spans hours: at most about 42 h, about 21 h on average")
        XCTAssertLessThan(span, 48 * 3600)
    }

    func testRetryAfterParsing() {
        let now = Date(timeIntervalSince1970: 784_111_777) // Sun, 06 Nov 1994 08:49:37 GMT
        XCTAssertEqual(RetryAfter.seconds(from: "120", now: now), 120)
        XCTAssertEqual(RetryAfter.seconds(from: " 0 ", now: now), 0)
        XCTAssertEqual(RetryAfter.seconds(from: "99999999999999999999", now: now), 999_999_999)
        XCTAssertEqual(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:51:37 GMT", now: now), 120)
        XCTAssertEqual(RetryAfter.seconds(from: "Sunday, 06-Nov-94 08:50:37 GMT", now: now), 60)
        XCTAssertEqual(RetryAfter.seconds(from: "Sun Nov  6 08:49:47 1994", now: now), 10)
        XCTAssertEqual(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:00:00 GMT", now: now), 0, "a past date means now")
        for bad in ["", "-5", "1.5", "soon", "Sun, 06 Nov 1994", String(repeating: "9 ", count: 50)] {
            XCTAssertNil(RetryAfter.seconds(from: bad, now: now), bad)
        }
    }
}
