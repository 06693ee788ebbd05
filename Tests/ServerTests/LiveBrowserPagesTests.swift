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

    func testTheRuleBarsTakeTheirColoursFromTheHashedStylesheet() throws {
        let findings = [Severity.error, .warning, .info].enumerated().map { index, severity in
            Finding(rule: "rule.a", severity: severity, message: "m", locations: [], fix: "f", fingerprint: "fp-\(index)")
        }
        let report = Report(project: .init(name: "App", files: 1, bytes: 1), files: [], findings: findings, summary: .init(errors: 1, warnings: 1, infos: 1))
        for (daysAgo, severities) in [(3.0, false), (1.0, true)] {
            try live.seed(status: .succeeded, report: report, repository: "github.com/acme/app", branch: "main",
                          createdAt: Date(timeIntervalSinceNow: -daysAgo * 86_400), severities: severities)
        }
        let response = try live.request("GET", "/v1/repositories/github.com%2Facme%2Fapp?format=html")
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-repository-page")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.html")
        try response.body.write(to: file)
        // The saved page carries the same policy in its <meta>: a stylesheet it refused would leave every bar black.
        let measured = try HeadlessBrowser.measure(file, script: """
            const fills = {};
            for (const rect of doc.querySelectorAll('g.bar rect')) fills[rect.getAttribute('class')] = doc.defaultView.getComputedStyle(rect).fill;
            return fills;
            """)
        XCTAssertEqual(measured.console, [])
        XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: measured.result), [
            "sev-error": "rgb(201, 37, 45)", "sev-warning": "rgb(178, 80, 0)", "sev-info": "rgb(0, 96, 199)", "sev-unrecorded": "rgb(110, 110, 115)",
        ], "each part in its severity's colour, a total-only bar grey")
    }
}
