@testable import Analysis
import XCTest

/// The fingerprints of the §4.1, §4.2 and §4.4 findings do not change when unrelated lines
/// are inserted above everything they point at, while their locations move with the text.
final class FingerprintStabilityTests: XCTestCase {
    static let rules: [any Rule.Type] = [
        PlaceholderConstraintsDroppedRule.self, ConstraintCopyDropsPriorityRule.self, ConstraintCopyWrongItemRule.self,
        PlaceholderFrameDroppedRule.self, PlaceholderAutoresizingDroppedRule.self, PlaceholderSubviewsDroppedRule.self,
        PlaceholderAttributesDroppedRule.self, ConstraintOutletOrphanedRule.self, ContentViewNotPinnedRule.self,
        AwakeAfterRecursionRule.self, OwnerAndRootSameClassRule.self, InitCoderReplacesSelfRule.self,
        NibFlagGuardIneffectiveRule.self, StaticFlagGuardRule.self, SubviewsCountGuardRule.self,
        VCNibWithoutViewRule.self, CellNibTopLevelRule.self, UnregisteredReuseIDRule.self, MissingStoryboardRule.self,
        MissingStoryboardIDRule.self, MissingSegueIDRule.self, OwnerLoadableManyRootsRule.self,
    ]

    func testEveryRuleOfThisFamilyIsRegistered() {
        let registered = Set(RuleRegistry.all.map { $0.description.id })
        for rule in Self.rules { XCTAssertTrue(registered.contains(rule.description.id), rule.description.id) }
    }

    func testFingerprintsSurviveInsertedLinesAndLocationsMove() {
        for rule in Self.rules {
            for example in rule.examples.triggering {
                let before = RuleHarness.findings(of: rule, in: example)
                let after = RuleHarness.findings(of: rule, in: RuleHarness.shifted(example, by: 3, suffixes: [".swift", ".m", ".h", ".xib", ".storyboard"]))
                let id = "\(rule.description.id): \(example.title)"
                XCTAssertFalse(before.isEmpty, id)
                XCTAssertEqual(before.map(\.fingerprint).sorted(), after.map(\.fingerprint).sorted(), id)
                for (old, new) in zip(before.sorted { $0.fingerprint < $1.fingerprint }, after.sorted { $0.fingerprint < $1.fingerprint }) {
                    XCTAssertEqual(old.locations.map { $0.line + 3 }, new.locations.map(\.line), id)
                    XCTAssertEqual(old.locations.map(\.column), new.locations.map(\.column), id)
                }
            }
        }
    }

    func testEveryFindingNamesItsPlacesAndAFix() {
        for rule in Self.rules {
            for example in rule.examples.triggering {
                for finding in RuleHarness.findings(of: rule, in: example) {
                    let id = "\(rule.description.id): \(example.title)"
                    XCTAssertFalse(finding.fix.isEmpty, id)
                    XCTAssertEqual(finding.seed, rule.description.seed, id)
                    let paths = Set(finding.locations.map(\.path))
                    XCTAssertTrue(paths.isSubset(of: Set(example.files.map(\.path))), id)
                    XCTAssertTrue(finding.locations.allSatisfy { $0.line >= 1 && ($0.column ?? 1) >= 1 }, id)
                }
            }
        }
    }

    func testFingerprintsDifferBetweenFindings() {
        for rule in Self.rules {
            for example in rule.examples.triggering {
                let prints = RuleHarness.findings(of: rule, in: example).map(\.fingerprint)
                XCTAssertEqual(Set(prints).count, prints.count, rule.description.id)
            }
        }
    }

    func testRepeatedIdentitiesGetOneFingerprintEachInLocationOrder() {
        func finding(line: Int) -> Finding {
            Finding(rule: "owner-mismatch", severity: .error, message: "m",
                    locations: [SourceLocation(path: "App/Loader.m", line: line)], fix: "f", fingerprint: "same")
        }
        let first = RuleRunner.distinguishingRepeatedFingerprints([finding(line: 37), finding(line: 39), finding(line: 41)])
        XCTAssertEqual(first[0].fingerprint, "same", "the first keeps the identity's fingerprint")
        XCTAssertEqual(Set(first.map(\.fingerprint)).count, 3)
        // Lines inserted above all three move them, and each keeps its fingerprint.
        let moved = RuleRunner.distinguishingRepeatedFingerprints([finding(line: 40), finding(line: 42), finding(line: 44)])
        XCTAssertEqual(first.map(\.fingerprint), moved.map(\.fingerprint))
        // Distinct identities are left alone.
        var other = finding(line: 50)
        other.fingerprint = "other"
        XCTAssertEqual(RuleRunner.distinguishingRepeatedFingerprints([finding(line: 1), other]).map(\.fingerprint), ["same", "other"])
    }
}
