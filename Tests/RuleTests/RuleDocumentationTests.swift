import Analysis
import TestSupport
import XCTest

/// `docs/rules/<id>.md` is generated from each rule; a stale page fails here. Regenerate
/// with `swift run nibscan rules --markdown docs/rules`.
final class RuleDocumentationTests: XCTestCase {
    private var docsDirectory: URL { Fixtures.packageRoot.appendingPathComponent("docs/rules") }

    func testEveryRulePageIsUpToDate() throws {
        for rule in RuleRegistry.all {
            let url = docsDirectory.appendingPathComponent("\(rule.description.id).md")
            let committed = try? String(contentsOf: url, encoding: .utf8)
            XCTAssertEqual(committed, RuleDocumentation.markdown(for: rule),
                           "docs/rules/\(rule.description.id).md is stale: run `swift run nibscan rules --markdown docs/rules`")
        }
    }

    func testIndexIsUpToDateAndNoPageIsOrphaned() throws {
        let index = try? String(contentsOf: docsDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertEqual(index, RuleDocumentation.index(of: RuleRegistry.all), "docs/rules/README.md is stale")
        let pages = Set(Fixtures.relativeFiles(under: docsDirectory).filter { $0 != "README.md" })
        XCTAssertEqual(pages, Set(RuleRegistry.all.map { "\($0.description.id).md" }))
    }

    func testEveryRuleSaysWhatItMustHaveReadBeforeItSpeaks() {
        for rule in RuleRegistry.all where rule.description.severity != .info {
            XCTAssertFalse(rule.description.reads.isEmpty, "\(rule.description.id) lists what it must have read")
            XCTAssertTrue(RuleDocumentation.markdown(for: rule).contains("## What it must have read"))
        }
    }

    func testPagesShowABadAndAGoodExample() {
        for rule in RuleRegistry.all {
            let page = RuleDocumentation.markdown(for: rule)
            XCTAssertTrue(page.contains("## Triggers"))
            XCTAssertTrue(page.contains("## Does not trigger"))
            XCTAssertTrue(page.contains(rule.description.summary))
        }
    }
}
