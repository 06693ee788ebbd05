import Foundation
@testable import Server
import TestSupport
import XCTest

/// With nothing allowed, every spelling of a loopback address is refused on the address
/// actually dialled: the receiver (listening on 127.0.0.1) sees no request and the
/// delivery log says why. Only loopback is ever dialled.
final class WebhookRefusalLiveTests: LoopbackTestCase {
    override func setUpWithError() throws {
        receiver = try LoopbackReceiver()
        server = try WebhookTestServer(allowed: "") { $0.webhooks.schedule.maxAttempts = 1 }
    }

    /// Pings `url`; returns the error of the single logged attempt.
    private func refusal(_ url: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let (webhookID, _) = try server.subscribe(url)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(webhookID)/ping").status, 202, file: file, line: line)
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String == "failed" }
        let attempts = log.first?["attempts"] as? [[String: Any]] ?? []
        XCTAssertEqual(attempts.count, 1, url, file: file, line: line)
        XCTAssertEqual(attempts.first?["result"] as? String, "refused", url, file: file, line: line)
        XCTAssertNil(attempts.first?["statusCode"], url, file: file, line: line)
        return attempts.first?["error"] as? String
    }

    func testLoopbackSpellingsAreRefused() throws {
        let port = receiver.port
        let cases: [(url: String, reason: String)] = [
            ("http://127.0.0.1:\(port)/hooks", "address 127.0.0.1 is loopback and not allowed"),
            ("http://127.0.0.2:\(port)/hooks", "address 127.0.0.2 is loopback and not allowed"),
            ("http://2130706433:\(port)/hooks", "address 127.0.0.1 is loopback and not allowed"),
            ("http://0x7f.1:\(port)/hooks", "address 127.0.0.1 is loopback and not allowed"),
            ("http://[::1]:\(port)/hooks", "address ::1 is loopback and not allowed"),
            ("http://[::ffff:127.0.0.1]:\(port)/hooks", "address ::ffff:127.0.0.1 is an IPv4-mapped address of 127.0.0.1, which is loopback"),
        ]
        for (url, reason) in cases {
            let error = try refusal(url)
            XCTAssertTrue(error?.contains(reason) == true, "\(url): \(error ?? "no error")")
        }
        XCTAssertEqual(receiver.requests.count, 0)
        XCTAssertEqual(try server.metric("nibscan_webhook_delivery_attempts_total{outcome=\"refused-address\"}"), cases.count)
    }

    func testLocalhostIsRefusedForEveryAddressItResolvesTo() throws {
        let error = try XCTUnwrap(try refusal("http://localhost:\(receiver.port)/hooks"))
        XCTAssertTrue(error.contains("is loopback and not allowed"), error)
        XCTAssertEqual(receiver.requests.count, 0)
    }

    func testAllowingAHostNameDoesNotAllowOtherSpellings() throws {
        server.stop()
        server.removeData()
        server = try WebhookTestServer(allowed: "localhost") { $0.webhooks.schedule.maxAttempts = 1 }
        let error = try XCTUnwrap(try refusal("http://127.0.0.1:\(receiver.port)/hooks"))
        XCTAssertTrue(error.contains("address 127.0.0.1 is loopback"), error)
        XCTAssertEqual(receiver.requests.count, 0)
        let (webhookID, _) = try server.subscribe("http://localhost:\(receiver.port)/hooks")
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(webhookID)/ping").status, 202)
        // localhost may resolve to ::1 first (refused: nothing listens there) and then to 127.0.0.1.
        let log = try server.waitForDeliveries(webhookID) { $0.first?["status"] as? String != "pending" }
        XCTAssertEqual(log.first?["status"] as? String, "succeeded")
        XCTAssertEqual(receiver.requests.count, 1)
        XCTAssertEqual(receiver.requests.first?.headers["nibscan-event"], "ping")
    }
}
