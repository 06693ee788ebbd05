import Foundation
@testable import Server
import TestSupport
import XCTest

/// `PATCH /v1/webhooks/{id}` over real loopback sockets: editing in place, merge-patch
/// semantics, the same validation as creation, unknown ids and members, roles, and where
/// the next message goes.
final class WebhookEditTests: LoopbackTestCase {
    override func setUpWithError() throws {
        receiver = try LoopbackReceiver()
        server = try WebhookTestServer()
    }

    private struct Answer {
        var status: Int
        var head: String
        var json: [String: Any]

        var problemCode: String? { (json["type"] as? String).map { String($0.dropFirst(Problem.typeBase.count)) } }
        var detail: String { json["detail"] as? String ?? "" }
    }

    /// One PATCH through the listener.
    private func patch(_ id: String, _ body: Data?, contentType: String = "application/merge-patch+json",
                       token: String? = WebhookTestServer.adminToken) throws -> Answer {
        var headers: [String: String] = [:]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        if body != nil { headers["Content-Type"] = contentType }
        let response = try WireClient.send(port: server.port, "PATCH", "/v1/webhooks/\(id)", headers: headers, body: body ?? Data())
        let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return Answer(status: response.status, head: response.head, json: json)
    }

    private func patch(_ id: String, json: Any, contentType: String = "application/merge-patch+json") throws -> Answer {
        try patch(id, try JSONSerialization.data(withJSONObject: json), contentType: contentType)
    }

    private func shown(_ id: String) throws -> [String: Any] {
        try server.call("GET", "/v1/webhooks/\(id)").json
    }

    // MARK: Editing

    func testURLEventsAndRepositoryChangeInPlace() throws {
        let (id, secret) = try server.subscribe("https://old.example.test/hook", events: ["analysis.failed"], repository: "acme/old")
        let before = try shown(id)
        Thread.sleep(forTimeInterval: 0.01)

        let edited = try patch(id, json: ["url": "https://new.example.test/hook", "events": ["analysis.succeeded", "ping", "ping"],
                                          "repository": "https://github.com/Acme/New.git"])

        XCTAssertEqual(edited.status, 200, edited.head)
        XCTAssertTrue(edited.head.contains("Content-Type: application/json"), edited.head)
        XCTAssertEqual(edited.json["id"] as? String, id)
        XCTAssertEqual(edited.json["url"] as? String, "https://new.example.test/hook")
        XCTAssertEqual(edited.json["events"] as? [String], ["analysis.succeeded", "ping"])
        XCTAssertEqual(edited.json["repository"] as? String, "github.com/acme/new", "kept under its canonical name")
        XCTAssertNil(edited.json["secret"], "the secret is never shown again")
        XCTAssertEqual(edited.json["createdAt"] as? String, before["createdAt"] as? String)
        XCTAssertNotEqual(edited.json["updatedAt"] as? String, before["updatedAt"] as? String)
        let after = try shown(id)
        XCTAssertEqual(after["url"] as? String, "https://new.example.test/hook")
        XCTAssertEqual(after["events"] as? [String], ["analysis.succeeded", "ping"])
        let stored = try XCTUnwrap(try server.server.webhooks.store.subscription(id: id))
        XCTAssertEqual(stored.secret.text, secret, "editing keeps the secret")
    }

    func testMembersLeftOutAreKeptAndNullRemovesTheRepositoryFilter() throws {
        let (id, _) = try server.subscribe("https://hooks.example.test/a", events: ["analysis.failed"], repository: "acme/app")

        let events = try patch(id, json: ["events": ["analysis.succeeded"]])
        XCTAssertEqual(events.status, 200, events.head)
        XCTAssertEqual(events.json["url"] as? String, "https://hooks.example.test/a")
        XCTAssertEqual(events.json["repository"] as? String, "github.com/acme/app")

        let everyRepository = try patch(id, json: ["repository": NSNull()])
        XCTAssertEqual(everyRepository.status, 200, everyRepository.head)
        XCTAssertNil(everyRepository.json["repository"])
        XCTAssertEqual(everyRepository.json["events"] as? [String], ["analysis.succeeded"])
        XCTAssertNil(try shown(id)["repository"])
    }

    func testAPatchThatChangesNothingLeavesUpdatedAtAlone() throws {
        let (id, _) = try server.subscribe("https://hooks.example.test/a", events: ["ping"])
        let before = try shown(id)
        Thread.sleep(forTimeInterval: 0.01)
        for body: [String: Any] in [[:], ["url": "https://hooks.example.test/a"], ["events": ["ping"], "repository": NSNull()]] {
            let answer = try patch(id, json: body)
            XCTAssertEqual(answer.status, 200, "\(body): \(answer.head)")
            XCTAssertEqual(answer.json["updatedAt"] as? String, before["updatedAt"] as? String, "\(body)")
        }
    }

    func testPlainJSONIsAcceptedAsWellAsMergePatch() throws {
        let (id, _) = try server.subscribe("https://hooks.example.test/a", events: ["ping"])
        for type in ["application/json", "application/json; charset=utf-8", "Application/Merge-Patch+JSON"] {
            let answer = try patch(id, json: ["events": ["analysis.failed"]], contentType: type)
            XCTAssertEqual(answer.status, 200, "\(type): \(answer.head)")
        }
    }

    func testADisabledSubscriptionCanBeFixedAndStaysDisabled() throws {
        let (id, _) = try server.subscribe("https://broken.example.test/", events: ["ping"])
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/disable").status, 200)
        let fixed = try patch(id, json: ["url": receiver.url])
        XCTAssertEqual(fixed.status, 200, fixed.head)
        XCTAssertEqual(fixed.json["enabled"] as? Bool, false, "enabling stays its own call")
        XCTAssertNotNil(fixed.json["disabledReason"])
    }

    // MARK: Where messages go afterwards

    func testTheNextMessageGoesToTheNewURLAndTheOldReceiversFailureStreakIsCleared() throws {
        let newReceiver = try LoopbackReceiver()
        defer { newReceiver.stop() }
        let (id, _) = try server.subscribe(receiver.url, events: ["ping"])
        try server.server.store.withDatabase { database in
            try database.query("UPDATE webhook_subscriptions SET consecutive_failed_messages = 2, failing_since = ? WHERE id = ?",
                               [.real(Date().timeIntervalSince1970 - 60), .text(id)])
        }

        let kept = try patch(id, json: ["events": ["ping", "analysis.failed"]])
        XCTAssertEqual(kept.status, 200, kept.head)
        XCTAssertEqual(try server.server.webhooks.store.subscription(id: id)?.health.consecutiveFailedMessages, 2,
                       "same URL, same receiver: its streak stands")

        let moved = try patch(id, json: ["url": newReceiver.url])
        XCTAssertEqual(moved.status, 200, moved.head)
        let health = try XCTUnwrap(try server.server.webhooks.store.subscription(id: id)?.health)
        XCTAssertEqual(health.consecutiveFailedMessages, 0)
        XCTAssertNil(health.failingSince)

        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(id)/ping").status, 202)
        let delivered = newReceiver.waitForRequests(1)
        XCTAssertEqual(delivered.count, 1)
        XCTAssertEqual(delivered.first?.headers["nibscan-event"], "ping")
        XCTAssertEqual(receiver.requests.count, 0, "nothing goes to the old URL")
    }

    // MARK: Refusals

    func testInvalidMembersAreRefusedNamingTheMember() throws {
        let (id, _) = try server.subscribe("https://hooks.example.test/a", events: ["ping"], repository: "acme/app")
        let before = try shown(id)
        let cases: [(body: Any, status: Int, code: String, names: String)] = [
            (["url": "ftp://example.test/x"], 422, "webhook.invalid-url", "'url'"),
            (["url": "http://user:pass@example.test/"], 422, "webhook.invalid-url", "'url'"),
            (["url": "/relative"], 422, "webhook.invalid-url", "'url'"),
            (["url": "http://example.test/" + String(repeating: "a", count: 2100)], 422, "webhook.invalid-url", "'url'"),
            (["url": 5], 422, "webhook.invalid-url", "'url' must be a string"),
            (["url": NSNull()], 422, "webhook.invalid-url", "'url' cannot be removed"),
            (["events": []], 422, "webhook.invalid-events", "'events'"),
            (["events": ["analysis.started"]], 422, "webhook.invalid-events", "'analysis.started' is not an event"),
            (["events": "ping"], 422, "webhook.invalid-events", "'events'"),
            (["events": NSNull()], 422, "webhook.invalid-events", "'events'"),
            (["repository": 7], 400, "webhook.invalid-body", "'repository'"),
            (["repository": ""], 400, "webhook.invalid-body", "'repository'"),
            (["repository": String(repeating: "r", count: 256)], 400, "webhook.invalid-body", "'repository'"),
            (["secret": "whsec_x"], 400, "webhook.invalid-body", "'secret' is not changed by PATCH; use POST /v1/webhooks/{id}/rotate-secret"),
            (["enabled": true], 400, "webhook.invalid-body", "'enabled' is not changed by PATCH; use POST /v1/webhooks/{id}/enable"),
            (["id": "wh_other"], 400, "webhook.invalid-body", "'id' cannot be changed"),
            (["events": ["ping"], "colour": "red"], 400, "webhook.invalid-body", "'colour' cannot be changed"),
        ]
        for (body, status, code, names) in cases {
            let answer = try patch(id, json: body)
            XCTAssertEqual(answer.status, status, "\(body): \(answer.head)")
            XCTAssertEqual(answer.problemCode, code, "\(body)")
            XCTAssertTrue(answer.head.contains("Content-Type: application/problem+json"), answer.head)
            XCTAssertTrue(answer.detail.contains(names), "\(body): \(answer.detail)")
        }
        let arrayBody = try patch(id, json: [["url": "https://x.example.test/"]])
        XCTAssertEqual(arrayBody.status, 400)
        XCTAssertEqual(arrayBody.problemCode, "webhook.invalid-body")
        XCTAssertEqual(try patch(id, Data("{\"url\":".utf8)).problemCode, "webhook.invalid-body")
        XCTAssertEqual(try patch(id, nil).problemCode, "webhook.invalid-body")
        let form = try patch(id, Data("url=x".utf8), contentType: "application/x-www-form-urlencoded")
        XCTAssertEqual(form.status, 415)
        XCTAssertTrue(form.detail.contains("application/merge-patch+json or application/json"), form.detail)

        let after = try shown(id)
        for member in ["url", "events", "repository", "updatedAt"] {
            XCTAssertEqual(after[member] as? NSObject, before[member] as? NSObject, "\(member) unchanged by refused patches")
        }
    }

    func testUnknownIdIs404BeforeTheBodyIsJudged() throws {
        for body in [Data("{\"events\": [\"ping\"]}".utf8), Data("not json".utf8)] {
            let answer = try patch("wh_00000000000000000000000000000000", body)
            XCTAssertEqual(answer.status, 404, answer.head)
            XCTAssertEqual(answer.problemCode, "webhook.not-found")
            XCTAssertTrue(answer.detail.contains("wh_00000000000000000000000000000000"), answer.detail)
        }
        let (id, _) = try server.subscribe("https://hooks.example.test/a", events: ["ping"])
        XCTAssertEqual(try server.call("DELETE", "/v1/webhooks/\(id)").status, 204)
        XCTAssertEqual(try patch(id, json: ["events": ["ping"]]).status, 404, "a deleted subscription is gone")
    }

    func testOnlyAdminsEdit() throws {
        let (id, _) = try server.subscribe("https://hooks.example.test/a", events: ["ping"])
        let body = Data("{\"url\": \"https://evil.example.test/\"}".utf8)
        for token in [WebhookTestServer.submitToken, WebhookTestServer.readToken] {
            XCTAssertEqual(try patch(id, body, token: token).status, 403)
        }
        XCTAssertEqual(try patch(id, body, token: nil).status, 401)
        XCTAssertEqual(try patch(id, body, token: "wrong-token-0123456789abcdef").status, 401)
        XCTAssertEqual(try shown(id)["url"] as? String, "https://hooks.example.test/a")
    }

    func testTheItemAdvertisesPatchInAllow() throws {
        let (id, _) = try server.subscribe("https://hooks.example.test/a", events: ["ping"])
        let response = try WireClient.send(port: server.port, "PUT", "/v1/webhooks/\(id)",
                                           headers: ["Authorization": "Bearer \(WebhookTestServer.adminToken)"])
        XCTAssertEqual(response.status, 405)
        let allow = response.head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("allow:") } ?? ""
        XCTAssertTrue(allow.contains("PATCH"), String(allow))
    }
}
