import Analysis
import Foundation
import XCTest

/// GitLab Code Quality: the fields GitLab reads, per its report format.
final class CodeClimateReportTests: XCTestCase {
    private func issues(_ report: Report, options: RenderOptions = .init()) throws -> [[String: Any]] {
        let data = try report.rendered(as: .codeclimate, options: options)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    func testEveryIssueHasTheFieldsGitLabReads() throws {
        let issues = try issues(SyntheticReports.mixed)
        XCTAssertEqual(issues.count, 4)
        for issue in issues {
            XCTAssertEqual(issue["type"] as? String, "issue")
            XCTAssertFalse((issue["description"] as? String ?? "").isEmpty)
            XCTAssertFalse((issue["check_name"] as? String ?? "").isEmpty)
            XCTAssertFalse((issue["fingerprint"] as? String ?? "").isEmpty)
            XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            XCTAssertFalse((location["path"] as? String ?? "").isEmpty)
            XCTAssertGreaterThanOrEqual((location["lines"] as? [String: Any])?["begin"] as? Int ?? 0, 1)
        }
        XCTAssertEqual(Set(issues.compactMap { $0["fingerprint"] as? String }).count, 4, "fingerprints are unique")
    }

    func testValuesAndSeverityMapping() throws {
        let issues = try issues(SyntheticReports.mixed, options: .init(pathMapping: PathMapping(addPrefix: "ios/")))
        XCTAssertEqual(issues.map { $0["severity"] as? String }, ["critical", "major", "info", "critical"])
        XCTAssertEqual(issues[0]["description"] as? String, SyntheticReports.nastyMessage)
        XCTAssertEqual(issues[0]["check_name"] as? String, "placeholder-constraints-dropped")
        XCTAssertEqual(issues[0]["fingerprint"] as? String, "fp-placeholder")
        XCTAssertEqual((issues[0]["content"] as? [String: Any])?["body"] as? String,
                       "Fix: Copy the placeholder's constraints in awakeAfter(using:)")
        let location = try XCTUnwrap(issues[0]["location"] as? [String: Any])
        XCTAssertEqual(location["path"] as? String, "ios/App/Base.lproj/Main.storyboard")
        XCTAssertEqual((location["lines"] as? [String: Any])?["begin"] as? Int, 42)
        XCTAssertNil(issues[2]["content"], "no fix, no content")
        // The unlocated finding is pinned to its class declaration.
        XCTAssertEqual((issues[3]["location"] as? [String: Any])?["path"] as? String, "ios/App/Views/CardView.swift")
    }

    func testDuplicateFingerprintsAreNumberedAndUnlocatedFindingsAnchored() throws {
        let orphan = Finding(rule: "r", severity: .warning, message: "m", locations: [], fix: "", fingerprint: "same")
        let issues = try issues(SyntheticReports.report(findings: [orphan, orphan, orphan], classes: []))
        XCTAssertEqual(issues.compactMap { $0["fingerprint"] as? String }, ["same", "same/2", "same/3"])
        XCTAssertEqual((issues[0]["location"] as? [String: Any])?["path"] as? String, ".")
    }

    func testCleanReportIsAnEmptyArray() throws {
        XCTAssertEqual(try issues(SyntheticReports.clean).count, 0)
    }
}
