import Analysis
import Foundation
@testable import Server
import XCTest

/// `GET /v1/repositories/{repository}` over loopback: each branch's latest analysis and the
/// trend, as JSON and as a page with inline SVG charts, checked against the seeded analyses.
final class LiveRepositoryPageTests: XCTestCase {
    private var live: LiveServer!
    private let read = ["Authorization": "Bearer \(LiveServer.readToken)"]
    private let path = "/v1/repositories/github.com%2Facme%2Fapp"
    /// The ids of the seeded analyses by name.
    private var ids: [String: String] = [:]

    override func setUpWithError() throws {
        live = try LiveServer(withTokens: true)
        let hour: TimeInterval = 3_600
        let now = Date()
        ids["old"] = try seed(branch: "main", hoursAgo: 48, now: now, findings: [("rule.a", .error), ("rule.a", .error), ("rule.b", .warning)])
        ids["main"] = try seed(branch: "main", hoursAgo: 24, now: now, findings: [("rule.a", .error), ("rule.c", .info)])
        ids["feature"] = try seed(branch: "feature/x", hoursAgo: 23, now: now, findings: [("rule.b", .warning)])
        ids["failed"] = try live.seed(status: .failed, failure: .init(code: "archive.invalid", message: "m"), repository: "github.com/acme/app",
                                      branch: "main", createdAt: now.addingTimeInterval(-hour))
        try live.seed(status: .succeeded, report: report([("rule.z", .error)]), repository: "github.com/acme/other", branch: "main")
    }

    override func tearDown() {
        live.stop()
    }

    private func report(_ findings: [(String, Severity)]) -> Report {
        let made = findings.enumerated().map { index, finding in
            Finding(rule: finding.0, severity: finding.1, message: "m", locations: [], fix: "f", fingerprint: "fp-\(index)")
        }
        return Report(project: .init(name: "App", files: 1, bytes: 1), files: [], findings: made,
                      summary: .init(errors: findings.count { $0.1 == .error }, warnings: findings.count { $0.1 == .warning },
                                     infos: findings.count { $0.1 == .info }))
    }

    private func seed(branch: String, hoursAgo: Double, now: Date, findings: [(String, Severity)]) throws -> String {
        try live.seed(status: .succeeded, report: report(findings), repository: "github.com/acme/app", branch: branch, commit: "c0ffee\(Int(hoursAgo))",
                      createdAt: now.addingTimeInterval(-hoursAgo * 3_600))
    }

    func testTheJSONListsEachBranchsLatestAnalysisAndTheTrend() throws {
        let response = try live.request("GET", path + "?branch=main", headers: read)
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.header("Content-Type"), "application/json")
        let page = try response.json()
        XCTAssertEqual(page["name"] as? String, "github.com/acme/app")
        let branches = try XCTUnwrap(page["branches"] as? [[String: Any]])
        XCTAssertEqual(branches.map { $0["name"] as? String }, ["feature/x", "main"])
        XCTAssertEqual(branches.map { $0["analyses"] as? Int }, [1, 3])
        let latest = branches.map { $0["latestAnalysis"] as? [String: Any] }
        XCTAssertEqual(latest.map { $0?["id"] as? String }, [ids["feature"], ids["failed"]], "the latest upload, whatever its status")
        XCTAssertEqual(latest.map { $0?["status"] as? String }, ["succeeded", "failed"])
        let trend = try XCTUnwrap(page["trend"] as? [String: Any])
        XCTAssertEqual(trend["branch"] as? String, "main")
        XCTAssertEqual(trend["bucket"] as? String, "day")
        let items = try XCTUnwrap(trend["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["analysisId"] as? String }, [ids["old"], ids["main"]], "a failed analysis is no point")
        XCTAssertEqual(items.map { $0["errors"] as? Int }, [2, 1])
        XCTAssertEqual(items.map { $0["warnings"] as? Int }, [1, 0])
        XCTAssertEqual(items.map { $0["infos"] as? Int }, [0, 1])
        XCTAssertEqual(items.map { $0["rules"] as? [String: Int] }, [["rule.a": 2, "rule.b": 1], ["rule.a": 1, "rule.c": 1]])
        func counts(_ errors: Int, _ warnings: Int, _ infos: Int) -> [String: Int] { ["errors": errors, "warnings": warnings, "infos": infos] }
        XCTAssertEqual(items.map { $0["ruleSeverities"] as? [String: [String: Int]] },
                       [["rule.a": counts(2, 0, 0), "rule.b": counts(0, 1, 0)], ["rule.a": counts(1, 0, 0), "rule.c": counts(0, 0, 1)]])
        XCTAssertEqual(try OpenAPISchemas.problems(in: response.body, against: "Repository"), "", "the page is what openapi.yaml says")
        let links = try XCTUnwrap(page["links"] as? [String: String])
        XCTAssertEqual(links["self"], path)
        let trendsLink = try XCTUnwrap(links["trends"])
        XCTAssertTrue(trendsLink.hasPrefix("/v1/trends?repository=github.com%2Facme%2Fapp&branch=main&bucket=day&since="), trendsLink)
        XCTAssertEqual(try live.request("GET", trendsLink, headers: read).status, 200, "the trends link works as given")
    }

    func testAnyFormOfTheNameFindsTheRepository() throws {
        XCTAssertEqual(try live.request("GET", "/v1/repositories/acme%2Fapp", headers: read).status, 200)
        XCTAssertEqual(try live.request("GET", "/v1/repositories/https%3A%2F%2Fgithub.com%2FAcme%2Fapp.git", headers: read).status, 200)
        let missing = try live.request("GET", "/v1/repositories/acme%2Fnothing", headers: read)
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(try missing.json()["type"] as? String, Problem.typeBase + "request.not-found")
        XCTAssertEqual(try live.request("GET", "/v1/repositories/github.com/acme/app", headers: read).status, 404, "slashes must be encoded")
        XCTAssertEqual(try live.request("GET", path).status, 401, "the page needs a token")
    }

    func testBadParametersAre400() throws {
        for (query, parameter) in [("format=pdf", "format"), ("bucket=month", "bucket"), ("since=2025-01-01", "since"),
                                   ("since=2026-12-02&until=2026-12-01", "since")] {
            let response = try live.request("GET", path + "?" + query, headers: read)
            XCTAssertEqual(response.status, 400, query)
            XCTAssertTrue((try response.json()["detail"] as? String)?.contains("'\(parameter)'") == true, query)
        }
        XCTAssertEqual(try live.request("GET", path + "?since=2026-01-01&until=2026-12-01&bucket=week", headers: read).status, 200,
                       "most of a year by week fits")
    }

    func testThePageDrawsTheTrendAndLinksToSignedReports() throws {
        let response = try live.request("GET", path + "?branch=main&format=html", headers: read)
        XCTAssertEqual(response.status, 200, response.text)
        XCTAssertEqual(response.header("Content-Type"), "text/html; charset=utf-8")
        let policy = try XCTUnwrap(response.header("Content-Security-Policy"))
        XCTAssertTrue(policy.hasPrefix("default-src 'none'") && policy.hasSuffix("frame-ancestors 'none'"), policy)
        XCTAssertEqual(response.header("Referrer-Policy"), "no-referrer")
        let html = response.text
        XCTAssertTrue(html.contains("<title>nibscan: github.com/acme/app</title>"))
        XCTAssertEqual(html.components(separatedBy: "<svg ").count - 1, 4, "a chart by severity and one per rule")
        XCTAssertTrue(html.contains("<title id=\"severities-title\">Findings by severity</title>"))
        XCTAssertTrue(html.contains("<li class=\"sev-error\">errors</li><li class=\"sev-warning\">warnings</li><li class=\"sev-info\">infos</li>"))
        XCTAssertFalse(html.contains("<script"), "no script")
        XCTAssertFalse(html.contains(" style=\""), "no inline style: the policy would refuse it")
        let captions = ["<code>rule.a</code> 1 now", "<code>rule.b</code> 0 now", "<code>rule.c</code> 1 now"]
        let positions = captions.compactMap { html.range(of: "<figcaption>\($0)</figcaption>")?.lowerBound }
        XCTAssertEqual(positions.count, 3, "a chart per rule, captioned with its latest count")
        XCTAssertEqual(positions, positions.sorted(), "most findings first, then by id")
        XCTAssertEqual(html.components(separatedBy: "<circle ").count - 1, 3 * 2, "a point per day for 3 severities")
        XCTAssertTrue(html.contains(": 2 errors</title></circle>"), "points say their count")
        // Rule charts: 80 units high from 0 to the highest bar; a bar per day with findings.
        XCTAssertEqual(try bars(in: html, chart: "rule-0"), ["2 errors": ["sev-error 12.0 80.0"], "1 errors": ["sev-error 52.0 40.0"]], "rule.a")
        XCTAssertEqual(try bars(in: html, chart: "rule-1"), ["1 warnings": ["sev-warning 12.0 80.0"]], "rule.b")
        XCTAssertEqual(try bars(in: html, chart: "rule-2"), ["1 infos": ["sev-info 12.0 80.0"]], "rule.c")
        XCTAssertTrue(html.contains("<h3>Findings by rule</h3><ul class=\"legend\"><li class=\"sev-error\">errors</li><li class=\"sev-warning\">warnings</li>"
                                    + "<li class=\"sev-info\">infos</li></ul>"), "one legend for every rule chart")
        XCTAssertFalse(html.contains("severity not recorded"), "every analysis stored its severities")
        XCTAssertTrue(html.contains("<td>2</td><td>1</td><td>0</td><td><code>rule.a</code> 2 (2/0/0), <code>rule.b</code> 1 (0/1/0)</td>"),
                      "the table has the numbers")
        let reportLink = try XCTUnwrap(html.range(of: "<a href=\"/v1/analyses/\(ids["feature"] ?? "")/report?format=html&amp;expires="))
        let href = html[html.index(reportLink.lowerBound, offsetBy: 9)...].prefix { $0 != "\"" }.replacingOccurrences(of: "&amp;", with: "&")
        XCTAssertEqual(try live.request("GET", href).status, 200, "a branch's report opens from the page without a token")
        XCTAssertFalse(html.contains("/v1/analyses/\(ids["failed"] ?? "")/report"), "a failed analysis has no report to link")
        let browser = try live.request("GET", path, headers: read.merging(["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"]) { $1 })
        XCTAssertEqual(browser.header("Content-Type"), "text/html; charset=utf-8", "a browser's Accept gets the page")
        XCTAssertEqual(browser.header("Vary"), "Accept")
    }

    func testARulesBarsStackItsSeveritiesAndAnOlderAnalysisShowsItsTotalOnly() throws {
        let now = Date()
        try live.seed(status: .succeeded, report: report([("rule.m", .error), ("rule.m", .error), ("rule.m", .warning)]),
                      repository: "github.com/acme/stack", createdAt: now.addingTimeInterval(-48 * 3_600), severities: false)
        try live.seed(status: .succeeded, report: report([("rule.m", .info), ("rule.m", .warning), ("rule.m", .error), ("rule.m", .warning)]),
                      repository: "github.com/acme/stack", createdAt: now.addingTimeInterval(-24 * 3_600))
        let html = try live.request("GET", "/v1/repositories/github.com%2Facme%2Fstack?format=html", headers: read).text
        XCTAssertEqual(try bars(in: html, chart: "rule-0"), [
            "3 findings, severity not recorded": ["sev-unrecorded 32.0 60.0"],
            "1 errors, 2 warnings, 1 infos": ["sev-error 72.0 20.0", "sev-warning 32.0 40.0", "sev-info 12.0 20.0"],
        ], "errors at the bottom, then warnings, then infos; 4 findings are the full 80 units")
        XCTAssertTrue(html.contains("<li class=\"sev-info\">infos</li><li class=\"sev-unrecorded\">findings, severity not recorded</li></ul>"))
        XCTAssertTrue(html.contains("<p class=\"note\">Grey bars are analyses stored before this server kept each rule's findings by severity"), "the page says so")
        XCTAssertTrue(html.contains("<code>rule.m</code> 3 <span class=\"muted\">(severity not recorded)</span></td>"))
        XCTAssertTrue(html.contains("<code>rule.m</code> 4 (1/2/1)</td>"))
    }

    /// The bars of the chart `chart` by their title (less the date), each as the class, `y`
    /// and height of its parts from the bottom up.
    private func bars(in html: String, chart: String) throws -> [String: [String]] {
        let start = try XCTUnwrap(html.range(of: "<title id=\"\(chart)-title\">"), chart)
        let end = try XCTUnwrap(html.range(of: "</svg>", range: start.upperBound ..< html.endIndex))
        let svg = String(html[start.upperBound ..< end.lowerBound])
        let bar = try NSRegularExpression(pattern: #"<g class="bar"><title>\d{4}-\d{2}-\d{2}: ([^<]*)</title>((?:<rect [^>]*/>)+)</g>"#)
        let part = try NSRegularExpression(pattern: #"<rect class="([a-z-]+)" x="[0-9.]+" y="([0-9.]+)" width="[0-9.]+" height="([0-9.]+)"/>"#)
        func text(_ match: NSTextCheckingResult, _ group: Int, in string: String) -> String {
            Range(match.range(at: group), in: string).map { String(string[$0]) } ?? ""
        }
        var found: [String: [String]] = [:]
        for match in bar.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let rects = text(match, 2, in: svg)
            found[text(match, 1, in: svg)] = part.matches(in: rects, range: NSRange(rects.startIndex..., in: rects)).map {
                "\(text($0, 1, in: rects)) \(text($0, 2, in: rects)) \(text($0, 3, in: rects))"
            }
        }
        return found
    }

    func testAnEmptySpanSaysSoInsteadOfDrawing() throws {
        let response = try live.request("GET", path + "?format=html&since=2020-01-01&until=2020-02-01", headers: read)
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.text.contains("No analysis succeeded in this span."))
        XCTAssertFalse(response.text.contains("<svg "))
        XCTAssertTrue(response.text.contains("<code>feature/x</code>"), "the branches are listed all the same")
    }
}
