@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// Suppressed findings in every format: SARIF `suppressions` (schema-valid, as code
/// scanning reads them), listed apart in Markdown and JUnit, counted in the GitHub summary,
/// left out of Code Quality and Checkstyle, and never gated on.
final class SuppressedFormatsTests: XCTestCase {
    /// The mixed synthetic report with its outlet finding suppressed in source and a second
    /// one ignored by the configuration.
    static var report: Report {
        var report = SyntheticReports.mixed
        report.findings.removeAll { $0.fingerprint == SyntheticReports.outletFinding.fingerprint }
        var inSource = SyntheticReports.outletFinding
        inSource.suppression = Suppression(kind: .inSource, location: SourceLocation(path: "App/ProfileCell.swift", line: 11, column: 5),
                                           reason: "kept for the 2.0 layout")
        var external = SyntheticReports.unlocatedFinding
        external.fingerprint = "fp-ignored"
        external.suppression = Suppression(kind: .external, location: SourceLocation(path: ".nibscan.yml", line: 4, column: 5),
                                           reason: "Loaded from a resource bundle.")
        report.suppressed = [inSource, external]
        report.summary.suppressed = 2
        return report
    }

    private static let sarifValidator = """
    import json, sys, jsonschema
    schema = json.load(open(sys.argv[2], encoding="utf-8"))
    log = json.load(open(sys.argv[1], encoding="utf-8"))
    errors = list(jsonschema.Draft4Validator(schema).iter_errors(log))
    for error in errors:
        print("/".join(str(p) for p in error.path), error.message)
    sys.exit(1 if errors else 0)
    """

    func testSARIFCarriesSuppressionsAndPassesTheOfficialSchema() throws {
        let data = try Self.report.rendered(as: .sarif, options: .init(rules: SyntheticReports.catalogue))
        try PythonChecker.require(modules: ["jsonschema"])
        let schema = Fixtures.sharedDirectory.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
        let outcome = try PythonChecker.run(script: Self.sarifValidator, input: data, arguments: [schema.path])
        XCTAssertEqual(outcome.status, 0, "SARIF fails the official schema:\n\(outcome.output)")

        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, Self.report.findings.count + 2, "suppressed findings are results too")
        let suppressions = results.compactMap { ($0["suppressions"] as? [[String: Any]])?.first }
        XCTAssertEqual(suppressions.map { $0["kind"] as? String }, ["inSource", "external"])
        XCTAssertEqual(suppressions.map { $0["status"] as? String }, ["accepted", "accepted"])
        XCTAssertEqual(suppressions.map { $0["justification"] as? String }, ["kept for the 2.0 layout", "Loaded from a resource bundle."])
        let place = (suppressions[0]["location"] as? [String: Any])?["physicalLocation"] as? [String: Any]
        XCTAssertEqual((place?["artifactLocation"] as? [String: Any])?["uri"] as? String, "App/ProfileCell.swift")
        XCTAssertEqual((place?["region"] as? [String: Any])?["startLine"] as? Int, 11)
        let unsuppressed = results.filter { $0["suppressions"] == nil }
        XCTAssertEqual(unsuppressed.count, Self.report.findings.count)
    }

    func testUnusedSuppressionIsDescribedInSARIF() throws {
        var report = SyntheticReports.clean
        report.findings = [Finding(rule: "unused-suppression", severity: .info, message: "m", locations: [SourceLocation(path: "a.swift", line: 1)],
                                   fix: "f", fingerprint: "fp")]
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: try report.rendered(as: .sarif, options: .init(rules: []))) as? [String: Any])
        let rules = ((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any]).flatMap { ($0["driver"] as? [String: Any])?["rules"] as? [[String: Any]] }
        let rule = try XCTUnwrap(rules?.first)
        XCTAssertEqual(rule["id"] as? String, "unused-suppression")
        XCTAssertEqual((rule["shortDescription"] as? [String: Any])?["text"] as? String, UnusedSuppression.description.summary)
    }

    func testMarkdownListsThemApartAndTheVerdictCountsThem() throws {
        let text = String(decoding: try Self.report.rendered(as: .markdown, options: .init()), as: UTF8.self)
        XCTAssertTrue(text.contains(", 2 suppressed"), text)
        XCTAssertTrue(text.contains("<details><summary>Suppressed (2)</summary>"), text)
        XCTAssertTrue(text.contains("— suppressed in source at `App/ProfileCell.swift:11`: kept for the 2.0 layout"), text)
        XCTAssertTrue(text.contains("— ignored by `.nibscan.yml:4`: Loaded from a resource bundle."), text)
        let table = text.components(separatedBy: "<details>").first ?? ""
        XCTAssertFalse(table.contains("Profile\\`Cell\\`"), "the suppressed finding is not in the table")
    }

    func testGitHubAnnotatesOnlyActiveFindings() throws {
        let lines = String(decoding: try Self.report.rendered(as: .github, options: .init()), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::") }.count, Self.report.findings.count)
        XCTAssertTrue(lines.last?.hasSuffix(", 2 suppressed") == true, String(lines.last ?? ""))
    }

    func testJUnitMarksThemSkipped() throws {
        let xml = String(decoding: try Self.report.rendered(as: .junit, options: .init()), as: UTF8.self)
        XCTAssertTrue(xml.contains(" skipped=\"2\" "), xml)
        XCTAssertTrue(xml.contains("<skipped message=\"suppressed in source at App/ProfileCell.swift:11: kept for the 2.0 layout\">"), xml)
        XCTAssertTrue(xml.contains("<skipped message=\"ignored by .nibscan.yml:4: Loaded from a resource bundle.\">"), xml)
        XCTAssertEqual(xml.components(separatedBy: "<failure ").count - 1, Self.report.findings.count)
    }

    func testCodeQualityAndCheckstyleLeaveThemOut() throws {
        let quality = try XCTUnwrap(JSONSerialization.jsonObject(with: try Self.report.rendered(as: .codeclimate, options: .init())) as? [[String: Any]])
        XCTAssertEqual(quality.count, Self.report.findings.count)
        let checkstyle = String(decoding: try Self.report.rendered(as: .checkstyle, options: .init()), as: UTF8.self)
        XCTAssertEqual(checkstyle.components(separatedBy: "<error ").count - 1, Self.report.findings.count)
    }

    func testTheGateIgnoresThem() {
        var onlySuppressed = Self.report
        onlySuppressed.findings = []
        XCTAssertFalse(FailPolicy(threshold: .info).fails(onlySuppressed))
    }
}
