@testable import Analysis
import Foundation
import XCTest

final class MarkdownReportTests: XCTestCase {
    private let linked = RenderOptions(
        repository: "https://github.com/acme/app/", commit: "0123abc",
        reportURL: "https://nibscan.example/v1/analyses/42/report?format=json",
        pathMapping: PathMapping(stripPrefix: "App/"))

    private func render(_ report: Report, options: RenderOptions = .init()) throws -> String {
        String(decoding: try report.rendered(as: .markdown, options: options), as: UTF8.self)
    }

    private var baselined: Report {
        let gone = Finding(rule: "unknown-class", severity: .error, className: "OldView",
                           message: "Class OldView | not found", locations: [SourceLocation(path: "App/Old.xib", line: 9)],
                           fix: "", fingerprint: "fp-gone")
        return Baseline(findings: [SyntheticReports.outletFinding, gone], reference: "main.json").compare(SyntheticReports.mixed)
    }

    func testMixedReportSnapshot() throws {
        Snapshot.assertMatches(try render(SyntheticReports.mixed), ReportSnapshots.markdownMixed, named: "markdown-mixed.md")
    }

    func testBaselinedReportWithLinksSnapshot() throws {
        Snapshot.assertMatches(try render(baselined, options: linked), ReportSnapshots.markdownBaselined, named: "markdown-baselined.md")
    }

    func testCleanReportSnapshot() throws {
        Snapshot.assertMatches(try render(SyntheticReports.clean), ReportSnapshots.markdownClean, named: "markdown-clean.md")
    }

    func testMarkerComesFirstAndVerdictFollowsTheFailPolicy() throws {
        let failing = try render(SyntheticReports.mixed)
        XCTAssertTrue(failing.hasPrefix("<!-- nibscan-report -->\n❌ "))
        let lenient = try render(SyntheticReports.mixed, options: .init(failPolicy: FailPolicy(threshold: nil)))
        XCTAssertTrue(lenient.hasPrefix("<!-- nibscan-report -->\n✅ "))
        // Only the unchanged error is left when new findings alone count.
        let onlyOld = Baseline(report: SyntheticReports.mixed).compare(SyntheticReports.mixed)
        let newOnly = try render(onlyOld, options: .init(failPolicy: FailPolicy(threshold: .error, scope: .new)))
        XCTAssertTrue(newOnly.hasPrefix("<!-- nibscan-report -->\n✅ **nibscan**: 0 new, 4 unchanged, 0 fixed\n\nNo new findings.\n"))
    }

    func testEveryTableRowHasFiveCells() throws {
        let text = try render(baselined, options: linked)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }
        XCTAssertEqual(rows.count, 4, "header and three new findings")
        for row in rows {
            let separators = row.enumerated().filter { offset, character in
                character == "|" && (offset == 0 || row[row.index(row.startIndex, offsetBy: offset - 1)] != "\\")
            }
            XCTAssertEqual(separators.count, 6, String(row))
        }
    }

    func testTenThousandFindingsStayUnderTheCommentLimit() throws {
        let report = SyntheticReports.many(10_000)
        let text = try render(report, options: linked)
        XCTAssertLessThan(text.utf8.count, 65_000)
        XCTAssertLessThan(text.utf16.count, 65_000)
        XCTAssertTrue(text.hasPrefix(MarkdownReportRenderer.marker))
        XCTAssertTrue(text.hasSuffix("[full report](https://nibscan.example/v1/analyses/42/report?format=json)</sub>\n"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") }.count - 1
        XCTAssertGreaterThan(rows, 10)
        XCTAssertTrue(text.contains("\n…and \(10_000 - rows) more findings, not shown.\n"), "the cut is announced with its count")
        XCTAssertTrue(text.contains("</details>"), "the details section is closed even when cut")
        XCTAssertEqual(text, try render(report, options: linked), "truncation is deterministic")
    }

    func testHugeMessagesAndURLsCannotBreakTheLimit() throws {
        let finding = Finding(rule: String(repeating: "r", count: 5_000), severity: .error,
                              className: String(repeating: "C", count: 5_000),
                              message: String(repeating: "<&|`\n", count: 50_000),
                              locations: [SourceLocation(path: String(repeating: "p/", count: 5_000), line: 1)],
                              fix: String(repeating: "f", count: 100_000), fingerprint: "x")
        let report = SyntheticReports.report(findings: Array(repeating: finding, count: 50))
        let options = RenderOptions(repository: "https://github.com/acme/app", commit: "c",
                                    reportURL: "https://x.example/" + String(repeating: "a", count: 100_000))
        let text = try render(report, options: options)
        XCTAssertLessThan(text.utf8.count, 65_000)
        XCTAssertTrue(text.hasPrefix(MarkdownReportRenderer.marker))
    }

    func testInlineEscaping() {
        XCTAssertEqual(MarkdownText.inline("a|b`c<d>&e\r\nf\ng*_[x]~#\\"),
                       "a\\|b\\`c&lt;d&gt;&amp;e<br>f<br>g\\*\\_\\[x\\]\\~\\#\\\\")
        XCTAssertEqual(MarkdownText.inline("@objc"), "@\u{2060}objc", "no mention of a GitHub user")
        XCTAssertEqual(MarkdownText.inline("<!-- nibscan-report -->"), "&lt;!-- nibscan-report --&gt;",
                       "a message cannot forge the marker")
        XCTAssertEqual(MarkdownText.inline(String(repeating: "x", count: 1_000), limit: 10), "xxxxxxxxx…")
    }

    func testCodeSpans() {
        XCTAssertEqual(MarkdownText.code("Card.xib:3"), "`Card.xib:3`")
        XCTAssertEqual(MarkdownText.code("a`b"), "``a`b``")
        XCTAssertEqual(MarkdownText.code("`x``"), "``` `x`` ```")
        XCTAssertEqual(MarkdownText.code("a|b\nc"), "`a\\|b c`")
    }

    func testBudgetAnnouncesWhatItCuts() {
        var budget = MarkdownBudget(limit: 60)
        var rendered = 0
        budget.appendSection(opening: "<", count: 10, item: { _ in rendered += 1; return "0123456789" },
                             closing: ">", more: { "+\($0)" }, reserve: 0)
        // 1 + 5 × 10 + room for "+10" and ">": a sixth item would leave too little.
        XCTAssertEqual(budget.text, "<" + String(repeating: "0123456789", count: 5) + "+5>")
        XCTAssertEqual(rendered, 6, "items past the cut are never rendered")
        XCTAssertLessThanOrEqual(budget.text.utf8.count, 60)
    }
}
