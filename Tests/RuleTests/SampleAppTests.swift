import Analysis
import TestSupport
import XCTest

/// `Examples/SampleApp` (what `scripts/run` analyses) shows each strategy and the hazards
/// planted in it, and nothing else from the rules of this target.
final class SampleAppTests: XCTestCase {
    private func report() throws -> Report {
        try Analyzer().analyze(path: Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path)
    }

    func testEveryStrategyTheReadmeListsIsClassified() throws {
        let strategies = Dictionary(try report().classes.map { entry in
            (entry.name, entry.strategies.map { [$0.id, $0.variant].compactMap { $0 }.joined(separator: "/") })
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(strategies["ProfileCardView"], ["files-owner-content-view"])
        XCTAssertEqual(strategies["BadgeView"], ["root-class-factory", "awake-after-substitution/unguarded"])
        XCTAssertEqual(strategies["PromoBannerView"], ["root-class-factory", "awake-after-substitution/subviews-count"])
        XCTAssertEqual(strategies["AvatarView"], ["root-class-factory"])
        XCTAssertEqual(strategies["FeedCell"], ["cell-nib"])
        XCTAssertEqual(strategies["SettingsViewController"], ["view-controller-nib"])
        XCTAssertEqual(strategies["TagListView"], ["storyboard-only"])
        XCTAssertEqual(strategies["SparklineView"], ["code-only"])
    }

    func testSummaryCountsAndFilesAreConsistent() throws {
        let report = try report()
        let covered = try Analyzer(configuration: .init(rules: TestProject.coveredRules))
            .analyze(path: Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path)
        XCTAssertEqual(covered.notes, [RuleRunner.membershipUnknownNote], "every check ran; the sample has no Xcode project")
        XCTAssertEqual(report.files.map(\.path), report.files.map(\.path).sorted())
        XCTAssertEqual(report.summary.classes, report.classes.count)
        XCTAssertEqual(report.summary.errors, report.findings.filter { $0.severity == .error }.count)
        XCTAssertEqual(report.summary.warnings, report.findings.filter { $0.severity == .warning }.count)
        XCTAssertEqual(report.summary.infos, report.findings.filter { $0.severity == .info }.count)
        XCTAssertEqual(report.summary.storyboards, 1)
        XCTAssertEqual(report.summary.nibs, 6)
        XCTAssertEqual(Set(report.findings.map(\.fingerprint)).count, report.findings.count, "fingerprints are unique")
    }

    func testPlantedHazardsAreFoundWithTheirLocations() throws {
        // The reference-integrity and hygiene families (§4.3, §4.5); other families have their own tests.
        let ours = Set(RuleCatalog.descriptions.filter { [.referenceIntegrity, .hygiene].contains($0.category) }.map(\.id))
        let findings = try report().findings.filter { ours.contains($0.rule) }
        func find(_ rule: String, _ text: String) -> Finding? {
            findings.first { $0.rule == rule && $0.message.contains(text) }
        }
        XCTAssertEqual(find("outlet-not-in-class", "subtitleLabel")?.locations.first?.path, "SampleApp/Feed/FeedCell.xib")
        XCTAssertEqual(find("outlet-not-in-class", "avatarView")?.className, "ProfileCardView")
        XCTAssertEqual(find("missing-nib", "SettingsView")?.locations.first?.path, "SampleApp/Settings/SettingsViewController.swift")
        XCTAssertEqual(find("first-object-cast", "AvatarView")?.severity, .warning)
        XCTAssertNotNil(find("runtime-attribute-not-in-class", "lineSpacing"))
        XCTAssertEqual(find("unknown-custom-class", "AnimatedImageView")?.severity, .info)
        XCTAssertNotNil(find("unused-outlet", "detailLabel"))
        XCTAssertEqual(findings.count, 7, findings.map(\.message).joined(separator: "\n"))
    }
}
