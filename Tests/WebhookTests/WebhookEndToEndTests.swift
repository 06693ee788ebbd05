import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// The whole path over real sockets: a subscription made through the listener, a zip
/// uploaded and analysed by a worker, the webhook on a loopback receiver; proxies from the
/// environment are never used.
final class WebhookEndToEndTests: LoopbackTestCase {
    override func setUpWithError() throws {
        receiver = try LoopbackReceiver()
        server = try WebhookTestServer()
    }

    func testUploadedAnalysisIsAnnouncedToASubscriptionMadeOverTheWire() throws {
        let admin = ["Authorization": "Bearer \(WebhookTestServer.adminToken)", "Content-Type": "application/json"]
        let body = try JSONSerialization.data(withJSONObject: ["url": receiver.url, "events": ["analysis.succeeded", "analysis.failed"]])
        let created = try WireClient.send(port: server.port, "POST", "/v1/webhooks", headers: admin, body: body)
        XCTAssertEqual(created.status, 201, created.head)
        let subscription = try XCTUnwrap(try JSONSerialization.jsonObject(with: created.body) as? [String: Any])
        let secret = try XCTUnwrap(subscription["secret"] as? String)
        let forbidden = try WireClient.send(port: server.port, "POST", "/v1/webhooks",
                                            headers: ["Authorization": "Bearer \(WebhookTestServer.submitToken)", "Content-Type": "application/json"], body: body)
        XCTAssertEqual(forbidden.status, 403)

        var zip = ZipBuilder()
        zip.add("App/BadgeView.swift", text: "import UIKit\nfinal class BadgeView: UIView {}\n")
        let uploaded = try WireClient.send(port: server.port, "POST", "/v1/analyses?repository=acme%2Fapp&wait=20",
                                           headers: ["Authorization": "Bearer \(WebhookTestServer.submitToken)", "Content-Type": "application/zip"],
                                           body: zip.build())
        let analysis = try XCTUnwrap(try JSONSerialization.jsonObject(with: uploaded.body) as? [String: Any])
        // 200 with the analysis, or (when the archive was at fault) a problem naming it.
        let analysisID = try XCTUnwrap(analysis["id"] as? String ?? analysis["analysisId"] as? String, uploaded.head)
        let request = try XCTUnwrap(receiver.waitForRequests(1).first)
        let payload = try XCTUnwrap(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        let data = try XCTUnwrap(payload["data"] as? [String: Any])
        XCTAssertEqual(data["id"] as? String, analysisID)
        XCTAssertEqual(data["repository"] as? String, "github.com/acme/app")
        let status = try XCTUnwrap(data["status"] as? String)
        XCTAssertEqual(payload["type"] as? String, "analysis.\(status)")
        XCTAssertEqual(request.headers["nibscan-event"], "analysis.\(status)")
        XCTAssertEqual(try ReferenceVerifier.verify(secret: secret, headers: ReferenceVerifier.signatureHeaders(request), body: request.body), .verified)
    }

    func testThePayloadLinksToASignedPageThatOpensWithoutAToken() throws {
        _ = try server.subscribe(receiver.url)
        var zip = ZipBuilder()
        zip.add("App/BadgeView.swift", text: "import UIKit\nfinal class BadgeView: UIView {}\n")
        let uploaded = try WireClient.send(port: server.port, "POST", "/v1/analyses?repository=acme%2Fapp&wait=20",
                                           headers: ["Authorization": "Bearer \(WebhookTestServer.submitToken)", "Content-Type": "application/zip"],
                                           body: zip.build())
        XCTAssertEqual(uploaded.status, 200, uploaded.head)
        let request = try XCTUnwrap(receiver.waitForRequests(1).first)
        let payload = try XCTUnwrap(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        XCTAssertEqual(payload["type"] as? String, "analysis.succeeded")
        let links = try XCTUnwrap((payload["data"] as? [String: Any])?["links"] as? [String: Any])
        let page = try XCTUnwrap(links["page"] as? String)
        let base = "https://nibscan.example.test"
        XCTAssertTrue(page.hasPrefix(base + "/v1/analyses/"), page)
        XCTAssertTrue(page.contains("/report?format=html&expires="), page)
        XCTAssertTrue(page.contains("&signature="), page)
        XCTAssertNotNil((links["reports"] as? [String: String])?["json"], "the existing links stay")
        let opened = try WireClient.send(port: server.port, "GET", String(page.dropFirst(base.count)))
        XCTAssertEqual(opened.status, 200, opened.head)
        XCTAssertTrue(opened.head.lowercased().contains("content-type: text/html; charset=utf-8"), opened.head)
        XCTAssertTrue(opened.head.contains("frame-ancestors 'none'"), opened.head)
        XCTAssertTrue(String(decoding: opened.body, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
    }

    func testProxiesFromTheEnvironmentAreIgnored() throws {
        let proxy = try LoopbackReceiver()
        defer { proxy.stop() }
        let names = ["http_proxy", "HTTP_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"]
        for name in names { setenv(name, "http://127.0.0.1:\(proxy.port)", 1) }
        defer { for name in names { unsetenv(name) } }
        let (webhookID, _) = try server.subscribe(receiver.url)
        XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(webhookID)/ping").status, 202)
        XCTAssertEqual(receiver.waitForRequests(1).count, 1)
        XCTAssertEqual(proxy.requests.count, 0)
    }
}
