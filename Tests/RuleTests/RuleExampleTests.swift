import Analysis
import XCTest

/// Every rule's examples are its tests: triggering ones must produce at least one finding
/// of the rule, non-triggering ones none.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasTriggeringAndNonTriggeringExamples() {
        for rule in RuleRegistry.all {
            XCTAssertFalse(rule.examples.triggering.isEmpty, "\(rule.description.id) has no triggering example")
            XCTAssertFalse(rule.examples.nonTriggering.isEmpty, "\(rule.description.id) has no non-triggering example")
        }
    }

    func testTriggeringExamplesTrigger() {
        for rule in RuleRegistry.all {
            for example in rule.examples.triggering {
                let findings = findings(of: rule, in: example)
                XCTAssertFalse(findings.isEmpty, "\(rule.description.id): no finding for “\(example.title)”")
                if let severity = example.severity {
                    XCTAssertEqual(Set(findings.map(\.severity)), [severity], "\(rule.description.id): severity of “\(example.title)”")
                }
            }
        }
    }

    func testNonTriggeringExamplesStayQuiet() {
        for rule in RuleRegistry.all {
            for example in rule.examples.nonTriggering {
                let findings = findings(of: rule, in: example)
                XCTAssertEqual(findings.map(\.message), [], "\(rule.description.id): findings for “\(example.title)”")
            }
        }
    }

    func testEveryExampleFileParsesOrIndexesCleanly() {
        for rule in RuleRegistry.all {
            for example in rule.examples.triggering + rule.examples.nonTriggering {
                let report = Analyzer().analyze(input: example.projectInput)
                let unread = report.files.filter { $0.status != .analysed }
                XCTAssertEqual(unread.map(\.path), [], "\(rule.description.id): “\(example.title)” has unreadable files: \(unread.map { $0.reason ?? "" })")
            }
        }
    }

    func testRuleIDsAreUniqueAndCatalogueFollowsRegistry() {
        let ids = RuleCatalog.descriptions.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(ids, RuleRegistry.all.map { $0.description.id })
    }

    private func findings(of rule: any Rule.Type, in example: RuleExample) -> [Finding] {
        let report = Analyzer(configuration: .init(rules: [rule])).analyze(input: example.projectInput)
        return report.findings.filter { $0.rule == rule.description.id }
    }
}
