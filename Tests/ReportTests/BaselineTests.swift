import Analysis
import Foundation
import XCTest

final class BaselineTests: XCTestCase {
    private func finding(_ fingerprint: String, line: Int = 1, path: String = "App/Main.storyboard",
                         severity: Severity = .error) -> Finding {
        Finding(rule: "rule", severity: severity, message: "message at \(line)",
                locations: [SourceLocation(path: path, line: line)], fix: "fix", fingerprint: fingerprint)
    }

    func testNewUnchangedAndFixed() {
        let baseline = Baseline(findings: [finding("a"), finding("b"), finding("gone")], reference: "base.json")
        let compared = baseline.compare(SyntheticReports.report(findings: [finding("a"), finding("c"), finding("b")]))
        XCTAssertEqual(compared.findings.map(\.baseline), [.unchanged, .new, .unchanged])
        XCTAssertEqual(compared.baseline, BaselineComparison(reference: "base.json", new: 1, unchanged: 2,
                                                             fixed: [finding("gone")]))
    }

    func testMultisetMatching() {
        let baseline = Baseline(findings: [finding("dup")])
        let compared = baseline.compare(SyntheticReports.report(findings: [finding("dup"), finding("dup")]))
        XCTAssertEqual(compared.findings.map(\.baseline), [.unchanged, .new])
        XCTAssertEqual(compared.baseline?.new, 1)
        XCTAssertEqual(compared.baseline?.fixed, [])

        let shrunk = Baseline(findings: [finding("dup", line: 1), finding("dup", line: 2), finding("dup", line: 3)])
            .compare(SyntheticReports.report(findings: [finding("dup", line: 9)]))
        XCTAssertEqual(shrunk.findings.map(\.baseline), [.unchanged])
        XCTAssertEqual(shrunk.baseline?.fixed.map { $0.locations[0].line }, [2, 3], "the baseline's surplus, in its order")
    }

    func testFindingsThatMovedLinesStayUnchanged() throws {
        // Lines inserted above the findings and an unrelated file renamed: only the
        // fingerprints matter, so nothing is new and nothing is fixed.
        let before = SyntheticReports.report(findings: [finding("x", line: 10), finding("y", line: 40, path: "App/A.swift")])
        var after = SyntheticReports.report(findings: [finding("x", line: 25), finding("y", line: 57, path: "App/A.swift")])
        after.files[1].path = "App/Views/RenamedUnrelated.swift"
        let baseline = try Baseline(jsonData: before.jsonData(), reference: "before.json")
        let compared = baseline.compare(after)
        XCTAssertEqual(compared.findings.map(\.baseline), [.unchanged, .unchanged])
        XCTAssertEqual(compared.baseline?.new, 0)
        XCTAssertEqual(compared.baseline?.fixed, [])
        XCTAssertEqual(compared.findings.map { $0.locations[0].line }, [25, 57], "the current report's places are kept")
    }

    func testBaselineStatesFromAnOlderComparisonAreReplaced() {
        var old = finding("a")
        old.baseline = .new
        let compared = Baseline(findings: [old]).compare(SyntheticReports.report(findings: [old]))
        XCTAssertEqual(compared.findings.map(\.baseline), [.unchanged])
        let fixed = Baseline(findings: [old]).compare(SyntheticReports.report(findings: []))
        XCTAssertEqual(fixed.baseline?.fixed.first?.baseline, nil, "a fixed finding carries no state of its own")
    }

    func testComparedReportRoundTripsAndPlainReportHasNoBaselineKey() throws {
        let compared = Baseline(findings: [finding("a"), finding("gone")]).compare(SyntheticReports.report(findings: [finding("a")]))
        XCTAssertEqual(try Report.decode(jsonData: compared.jsonData()), compared)
        let json = String(decoding: try compared.jsonData(pretty: false), as: UTF8.self)
        XCTAssertTrue(json.contains("\"baseline\":{\"fixed\":[{"))
        XCTAssertTrue(json.contains("\"baseline\":\"unchanged\""))
        let plain = String(decoding: try SyntheticReports.mixed.jsonData(pretty: false), as: UTF8.self)
        XCTAssertFalse(plain.contains("\"baseline\""), "the schemaVersion 1 shape is unchanged without a baseline")
    }

    func testUnreadableBaselinesNameTheProblem() {
        XCTAssertThrowsError(try Baseline(jsonData: Data("not json".utf8), reference: "b.json")) { error in
            XCTAssertEqual((error as? BaselineError)?.code, "baseline.not-a-report")
            XCTAssertEqual("\(error)", "baseline 'b.json' is not a nibscan JSON report: not valid JSON")
        }
        XCTAssertThrowsError(try Baseline(jsonData: Data("[]".utf8))) { error in
            XCTAssertEqual("\(error)", "baseline is not a nibscan JSON report: wrong type at the top level")
        }
        XCTAssertThrowsError(try Baseline(jsonData: Data(#"{"schemaVersion": 1}"#.utf8))) { error in
            XCTAssertEqual("\(error)", "baseline is not a nibscan JSON report: missing 'tool' at the top level")
        }
        let sarif = (try? SyntheticReports.mixed.rendered(as: .sarif)) ?? Data()
        XCTAssertThrowsError(try Baseline(jsonData: sarif, reference: "x.sarif")) { error in
            XCTAssertEqual((error as? BaselineError)?.code, "baseline.not-a-report")
        }
    }

    func testNewerSchemaIsRefused() throws {
        var report = SyntheticReports.mixed
        report.schemaVersion = 2
        XCTAssertThrowsError(try Baseline(jsonData: report.jsonData(), reference: "next.json")) { error in
            XCTAssertEqual(error as? BaselineError, .unsupportedSchema(reference: "next.json", version: 2))
            XCTAssertEqual("\(error)", "baseline 'next.json' has report schemaVersion 2; this nibscan reads up to 1")
        }
    }

    func testFindingFieldErrorsNameThePath() throws {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: SyntheticReports.mixed.jsonData()) as? [String: Any])
        var findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        findings[1]["severity"] = "fatal"
        object["findings"] = findings
        let data = try JSONSerialization.data(withJSONObject: object)
        XCTAssertThrowsError(try Baseline(jsonData: data)) { error in
            XCTAssertEqual("\(error)", "baseline is not a nibscan JSON report: invalid value at findings[1].severity")
        }
    }
}
