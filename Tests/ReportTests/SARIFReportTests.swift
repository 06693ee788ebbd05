import Analysis
import Foundation
import TestSupport
import XCTest

final class SARIFReportTests: XCTestCase {
    private static let validator = """
    import json, sys, jsonschema
    schema = json.load(open(sys.argv[2], encoding="utf-8"))
    log = json.load(open(sys.argv[1], encoding="utf-8"))
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.path))
    for error in errors:
        print("/".join(str(p) for p in error.path), error.message)
    sys.exit(1 if errors else 0)
    """

    private func validateAgainstOfficialSchema(_ data: Data, file: StaticString = #filePath, line: UInt = #line) throws {
        try PythonChecker.require(modules: ["jsonschema"])
        let schema = Fixtures.sharedDirectory.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: schema.path), "missing \(schema.path)", file: file, line: line)
        let outcome = try PythonChecker.run(script: Self.validator, input: data, arguments: [schema.path])
        XCTAssertEqual(outcome.status, 0, "SARIF fails the official schema:\n\(outcome.output)", file: file, line: line)
    }

    private func sarif(_ report: Report, options: RenderOptions = .init()) throws -> (Data, [String: Any]) {
        let data = try report.rendered(as: .sarif, options: options)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (data, object)
    }

    func testMixedReportPassesTheOfficialSchema() throws {
        let (data, _) = try sarif(SyntheticReports.mixed, options: .init(
            repository: "https://github.com/acme/app", commit: "0123abc", branch: "main",
            toolInformationURL: "https://example.com/nibscan", rules: SyntheticReports.catalogue))
        try validateAgainstOfficialSchema(data)
    }

    func testCleanAndBaselinedReportsPassTheOfficialSchema() throws {
        try validateAgainstOfficialSchema(try sarif(SyntheticReports.clean).0)
        let baselined = Baseline(findings: [SyntheticReports.outletFinding]).compare(SyntheticReports.mixed)
        try validateAgainstOfficialSchema(try sarif(baselined).0)
    }

    func testGitHubCodeScanningRequiredFields() throws {
        let (_, log) = try sarif(SyntheticReports.mixed, options: .init(rules: SyntheticReports.catalogue))
        let results = try assertCodeScanningFields(log)
        XCTAssertEqual(results.count, 4)
    }

    /// A real analysis (the bundled example app) through the default rule catalogue: schema-valid, every rule with help
    /// and a default level, results located in Interface Builder files and in sources.
    func testRealAnalysisPassesTheSchemaWithLocationsInInterfaceBuilderFilesAndSources() throws {
        let report = try Analyzer().analyze(path: Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path)
        let (data, log) = try sarif(report)
        try validateAgainstOfficialSchema(data)
        let results = try assertCodeScanningFields(log)
        XCTAssertEqual(results.count, report.findings.count)
        let uris = results.flatMap { result in
            ((result["locations"] as? [[String: Any]] ?? []) + (result["relatedLocations"] as? [[String: Any]] ?? [])).compactMap {
                (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
        }
        XCTAssertTrue(uris.contains { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }, "\(uris)")
        XCTAssertTrue(uris.contains { $0.hasSuffix(".swift") || $0.hasSuffix(".m") }, "\(uris)")
    }

    /// Checks what GitHub code scanning requires of the log, its rules and every result;
    /// returns the results.
    @discardableResult
    private func assertCodeScanningFields(_ log: [String: Any]) throws -> [[String: Any]] {
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertNotNil(log["$schema"] as? String)
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        let driver = try XCTUnwrap((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "nibscan")
        XCTAssertEqual(driver["version"] as? String, "0.1.0")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        for rule in rules {
            XCTAssertNotNil(rule["id"] as? String)
            XCTAssertNotNil((rule["shortDescription"] as? [String: Any])?["text"] as? String)
            XCTAssertNotNil((rule["fullDescription"] as? [String: Any])?["text"] as? String)
            XCTAssertNotNil((rule["help"] as? [String: Any])?["text"] as? String)
            XCTAssertNotNil((rule["help"] as? [String: Any])?["markdown"] as? String)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            XCTAssertTrue(["error", "warning", "note"].contains(level ?? ""), "level \(String(describing: level))")
            XCTAssertFalse(((rule["properties"] as? [String: Any])?["tags"] as? [String] ?? []).isEmpty)
        }
        let results = try XCTUnwrap(runs[0]["results"] as? [[String: Any]])
        for result in results {
            let ruleId = try XCTUnwrap(result["ruleId"] as? String)
            let ruleIndex = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[ruleIndex]["id"] as? String, ruleId)
            XCTAssertFalse(((result["message"] as? [String: Any])?["text"] as? String ?? "").isEmpty)
            let locations = try XCTUnwrap(result["locations"] as? [[String: Any]])
            XCTAssertTrue((1...10).contains(locations.count))
            for location in locations + (result["relatedLocations"] as? [[String: Any]] ?? []) {
                let physical = try XCTUnwrap(location["physicalLocation"] as? [String: Any])
                let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
                let uri = try XCTUnwrap(artifact["uri"] as? String)
                XCTAssertFalse(uri.hasPrefix("/") || uri.contains("://"), "uri must be relative: \(uri)")
                XCTAssertNotNil(URL(string: uri), "uri must be a valid URI reference: \(uri)")
                XCTAssertEqual(artifact["uriBaseId"] as? String, "%SRCROOT%")
                XCTAssertGreaterThanOrEqual((physical["region"] as? [String: Any])?["startLine"] as? Int ?? 0, 1)
            }
            let fingerprints = try XCTUnwrap(result["partialFingerprints"] as? [String: String])
            XCTAssertNotNil(fingerprints[SARIFReportRenderer.fingerprintKey])
        }
        return results
    }

    func testResultDetails() throws {
        let (_, log) = try sarif(SyntheticReports.mixed, options: .init(rules: SyntheticReports.catalogue))
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        // Catalogue order first, then the rules only findings name, sorted.
        XCTAssertEqual(rules.compactMap { $0["id"] as? String },
                       ["placeholder-constraints-dropped", "outlet-not-kvc-compliant", "misplaced-view", "missing-nib"])
        XCTAssertEqual(rules[0]["name"] as? String, "PlaceholderConstraintsDropped")
        XCTAssertEqual((rules[0]["fullDescription"] as? [String: Any])?["text"] as? String,
                       "The placeholder's own constraints are not copied.")
        XCTAssertEqual((rules[0]["properties"] as? [String: Any])?["tags"] as? [String],
                       ["nibscan", "constraint-copy", "seed-000"])
        // Catalogue severity wins for the rule; the result keeps the finding's own level.
        XCTAssertEqual((rules[1]["defaultConfiguration"] as? [String: Any])?["level"] as? String, "error")
        XCTAssertEqual(results.map { $0["level"] as? String }, ["error", "warning", "note", "error"])
        // A rule missing from the catalogue is derived from its findings.
        XCTAssertEqual((rules[2]["defaultConfiguration"] as? [String: Any])?["level"] as? String, "note")

        let first = results[0]
        XCTAssertEqual((first["message"] as? [String: Any])?["text"] as? String,
                       SyntheticReports.nastyMessage + "\nFix: Copy the placeholder's constraints in awakeAfter(using:)")
        let primary = try XCTUnwrap((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((primary["artifactLocation"] as? [String: Any])?["uri"] as? String, "App/Base.lproj/Main.storyboard")
        XCTAssertEqual((primary["region"] as? [String: Any])?["startLine"] as? Int, 42)
        XCTAssertEqual((primary["region"] as? [String: Any])?["startColumn"] as? Int, 7)
        let related = try XCTUnwrap(first["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(((related[0]["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String,
                       "App/Views/CardView.swift")
        // Spaces and parentheses in paths are percent-encoded into a valid URI.
        let outletURI = (((results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        XCTAssertEqual(outletURI, "App%20Folder/Profile%20Cell%20%28v2%29.xib")
        // A finding without locations points at its class declaration.
        let missingNib = ((results[3]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((missingNib?["region"] as? [String: Any])?["startLine"] as? Int, 3)
        // Files the analysis could not read are tool notifications.
        let notifications = (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]
        XCTAssertEqual(notifications?.count, 2)
        XCTAssertNil(first["baselineState"])
    }

    func testFingerprintsAreUniqueAndBaselineStateIsWritten() throws {
        let twin = SyntheticReports.placeholderFinding
        let report = Baseline(findings: [twin]).compare(SyntheticReports.report(findings: [twin, twin]))
        let (_, log) = try sarif(report)
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?[SARIFReportRenderer.fingerprintKey] }
        XCTAssertEqual(fingerprints, ["fp-placeholder", "fp-placeholder/2"])
        XCTAssertEqual(results.map { $0["baselineState"] as? String }, ["unchanged", "new"])
    }

    func testPathMappingAndProvenance() throws {
        let options = RenderOptions(repository: "https://github.com/acme/app", commit: "abc", branch: "feature/x",
                                    pathMapping: PathMapping(stripPrefix: "App/", addPrefix: "ios/"))
        let (_, log) = try sarif(SyntheticReports.mixed, options: options)
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let provenance = try XCTUnwrap((run["versionControlProvenance"] as? [[String: Any]])?.first)
        XCTAssertEqual(provenance["repositoryUri"] as? String, "https://github.com/acme/app")
        XCTAssertEqual(provenance["revisionId"] as? String, "abc")
        XCTAssertEqual(provenance["branch"] as? String, "feature/x")
        let uri = ((((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        XCTAssertEqual(uri, "ios/Base.lproj/Main.storyboard")
    }

    func testProvenanceOfLinkedRepositoriesPassesTheOfficialSchema() throws {
        let template = try SourceLinkTemplate("https://git.corp/{repository}/-/blob/{commit}/{path}#L{line}")
        let cases: [(RenderOptions, String?)] = [
            (RenderOptions(repository: "acme/app", commit: "c0ffee", branch: "main"), "https://github.com/acme/app"),
            (RenderOptions(repository: "group/sub/app", commit: "c0ffee", sourceLink: template), "https://git.corp/group/sub/app"),
            (RenderOptions(repository: "https://gitlab.com/group/app.git", commit: "c0ffee"), "https://gitlab.com/group/app"),
            (RenderOptions(repository: "group/sub/app", commit: "c0ffee"), nil),
            (RenderOptions(commit: "c0ffee"), nil),
        ]
        for (options, repositoryUri) in cases {
            let (data, log) = try sarif(SyntheticReports.mixed, options: options)
            let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
            let provenance = (run["versionControlProvenance"] as? [[String: Any]])?.first
            XCTAssertEqual(provenance?["repositoryUri"] as? String, repositoryUri)
            if repositoryUri != nil {
                XCTAssertEqual(provenance?["revisionId"] as? String, "c0ffee")
                XCTAssertEqual((provenance?["mappedTo"] as? [String: String])?["uriBaseId"], "%SRCROOT%", "the checkout root is the repository's")
            }
            try validateAgainstOfficialSchema(data)
        }
    }

    func testRelatedLocationsStayWithinCodeScanningLimits() throws {
        let locations = (1...1_500).map { SourceLocation(path: "App/Main.storyboard", line: $0) }
        let finding = Finding(rule: "r", severity: .warning, message: "m", locations: locations, fix: "", fingerprint: "f")
        let (_, log) = try sarif(SyntheticReports.report(findings: [finding]))
        let result = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        XCTAssertEqual((result["locations"] as? [Any])?.count, 1)
        XCTAssertEqual((result["relatedLocations"] as? [Any])?.count, 1_000)
    }

    func testOutputIsDeterministic() throws {
        let options = RenderOptions(rules: SyntheticReports.catalogue)
        XCTAssertEqual(try SyntheticReports.mixed.rendered(as: .sarif, options: options),
                       try SyntheticReports.mixed.rendered(as: .sarif, options: options))
    }
}
