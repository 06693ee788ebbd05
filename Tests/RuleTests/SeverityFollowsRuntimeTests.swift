@testable import Analysis
import XCTest

/// Severity says what really happens on the platform (ANALYSIS.md §4): the rule examples
/// that show a logged-and-ignored or never-instantiated case are lowered, the crashes stay errors.
final class SeverityFollowsRuntimeTests: XCTestCase {
    private func severities(_ rule: any Rule.Type, example summary: String) -> [Severity] {
        guard let example = rule.examples.triggering.first(where: { $0.title.hasPrefix(summary) }) else {
            XCTFail("no example \(summary)")
            return []
        }
        return RuleHarness.findings(of: rule, in: example).map(\.severity)
    }

    func testAppKitOutletIsAWarningAndUIKitOutletAnError() {
        XCTAssertEqual(severities(OutletNotInClassRule.self, example: "macOS, Objective-C"), [.warning])
        XCTAssertEqual(severities(OutletNotInClassRule.self, example: "Swift: `titleLabel`"), [.error])
    }

    func testRuntimeAttributeIsLoggedAndIgnored() {
        XCTAssertEqual(severities(RuntimeAttributeNotInClassRule.self, example: "Swift: the inspectable"), [.warning])
    }

    func testFilesOwnerLabelsAreNeverInstantiated() {
        XCTAssertEqual(severities(UnknownCustomClassRule.self, example: "A stale class name on File's Owner"), [.info])
        XCTAssertEqual(severities(MissingCustomModuleRule.self, example: "File's Owner names"), [.info])
        XCTAssertEqual(severities(MissingCustomModuleRule.self, example: "`CardView` is Swift"), [.error])
    }
}
