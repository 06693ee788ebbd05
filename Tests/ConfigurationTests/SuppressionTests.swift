import Analysis
import XCTest

/// `// nibscan:disable…` comments in Swift and Objective-C, `ignore` entries of
/// `.nibscan.yml`, and `unused-suppression` for those that suppress nothing.
final class SuppressionTests: XCTestCase {
    private let analyzer = Analyzer(configuration: .init(concurrency: 2))

    private static let swiftLoad = """
    import UIKit

    final class SettingsViewController: UIViewController {
        init() {
            %COMMENT%
            super.init(nibName: "SettingsView", bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    final class SettingsRoute {
        func open() -> UIViewController { SettingsViewController() }
    }
    """

    private static let objcLoad = """
    #import <UIKit/UIKit.h>
    %COMMENT%

    @interface ProfileViewController : UIViewController
    @end

    @implementation ProfileViewController
    - (instancetype)init {
        return [super initWithNibName:@"ProfileView" bundle:nil];
    }
    @end

    @interface ProfileRoute : NSObject
    @end

    @implementation ProfileRoute
    - (UIViewController *)open {
        return [[ProfileViewController alloc] init];
    }
    @end
    """

    private func analysis(swiftComment: String = "", objcComment: String = "", configuration: String? = nil) throws -> Report {
        var files = [
            "App/SettingsViewController.swift": Self.swiftLoad.replacingOccurrences(of: "%COMMENT%", with: swiftComment),
            "App/ProfileViewController.m": Self.objcLoad.replacingOccurrences(of: "%COMMENT%", with: objcComment),
        ]
        if let configuration { files["App/.nibscan.yml"] = configuration }
        let projectFiles = files.keys.sorted().map { path in
            ProjectFile(path: path, kind: ProjectFile.kind(ofPath: path), contents: Data((files[path] ?? "").utf8))
        }
        let input = ProjectInput(defaultName: "App", files: projectFiles, totalEntries: files.count, totalBytes: 0)
        return try analyzer.analysis(input: input).report
    }

    private func rules(_ findings: [Finding]?) -> [String] {
        (findings ?? []).map { "\($0.rule)@\($0.locations.first.map { "\($0.path):\($0.line)" } ?? "")" }
    }

    func testWithoutSuppressionsBothLoadsAreFindings() throws {
        let report = try analysis()
        XCTAssertEqual(rules(report.findings), ["missing-nib@App/ProfileViewController.m:9", "missing-nib@App/SettingsViewController.swift:6"])
        XCTAssertNil(report.suppressed)
        XCTAssertNil(report.summary.suppressed)
    }

    func testDisableNextLineInSwift() throws {
        let report = try analysis(swiftComment: "// nibscan:disable-next-line missing-nib -- renamed in 2.0")
        XCTAssertEqual(rules(report.findings), ["missing-nib@App/ProfileViewController.m:9"])
        let suppressed = try XCTUnwrap(report.suppressed?.first)
        XCTAssertEqual(suppressed.rule, "missing-nib")
        XCTAssertEqual(suppressed.suppression, Suppression(kind: .inSource, location: SourceLocation(path: "App/SettingsViewController.swift", line: 5, column: 12),
                                                           reason: "renamed in 2.0"))
        XCTAssertEqual(report.summary.suppressed, 1)
        XCTAssertEqual(report.summary.errors, 1, "a suppressed finding is not counted by severity")
        XCTAssertEqual(FailPolicy().failingFindings(in: report).count, 1, "nor gated on")
    }

    func testDisableToTheEndOfTheFileInObjectiveC() throws {
        let report = try analysis(objcComment: "// nibscan:disable missing-nib, unused-outlet")
        XCTAssertEqual(rules(report.findings), ["unused-suppression@App/ProfileViewController.m:2", "missing-nib@App/SettingsViewController.swift:6"],
                       "the comment's second rule id suppresses nothing")
        XCTAssertTrue(report.findings[0].message.contains("unused-outlet"), report.findings[0].message)
        XCTAssertEqual(report.suppressed?.first?.suppression?.kind, .inSource)
        XCTAssertEqual(report.suppressed?.first?.suppression?.location.line, 2)
        XCTAssertNil(report.suppressed?.first?.suppression?.reason)
    }

    func testASuppressionOfAnotherRuleOrLineSuppressesNothingAndSaysSo() throws {
        let report = try analysis(swiftComment: "// nibscan:disable-next-line unknown-custom-class",
                                  objcComment: "// nibscan:disable-next-line missing-nib")
        XCTAssertNil(report.suppressed)
        let unused = report.findings.filter { $0.rule == "unused-suppression" }
        XCTAssertEqual(rules(unused), ["unused-suppression@App/ProfileViewController.m:2", "unused-suppression@App/SettingsViewController.swift:5"])
        XCTAssertTrue(unused.allSatisfy { $0.severity == .info })
        XCTAssertTrue(unused[0].message.contains("no missing-nib finding is located on line 3 of this file"), unused[0].message)
        XCTAssertEqual(report.summary.infos, 2)
    }

    func testUnknownRulesAndEmptyCommentsAreReported() throws {
        let report = try analysis(swiftComment: "// nibscan:disable-next-line missing-nibs", objcComment: "// nibscan:disable")
        let messages = report.findings.filter { $0.rule == "unused-suppression" }.map(\.message)
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages.contains { $0.contains("names no rule, so it suppresses nothing") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("missing-nibs at App/SettingsViewController.swift:5 names no rule nibscan has") }, "\(messages)")
    }

    func testTextThatOnlyLooksLikeADirectiveIsIgnored() throws {
        let report = try analysis(swiftComment: "let note = \"nibscan:disable-next-line missing-nib\"; // nibscan:disabled missing-nib")
        XCTAssertEqual(report.findings.filter { $0.rule == "missing-nib" }.count, 2)
        XCTAssertTrue(report.findings.allSatisfy { $0.rule != "unused-suppression" })
    }

    func testIgnoreEntriesSuppressByPathAndClassWithTheirReason() throws {
        let report = try analysis(configuration: """
        ignore:
          - rule: missing-nib
            path: "*.m"
            class: ProfileViewController
            reason: The nib comes from a resource bundle.
        """)
        XCTAssertEqual(rules(report.findings), ["missing-nib@App/SettingsViewController.swift:6"])
        XCTAssertEqual(report.suppressed?.first?.suppression,
                       Suppression(kind: .external, location: SourceLocation(path: "App/.nibscan.yml", line: 2, column: 5),
                                   reason: "The nib comes from a resource bundle."))
    }

    func testIgnoreEntriesThatMatchNothingAreReportedAtTheirLine() throws {
        let report = try analysis(configuration: """
        ignore:
          - rule: missing-nib
            path: App/*.m
            class: SomeoneElse
            reason: stale
          - rule: missing-nib
            path: App/*.m
            id: no-such-id
            reason: stale too
        """)
        XCTAssertNil(report.suppressed)
        XCTAssertEqual(rules(report.findings.filter { $0.rule == "unused-suppression" }),
                       ["unused-suppression@App/.nibscan.yml:2", "unused-suppression@App/.nibscan.yml:6"])
    }

    func testSuppressionsOfRulesThatDidNotRunAreNotReportedAndTheDiagnosticCanBeSet() throws {
        let off = try analysis(swiftComment: "// nibscan:disable-next-line missing-nib", configuration: "rules: {missing-nib: off}\n")
        XCTAssertTrue(off.findings.isEmpty, "\(rules(off.findings))")
        let raised = try analysis(objcComment: "// nibscan:disable-next-line missing-nib", configuration: "rules: {unused-suppression: warning}\n")
        XCTAssertEqual(raised.findings.first { $0.rule == "unused-suppression" }?.severity, .warning)
        let silenced = try analysis(objcComment: "// nibscan:disable-next-line missing-nib", configuration: "rules: {unused-suppression: off}\n")
        XCTAssertFalse(silenced.findings.contains { $0.rule == "unused-suppression" })
    }

    func testABaselineDoesNotCountASuppressedFindingAsFixed() throws {
        let before = try analysis()
        let after = try analysis(swiftComment: "// nibscan:disable-next-line missing-nib")
        let compared = Baseline(report: before).compare(after)
        XCTAssertEqual(compared.baseline?.fixed.count, 0)
        XCTAssertEqual(compared.baseline?.unchanged, 1)
    }

    func testTheReportRoundTripsThroughJSON() throws {
        let report = try analysis(swiftComment: "// nibscan:disable-next-line missing-nib -- later")
        XCTAssertEqual(try Report.decode(jsonData: try report.jsonData()), report)
        let encoded = try Report.makeJSONEncoder().encode(report)
        XCTAssertEqual(try report.jsonData(), encoded, "the byte writer and Codable agree")
    }
}
