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
        let metrics = Metrics(node: "n1")
        metrics.recordWebhookAttempt(.timeout)
        metrics.recordWebhookAttempt(.timeout)
        let text = metrics.render(statusCounts: [:], activeConnections: 0,
                                  webhooks: Metrics.WebhookGauges(pendingMessages: 3, disabledSubscriptions: 1))
        XCTAssertTrue(text.contains("nibscan_webhook_delivery_attempts_total{outcome=\"timeout\",node=\"n1\"} 2\n"), text)
        XCTAssertTrue(text.contains("nibscan_webhook_delivery_attempts_total{outcome=\"refused-address\",node=\"n1\"} 0\n"), text)
        XCTAssertTrue(text.contains("nibscan_webhook_messages_pending{node=\"n1\"} 3\n"), text)
        XCTAssertTrue(text.contains("nibscan_webhook_subscriptions_disabled{node=\"n1\"} 1\n"), text)
        XCTAssertTrue(text.contains("# TYPE nibscan_webhook_delivery_attempts_total counter"), text)
    }

    func testEverySampleCarriesTheNodeLabelLast() {
        XCTAssertEqual(Metrics.labelled("nibscan_queue_depth 4", node: "a"), "nibscan_queue_depth{node=\"a\"} 4")
        XCTAssertEqual(Metrics.labelled("nibscan_x{route=\"/v1/analyses/{id}\"} 2", node: "b\"c"), "nibscan_x{route=\"/v1/analyses/{id}\",node=\"b\\\"c\"} 2")
        XCTAssertEqual(Metrics.labelled("# TYPE nibscan_x counter", node: "a"), "# TYPE nibscan_x counter")
        let samples = Metrics(node: "n1").render(statusCounts: [:], activeConnections: 0, webhooks: .init()).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
        XCTAssertFalse(samples.isEmpty)
        for sample in samples { XCTAssertTrue(sample.contains("node=\"n1\"} "), String(sample)) }
    }
}
