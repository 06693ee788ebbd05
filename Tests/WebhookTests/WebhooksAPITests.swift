import Foundation
@testable import Server
import TestSupport
import XCTest

/// `/v1/webhooks` through the server's responder: shapes, roles, validation problems,
/// enabling, secret rotation, the paginated delivery log and redelivery.
final class WebhooksAPITests: LoopbackTestCase {
    override func setUpWithError() throws {
        receiver = try LoopbackReceiver()
        server = try WebhookTestServer()
    }

    func testCreateAnswers201WithIdAndSecretShownOnce() throws {
        let created = try server.call("POST", "/v1/webhooks", json: ["url": receiver.url, "events": ["analysis.succeeded"]])
        XCTAssertEqual(created.status, 201)
        let id = try XCTUnwrap(created.json["id"] as? String)
        XCTAssertTrue(id.hasPrefix("wh_"))
        XCTAssertEqual(created.headers["Location"], "/v1/webhooks/\(id)")
        let secret = try XCTUnwrap(created.json["secret"] as? String)
        XCTAssertTrue(secret.hasPrefix("whsec_"))
        let key = try XCTUnwrap(Data(base64Encoded: String(secret.dropFirst(6))))
        XCTAssertTrue((24...32).contains(key.count))
        XCTAssertEqual(created.json["events"] as? [String], ["analysis.succeeded"])
        XCTAssertEqual(created.json["enabled"] as? Bool, true)

        let shown = try server.call("GET", "/v1/webhooks/\(id)")
        XCTAssertEqual(shown.status, 200)
        XCTAssertNil(shown.json["secret"])
        XCTAssertFalse(String(decoding: shown.body, as: UTF8.self).contains(String(secret.dropFirst(6))))
        let listed = try server.call("GET", "/v1/webhooks")
        XCTAssertEqual((listed.json["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }, [id])
        XCTAssertFalse(String(decoding: listed.body, as: UTF8.self).contains("whsec_"))
        let other = try server.subscribe(receiver.url)
        XCTAssertNotEqual(other.secret, secret, "each subscription gets its own random secret")
    }

    func testOnlyAdminsManageWebhooks() throws {
        let (id, _) = try server.subscribe(receiver.url)
        for token in [WebhookTestServer.submitToken, WebhookTestServer.readToken] {
            XCTAssertEqual(try server.call("POST", "/v1/webhooks", token: token, json: ["url": receiver.url, "events": ["ping"]]).status, 403)
            XCTAssertEqual(try server.call("GET", "/v1/webhooks", token: token).status, 403)
            XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(id)/deliveries", token: token).status, 403)
            XCTAssertEqual(try server.call("DELETE", "/v1/webhooks/\(id)", token: token).status, 403)
        }
        XCTAssertEqual(try server.call("GET", "/v1/webhooks", token: nil).status, 401)
        XCTAssertEqual(try server.call("GET", "/v1/webhooks", token: "wrong-token-0123456789abcdef").status, 401)
    }

    func testInvalidSubscriptionsGetStableProblemTypes() throws {
        let base = Problem.typeBase
        let cases: [(body: Any, status: Int, type: String)] = [
            (["url": "ftp://example.test/x", "events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": "file:///etc/passwd", "events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": "http://user:pass@example.test/", "events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": "http:///path", "events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": "/relative", "events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": "http://exa mple.test/", "events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": "http://example.test/" + String(repeating: "a", count: 2100), "events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": 5, "events": ["ping"]], 422, "webhook.invalid-url"),
            (["events": ["ping"]], 422, "webhook.invalid-url"),
            (["url": "https://example.test/", "events": []], 422, "webhook.invalid-events"),
            (["url": "https://example.test/", "events": ["analysis.started"]], 422, "webhook.invalid-events"),
            (["url": "https://example.test/"], 422, "webhook.invalid-events"),
            (["url": "https://example.test/", "events": ["ping"], "repository": 7], 400, "webhook.invalid-body"),
            (["url": "https://example.test/", "events": ["ping"], "secret": "whsec_x"], 400, "webhook.invalid-body"),
            (["https://example.test/"], 400, "webhook.invalid-body"),
        ]
        for (body, status, type) in cases {
            let response = try server.call("POST", "/v1/webhooks", json: body)
            XCTAssertEqual(response.status, status, "\(body)")
            XCTAssertEqual(response.problemType, base + type, "\(body)")
            XCTAssertEqual(response.headers["Content-Type"], "application/problem+json")
            XCTAssertFalse((response.json["detail"] as? String ?? "").isEmpty)
        }
        XCTAssertEqual(try server.call("POST", "/v1/webhooks", json: ["events": ["ping"]]).json["detail"] as? String, "'url' is required")
        XCTAssertEqual(try server.call("POST", "/v1/webhooks", json: ["url": 5, "events": ["ping"]]).json["detail"] as? String,
                       "'url' must be a string")
        XCTAssertEqual(try server.call("POST", "/v1/webhooks", body: Data("{nope".utf8)).problemType, base + "webhook.invalid-body")
        XCTAssertEqual(try server.call("POST", "/v1/webhooks", body: Data("url=x".utf8), contentType: "application/x-www-form-urlencoded").status, 415)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks").problemType, base + "webhook.invalid-body")
        XCTAssertEqual((try server.call("GET", "/v1/webhooks").json["items"] as? [[String: Any]])?.count, 0, "nothing invalid was stored")
    }

    func testUnknownWebhooksAndDeliveriesAre404() throws {
        let base = Problem.typeBase
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/wh_missing").problemType, base + "webhook.not-found")
        XCTAssertEqual(try server.call("DELETE", "/v1/webhooks/wh_missing").status, 404)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/wh_missing/ping").status, 404)
        let (id, _) = try server.subscribe(receiver.url)
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(id)/deliveries/msg_missing").status, 404)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/deliveries/msg_missing/redeliver").status, 404)
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(id)/deliveries?limit=0").problemType, base + "request.invalid-parameter")
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(id)/deliveries?cursor=bogus").problemType, base + "request.invalid-parameter")
    }

    func testDeleteRemovesTheSubscriptionAndItsLog() throws {
        let (id, _) = try server.subscribe(receiver.url)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/ping").status, 202)
        receiver.waitForRequests(1)
        XCTAssertEqual(try server.call("DELETE", "/v1/webhooks/\(id)").status, 204)
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(id)").status, 404)
        XCTAssertEqual(try server.call("GET", "/v1/webhooks/\(id)/deliveries").status, 404)
        let rows = try server.server.store.withDatabase { try $0.query("SELECT COUNT(*) AS n FROM webhook_deliveries").first?.integer("n") }
        XCTAssertEqual(rows, 0)
    }

    func testDisableStopsDeliveriesAndEnableResumes() throws {
        let (id, _) = try server.subscribe(receiver.url)
        let disabled = try server.call("POST", "/v1/webhooks/\(id)/disable")
        XCTAssertEqual(disabled.json["enabled"] as? Bool, false)
        XCTAssertEqual(disabled.json["disabledReason"] as? String, "disabled by an operator")
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/ping").problemType, Problem.typeBase + "webhook.conflict")
        try server.finishAnalysis(WebhookTestServer.succeeded())
        let enabled = try server.call("POST", "/v1/webhooks/\(id)/enable")
        XCTAssertEqual(enabled.json["enabled"] as? Bool, true)
        XCTAssertNil(enabled.json["disabledReason"])
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/ping").status, 202)
        XCTAssertEqual(receiver.waitForRequests(1).first?.headers["nibscan-event"], "ping")
        usleep(200_000)
        XCTAssertEqual(receiver.requests.count, 1, "the analysis finished while disabled was never queued")
    }

    func testRotatedSecretSignsWithOldAndNewDuringTheOverlap() throws {
        let (id, oldSecret) = try server.subscribe(receiver.url)
        let rotated = try server.call("POST", "/v1/webhooks/\(id)/rotate-secret")
        XCTAssertEqual(rotated.status, 200)
        let newSecret = try XCTUnwrap(rotated.json["secret"] as? String)
        XCTAssertNotEqual(newSecret, oldSecret)
        XCTAssertNotNil(rotated.json["previousSecretExpiresAt"] as? String)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/ping").status, 202)
        let request = try XCTUnwrap(receiver.waitForRequests(1).first)
        let signatures = request.headers["webhook-signature"]?.split(separator: " ") ?? []
        XCTAssertEqual(signatures.count, 2)
        XCTAssertTrue(signatures.allSatisfy { $0.hasPrefix("v1,") })
        let headers = ReferenceVerifier.signatureHeaders(request)
        XCTAssertEqual(try ReferenceVerifier.verify(secret: newSecret, headers: headers, body: request.body), .verified)
        XCTAssertEqual(try ReferenceVerifier.verify(secret: oldSecret, headers: headers, body: request.body), .verified)
        let unrelated = try WebhookSecret.generate().text
        XCTAssertNotEqual(try ReferenceVerifier.verify(secret: unrelated, headers: headers, body: request.body), .verified)
    }

    func testOverlapEndsAndOnlyTheNewSecretSigns() throws {
        server.stop()
        server.removeData()
        server = try WebhookTestServer { $0.webhooks.secretOverlap = 0 }
        let (id, _) = try server.subscribe(receiver.url)
        let newSecret = try XCTUnwrap(try server.call("POST", "/v1/webhooks/\(id)/rotate-secret").json["secret"] as? String)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/ping").status, 202)
        let request = try XCTUnwrap(receiver.waitForRequests(1).first)
        XCTAssertEqual(request.headers["webhook-signature"]?.split(separator: " ").count, 1)
        XCTAssertEqual(try ReferenceVerifier.verify(secret: newSecret, headers: ReferenceVerifier.signatureHeaders(request), body: request.body), .verified)
    }

    func testDeliveryLogPagesAndRedeliverRequeuesTheSameMessage() throws {
        let (id, _) = try server.subscribe(receiver.url)
        for _ in 0 ..< 3 { XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/ping").status, 202) }
        receiver.waitForRequests(3)
        try server.waitForDeliveries(id) { $0.count == 3 && $0.allSatisfy { $0["status"] as? String == "succeeded" } }
        let first = try server.call("GET", "/v1/webhooks/\(id)/deliveries?limit=2")
        let firstItems = try XCTUnwrap(first.json["items"] as? [[String: Any]])
        XCTAssertEqual(firstItems.count, 2)
        let cursor = try XCTUnwrap(first.json["nextCursor"] as? String)
        XCTAssertEqual((first.json["links"] as? [String: Any])?["next"] as? String, "/v1/webhooks/\(id)/deliveries?limit=2&cursor=\(cursor)")
        let second = try server.call("GET", "/v1/webhooks/\(id)/deliveries?limit=2&cursor=\(cursor)")
        let secondItems = try XCTUnwrap(second.json["items"] as? [[String: Any]])
        XCTAssertEqual(secondItems.count, 1)
        XCTAssertNil(second.json["nextCursor"])
        let ids = (firstItems + secondItems).compactMap { $0["id"] as? String }
        XCTAssertEqual(Set(ids).count, 3)

        let oldest = try XCTUnwrap(ids.last)
        let redelivered = try server.call("POST", "/v1/webhooks/\(id)/deliveries/\(oldest)/redeliver")
        XCTAssertEqual(redelivered.status, 202)
        XCTAssertEqual(redelivered.json["status"] as? String, "pending")
        let requests = receiver.waitForRequests(4)
        XCTAssertEqual(requests.count, 4)
        XCTAssertEqual(requests.last?.headers["webhook-id"], oldest, "a redelivery is the same message")
        let shown = try server.waitForDeliveries(id) { log in
            (log.first { $0["id"] as? String == oldest }?["attempts"] as? [Any])?.count == 2
        }
        let entry = try XCTUnwrap(shown.first { $0["id"] as? String == oldest })
        XCTAssertEqual(entry["status"] as? String, "succeeded")
        let single = try server.call("GET", "/v1/webhooks/\(id)/deliveries/\(oldest)")
        XCTAssertEqual((single.json["attempts"] as? [[String: Any]])?.compactMap { $0["number"] as? Int }, [1, 2])
    }
}
