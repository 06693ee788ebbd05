import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// Deliveries to a real receiver on 127.0.0.1, allowed explicitly in the configuration.
final class WebhookDeliveryLiveTests: LoopbackTestCase {
    private func start(_ script: [LoopbackReceiver.Reply], configure: (inout NibscanServer.Configuration) -> Void = { _ in }) throws {
        receiver = try LoopbackReceiver(script: script)
        server = try WebhookTestServer(allowed: "127.0.0.1", configure: configure)
    }

    func testSignedDeliveryVerifiesWithOwnCodeAndReferenceLibrary() throws {
        try start([])
        let (webhookID, secret) = try server.subscribe(receiver.url)
        let baseline = try server.finishAnalysis(WebhookTestServer.succeeded(), metadata: .init(repository: "acme/app"))
        let record = try server.finishAnalysis(WebhookTestServer.succeeded(newErrors: 2, unchangedWarnings: 1, marked: true),
                                               metadata: .init(repository: "acme/app", branch: "feature", commit: "abc123", pullRequest: 42,
                                                               baseline: baseline.id))
        let requests = receiver.waitForRequests(2)
        XCTAssertEqual(requests.count, 2)
        guard let request = requests.first(where: { $0.body.range(of: Data(record.id.utf8)) != nil }) else {
            return XCTFail("no request for analysis \(record.id)")
        }
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.target, "/hooks")
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(request.headers["user-agent"], "nibscan-webhooks/\(NibscanVersion.current)")
        XCTAssertEqual(request.headers["nibscan-event"], "analysis.succeeded")
        let messageID = try XCTUnwrap(request.headers["webhook-id"])
        XCTAssertTrue(messageID.hasPrefix("msg_"))
        let timestamp = try XCTUnwrap(request.headers["webhook-timestamp"].flatMap { Int64($0) })
        XCTAssertLessThan(abs(Double(timestamp) - Date().timeIntervalSince1970), 60)

        // Our own signing agrees with what was sent...
        let expected = try WebhookSecret(secret).signature(messageID: messageID, timestamp: timestamp, body: request.body)
        XCTAssertEqual(request.headers["webhook-signature"], expected)
        // ...and so does the reference implementation, which also refuses a tampered body.
        XCTAssertEqual(try ReferenceVerifier.verify(secret: secret, headers: ReferenceVerifier.signatureHeaders(request), body: request.body), .verified)
        var tampered = request.body
        tampered.append(contentsOf: Array(" ".utf8))
        XCTAssertNotEqual(try ReferenceVerifier.verify(secret: secret, headers: ReferenceVerifier.signatureHeaders(request), body: tampered), .verified)

        let payload = try XCTUnwrap(JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        XCTAssertEqual(payload["type"] as? String, "analysis.succeeded")
        XCTAssertNotNil(payload["timestamp"] as? String)
        let data = try XCTUnwrap(payload["data"] as? [String: Any])
        XCTAssertEqual(data["id"] as? String, record.id)
        XCTAssertEqual(data["status"] as? String, "succeeded")
        XCTAssertEqual(data["repository"] as? String, "acme/app")
        XCTAssertEqual(data["branch"] as? String, "feature")
        XCTAssertEqual(data["commit"] as? String, "abc123")
        XCTAssertEqual(data["pullRequest"] as? Int, 42)
        let summary = try XCTUnwrap(data["summary"] as? [String: Any])
        XCTAssertEqual(summary["errors"] as? Int, 2)
        XCTAssertEqual(summary["warnings"] as? Int, 1)
        let counts = try XCTUnwrap(data["baseline"] as? [String: Any])
        XCTAssertEqual(counts["analysisId"] as? String, baseline.id)
        XCTAssertEqual(counts["new"] as? Int, 2)
        XCTAssertEqual(counts["newErrors"] as? Int, 2)
        XCTAssertEqual(counts["unchanged"] as? Int, 1)
        let links = try XCTUnwrap(data["links"] as? [String: Any])
        let analysisLink = "https://nibscan.example.test/v1/analyses/\(record.id)"
        XCTAssertEqual(links["analysis"] as? String, analysisLink)
        let reports = try XCTUnwrap(links["reports"] as? [String: String])
        XCTAssertEqual(Set(reports.keys), Set(ReportFormat.allCases.map(\.rawValue)))
        for format in ReportFormat.allCases {
            XCTAssertEqual(reports[format.rawValue], "\(analysisLink)/report?format=\(format.rawValue)")
        }
        XCTAssertNil(payload["data"].flatMap { ($0 as? [String: Any])?["error"] })
        // The API's report links come from the same configured public URL, whatever the client sent as Host.
        let markdown = try server.call("GET", "/v1/analyses/\(record.id)/report?format=markdown", token: WebhookTestServer.readToken)
        XCTAssertEqual(markdown.status, 200)
        XCTAssertTrue(String(decoding: markdown.body, as: UTF8.self).contains("\(analysisLink)/report"))

        let log = try server.waitForDeliveries(webhookID) { $0.count == 2 && $0.allSatisfy { $0["status"] as? String == "succeeded" } }
        XCTAssertEqual(log.compactMap { $0["status"] as? String }, ["succeeded", "succeeded"])
        XCTAssertEqual(log.first?["id"] as? String, messageID, "newest first")
    }

    func testFailedAnalysisEventAndRepositoryFilter() throws {
        try start([])
        let (otherRepo, _) = try server.subscribe(receiver.url, repository: "acme/other")
        let (onlyFailed, _) = try server.subscribe(receiver.url, events: ["analysis.failed"], repository: "acme/app")
        try server.finishAnalysis(WebhookTestServer.succeeded(), metadata: .init(repository: "acme/app"))
        let failed = try server.finishAnalysis(.failed(.init(code: "archive.not-a-zip", message: "not a zip")), metadata: .init(repository: "acme/app"))
        let requests = receiver.waitForRequests(1)
        usleep(300_000)
        XCTAssertEqual(receiver.requests.count, 1, "only the failed analysis of acme/app matches a subscription")
        let payload = try XCTUnwrap(requests.first.flatMap { try JSONSerialization.jsonObject(with: $0.body) as? [String: Any] })
        XCTAssertEqual(payload["type"] as? String, "analysis.failed")
        let data = try XCTUnwrap(payload["data"] as? [String: Any])
        XCTAssertEqual(data["id"] as? String, failed.id)
        XCTAssertEqual((data["error"] as? [String: Any])?["code"] as? String, "archive.not-a-zip")
        XCTAssertEqual((data["links"] as? [String: Any])?["reports"] as? [String: String], [:], "a failed analysis has no report")
        XCTAssertEqual(try server.deliveries(otherRepo).count, 0)
        XCTAssertEqual(try server.deliveries(onlyFailed).count, 1)
    }

    func testRetriesOn500WithTheSameMessageIDAndStopsAfter2xx() throws {
        try start([.status(500, body: "boom"), .status(502), .status(204)])
        let (webhookID, secret) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        let requests = receiver.waitForRequests(3)
        XCTAssertEqual(requests.count, 3)
        XCTAssertEqual(Set(requests.compactMap { $0.headers["webhook-id"] }).count, 1, "webhook-id is stable across retries")
        for request in requests {
            XCTAssertEqual(try ReferenceVerifier.verify(secret: secret, headers: ReferenceVerifier.signatureHeaders(request), body: request.body), .verified)
        }
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "succeeded" }
        let attempts = try XCTUnwrap(log.first?["attempts"] as? [[String: Any]])
        XCTAssertEqual(attempts.compactMap { $0["statusCode"] as? Int }, [500, 502, 204])
        XCTAssertEqual(attempts.compactMap { $0["result"] as? String }, ["rejected", "rejected", "delivered"])
        XCTAssertEqual(attempts.first?["responseExcerpt"] as? String, "boom")
        XCTAssertEqual(attempts.compactMap { $0["number"] as? Int }, [1, 2, 3])
        XCTAssertEqual(attempts.first?["address"] as? String, "127.0.0.1")
        usleep(500_000)
        XCTAssertEqual(receiver.requests.count, 3, "no retry after a 2xx")
        XCTAssertEqual(try server.metric("nibscan_webhook_delivery_attempts_total{outcome=\"failure\"}"), 2)
        XCTAssertEqual(try server.metric("nibscan_webhook_delivery_attempts_total{outcome=\"success\"}"), 1)
        XCTAssertEqual(try server.metric("nibscan_webhook_messages_pending"), 0)
    }

    func testRetriesWhenTheReceiverNeverAnswers() throws {
        try start([.silence, .status(200)]) { $0.webhooks.timeout = 0.5 }
        let (webhookID, _) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        XCTAssertEqual(receiver.waitForRequests(2).count, 2)
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "succeeded" }
        let attempts = try XCTUnwrap(log.first?["attempts"] as? [[String: Any]])
        XCTAssertEqual(attempts.compactMap { $0["result"] as? String }, ["failed", "delivered"])
        XCTAssertNil(attempts.first?["statusCode"])
        let error = try XCTUnwrap(attempts.first?["error"] as? String)
        XCTAssertTrue(error.lowercased().contains("timed out") || error.lowercased().contains("timeout"), error)
        XCTAssertEqual(try server.metric("nibscan_webhook_delivery_attempts_total{outcome=\"timeout\"}"), 1)
        XCTAssertEqual(try server.metric("nibscan_webhook_delivery_attempts_total{outcome=\"success\"}"), 1)
        XCTAssertEqual(try server.metric("nibscan_webhook_delivery_attempts_total{outcome=\"failure\"}"), 0)
    }

    func testGivesUpAfterTheLastAttemptAndExcerptIsBounded() throws {
        let large = String(repeating: "x", count: 5000)
        try start(Array(repeating: .status(500, body: large), count: 3))
        let (webhookID, _) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "failed" }
        XCTAssertEqual(log.first?["failureReason"] as? String, "exhausted")
        let attempts = try XCTUnwrap(log.first?["attempts"] as? [[String: Any]])
        XCTAssertEqual(attempts.count, 3)
        XCTAssertEqual((attempts.first?["responseExcerpt"] as? String)?.utf8.count, WebhookAttempt.excerptLimit)
        usleep(300_000)
        XCTAssertEqual(receiver.requests.count, 3)
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(webhookID)").json["enabled"] as? Bool, true, "one failed message does not disable")
    }

    func testAnEndlessAnswerIsCutOffAndItsStatusStillCounts() throws {
        try start([.status(200, body: String(repeating: "z", count: 3 << 20))])
        let (webhookID, _) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String != "pending" }
        XCTAssertEqual(log.first?["status"] as? String, "succeeded")
        let attempt = try XCTUnwrap((log.first?["attempts"] as? [[String: Any]])?.first)
        XCTAssertEqual(attempt["statusCode"] as? Int, 200)
        XCTAssertTrue((attempt["error"] as? String)?.contains("larger than 1048576 bytes") == true, "\(attempt)")
        XCTAssertEqual((attempt["responseExcerpt"] as? String)?.utf8.count, WebhookAttempt.excerptLimit)
    }

    func testRedirectsAreNotFollowed() throws {
        // The redirect points back at the same receiver: following it would show as a second request.
        try start([.status(307, headers: ["Location": "/elsewhere"]), .status(200)]) { $0.webhooks.schedule.maxAttempts = 1 }
        let (webhookID, _) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "failed" }
        let attempt = try XCTUnwrap((log.first?["attempts"] as? [[String: Any]])?.first)
        XCTAssertEqual(attempt["statusCode"] as? Int, 307)
        XCTAssertEqual(attempt["result"] as? String, "rejected", "only 2xx is success")
        usleep(300_000)
        XCTAssertEqual(receiver.requests.map(\.target), ["/hooks"])
    }

    func testRetryAfterIsHonoured() throws {
        try start([.status(503, headers: ["Retry-After": "1"]), .status(200)])
        try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        let requests = receiver.waitForRequests(2)
        XCTAssertEqual(requests.count, 2)
        if requests.count == 2 {
            // The schedule alone would retry within 50 ms.
            XCTAssertGreaterThanOrEqual(requests[1].receivedAt.timeIntervalSince(requests[0].receivedAt), 0.9)
        }
    }

    func testGoneDisablesTheSubscription() throws {
        try start([.status(410)])
        let (webhookID, _) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "failed" }
        XCTAssertEqual(log.first?["failureReason"] as? String, "gone")
        let subscription = try server.call("GET", "/v1/webhooks/\(webhookID)").json
        XCTAssertEqual(subscription["enabled"] as? Bool, false)
        XCTAssertTrue((subscription["disabledReason"] as? String)?.contains("410") == true)
        XCTAssertEqual(try server.metric("nibscan_webhook_subscriptions_disabled"), 1)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        usleep(300_000)
        XCTAssertEqual(receiver.requests.count, 1, "a disabled subscription gets nothing")
        XCTAssertEqual(try server.deliveries(webhookID).count, 1, "and nothing is queued for it")
    }

    func testSustainedFailureDisablesTheSubscription() throws {
        try start([]) {
            $0.webhooks.schedule.maxAttempts = 2
            $0.webhooks.health.maxConsecutiveFailedMessages = 2
        }
        receiver.stop()
        receiver = try LoopbackReceiver(script: Array(repeating: .status(500), count: 10))
        let (webhookID, _) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "failed" }
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(webhookID)").json["enabled"] as? Bool, true)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        try server.waitForDeliveries(webhookID) { $0.count == 2 && $0.allSatisfy { $0["status"] as? String == "failed" } }
        let subscription = try server.call("GET", "/v1/webhooks/\(webhookID)").json
        XCTAssertEqual(subscription["enabled"] as? Bool, false)
        XCTAssertEqual(subscription["disabledReason"] as? String, "2 messages in a row failed every attempt")
        XCTAssertEqual(receiver.requests.count, 4)
    }

    func testRestartBetweenAnalysisAndDeliveryStillDelivers() throws {
        receiver = try LoopbackReceiver()
        let first = try WebhookTestServer()
        let (webhookID, secret) = try first.subscribe(receiver.url)
        first.server.webhooks.stop()
        let record = try first.finishAnalysis(WebhookTestServer.succeeded())
        XCTAssertEqual(try first.metric("nibscan_webhook_messages_pending"), 1)
        first.stop()
        usleep(200_000)
        XCTAssertEqual(receiver.requests.count, 0, "nothing was sent before the restart")

        server = try WebhookTestServer(dataDirectory: first.dataDirectory)
        let requests = receiver.waitForRequests(1)
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(requests.first)
        XCTAssertNotNil(request.body.range(of: Data(record.id.utf8)))
        XCTAssertEqual(try ReferenceVerifier.verify(secret: secret, headers: ReferenceVerifier.signatureHeaders(request), body: request.body), .verified)
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "succeeded" }
        XCTAssertEqual(log.first?["id"] as? String, request.headers["webhook-id"])
    }

    func testShutdownAbandonsAHangingAttemptPromptlyAndKeepsTheMessage() throws {
        try start([.silence]) { $0.webhooks.timeout = 30 }
        let (webhookID, _) = try server.subscribe(receiver.url)
        try server.finishAnalysis(WebhookTestServer.succeeded())
        XCTAssertEqual(receiver.waitForRequests(1).count, 1)
        let started = Date()
        server.server.webhooks.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the stop does not wait for the 30 s timeout")
        let log = try server.deliveries(webhookID)
        XCTAssertEqual(log.first?["status"] as? String, "pending")
        XCTAssertEqual((log.first?["attempts"] as? [Any])?.count, 0, "an abandoned attempt is not counted")
    }
}
