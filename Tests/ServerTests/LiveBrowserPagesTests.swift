import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// The server's HTML pages opened by headless Chromium over loopback, under the policy the
/// server sends as a header: they load with no policy violation and show their content.
final class LiveBrowserPagesTests: XCTestCase {
    private var live: LiveServer!

    override func setUpWithError() throws {
        _ = try HeadlessBrowser.executable()
        live = try LiveServer()
    }

    override func tearDown() {
        live?.stop()
    }

    func testTheRepositoryPageAndASignedReportLoadUnderTheirPolicy() throws {
        let findings = [Finding(rule: "rule.a", severity: .error, message: "m", locations: [], fix: "f", fingerprint: "fp-1"),
                        Finding(rule: "rule.b", severity: .warning, message: "m", locations: [], fix: "f", fingerprint: "fp-2")]
        let report = Report(project: .init(name: "App", files: 1, bytes: 1), files: [], findings: findings, summary: .init(errors: 1, warnings: 1))
        for daysAgo in [3.0, 1.0] {
            try live.seed(status: .succeeded, report: report, repository: "github.com/acme/app", branch: "main",
                          createdAt: Date(timeIntervalSinceNow: -daysAgo * 86_400))
        }
        let base = "http://127.0.0.1:\(live.port)"
        // Chromium's Accept prefers text/html: it gets the page without ?format=html.
        let page = try HeadlessBrowser.load(try XCTUnwrap(URL(string: base + "/v1/repositories/github.com%2Facme%2Fapp")))
        XCTAssertEqual(page.console, [], "no policy violation, no error")
        XCTAssertEqual(page.dom.components(separatedBy: "<svg class=\"chart\"").count - 1, 3, "severities, rule.a, rule.b")
        let id = try XCTUnwrap(try live.server.store.list(.init(limit: 1)).first?.id)
        let link = base + "/v1/analyses/\(id)/report?format=html&\(try XCTUnwrap(live.server.context.links.reportLinks).grant(for: id).query)"
        let reportPage = try HeadlessBrowser.load(try XCTUnwrap(URL(string: link)))
        XCTAssertEqual(reportPage.console, [])
        XCTAssertTrue(reportPage.dom.contains("<h1>App</h1>"), String(reportPage.dom.prefix(500)))
    }
}
