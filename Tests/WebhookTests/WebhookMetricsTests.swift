@testable import Server
import XCTest

/// How `/metrics` classifies a webhook attempt.
final class WebhookAttemptMetricsTests: XCTestCase {
    func testAttemptResultsAreClassifiedByWhatHappened() {
        XCTAssertEqual(Metrics.WebhookAttemptResult(WebhookResponse(statusCode: 204, durationMs: 1)), .success)
        XCTAssertEqual(Metrics.WebhookAttemptResult(WebhookResponse(statusCode: 500, durationMs: 1)), .failure)
        XCTAssertEqual(Metrics.WebhookAttemptResult(WebhookResponse(statusCode: 302, durationMs: 1)), .failure, "redirects are not followed")
        XCTAssertEqual(Metrics.WebhookAttemptResult(WebhookResponse(error: "refused", refused: true, durationMs: 0)), .refusedAddress)
        XCTAssertEqual(Metrics.WebhookAttemptResult(WebhookResponse(error: "timed out", timedOut: true, durationMs: 1000)), .timeout)
        XCTAssertEqual(Metrics.WebhookAttemptResult(WebhookResponse(error: "connection refused", durationMs: 1)), .failure)
    }

    func testRenderedFamiliesListEveryOutcome() {
        let metrics = Metrics()
        metrics.recordWebhookAttempt(.timeout)
        metrics.recordWebhookAttempt(.timeout)
        let text = metrics.render(statusCounts: [:], activeConnections: 0,
                                  webhooks: Metrics.WebhookGauges(pendingMessages: 3, disabledSubscriptions: 1))
        XCTAssertTrue(text.contains("nibscan_webhook_delivery_attempts_total{outcome=\"timeout\"} 2\n"), text)
        XCTAssertTrue(text.contains("nibscan_webhook_delivery_attempts_total{outcome=\"refused-address\"} 0\n"), text)
        XCTAssertTrue(text.contains("nibscan_webhook_messages_pending 3\n"), text)
        XCTAssertTrue(text.contains("nibscan_webhook_subscriptions_disabled 1\n"), text)
        XCTAssertTrue(text.contains("# TYPE nibscan_webhook_delivery_attempts_total counter"), text)
    }
}
