@testable import Analysis
import Foundation
import XCTest

final class GitHubActionsReportTests: XCTestCase {
    private func render(_ report: Report, options: RenderOptions = .init()) throws -> String {
        String(decoding: try report.rendered(as: .github, options: options), as: UTF8.self)
    }

    func testMixedReportSnapshot() throws {
        Snapshot.assertMatches(try render(SyntheticReports.mixed), ReportSnapshots.githubMixed, named: "github-mixed.txt")
    }

    func testBaselinedReportSnapshot() throws {
        let baseline = Baseline(findings: [SyntheticReports.outletFinding,
                                           Finding(rule: "gone", severity: .warning, message: "gone", locations: [],
                                                   fix: "", fingerprint: "fp-gone")])
        let options = RenderOptions(pathMapping: PathMapping(stripPrefix: "App/", addPrefix: "ios/"))
        Snapshot.assertMatches(try render(baseline.compare(SyntheticReports.mixed), options: options),
                               ReportSnapshots.githubBaselined, named: "github-baselined.txt")
    }

    func testCleanReportIsOnlyTheSummary() throws {
        XCTAssertEqual(try render(SyntheticReports.clean), "nibscan: 0 errors, 0 warnings, 0 infos in 1 class\n")
    }

    func testEveryCommandIsOneLineAndCannotInjectAnother() throws {
        let lines = try render(SyntheticReports.mixed).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 6, "four commands, the summary, the final newline")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::") }.count, 4)
        for line in lines {
            XCTAssertFalse(line.contains("\r"))
            // Only the opening `::` and the one separating properties from the message.
            XCTAssertLessThanOrEqual(line.components(separatedBy: "::").count, 3, String(line))
        }
    }

    func testEscapingFollowsTheRunnerRules() {
        XCTAssertEqual(GitHubActionsReportRenderer.escapeData("100% a:b,c\r\nd\re"), "100%25 a:b,c%0D%0Ad%0De")
        XCTAssertEqual(GitHubActionsReportRenderer.escapeProperty("100% a:b,c\r\nd"), "100%25 a%3Ab%2Cc%0D%0Ad")
        XCTAssertEqual(GitHubActionsReportRenderer.escapeData("%0A"), "%250A", "an escape sequence in the text stays literal")
    }

    func testControlCharactersNeverReachTheLog() {
        XCTAssertEqual(GitHubActionsReportRenderer.escapeData("a\u{1B}[31m\u{0}\u{7}\tb\u{85}"), "a\u{FFFD}[31m\u{FFFD}\u{FFFD}\tb\u{FFFD}")
    }
}
