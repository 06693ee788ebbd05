@testable import Analysis
import XCTest

/// Code in a block a constant condition rules out is compiled but never runs: a missing
/// nib it loads there is info, and the same load in a branch that runs stays an error.
final class DeadBranchReachTests: XCTestCase {
    private typealias File = RuleExample.File

    /// `HeaderController` loads the nib `LegacyHeader`, which the project does not have,
    /// inside `body`; `declarations` sit at file scope.
    private func headerController(declarations: String, body: String) -> File {
        File("App/HeaderController.swift", """
        import UIKit
        \(declarations)
        final class HeaderController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                \(body)
            }
        }
        """)
    }

    private let load = #"view.addSubview(UINib(nibName: "LegacyHeader", bundle: nil).instantiate(withOwner: nil).first as! UIView)"#

    /// The code that shows the controller, so that its code runs.
    private let flow = File("App/Flow.swift", """
    import UIKit
    enum Flow {
        static func first() -> UIViewController { HeaderController() }
    }
    """)

    /// The controller with the load behind `if showsLegacyHeader`, declared by `declaration`.
    private func behindFlag(_ declaration: String) -> File {
        headerController(declarations: declaration, body: """
        if showsLegacyHeader {
                    \(load)
                }
        """)
    }

    private func severities(_ controller: File) -> [Severity] {
        RuleHarness.findings([controller, flow], rules: [MissingNibRule.self]).map(\.severity)
    }

    func testALoadBehindAFlagThatIsOffIsInfo() {
        XCTAssertEqual(severities(behindFlag("let showsLegacyHeader = false")), [.info])
    }

    func testALoadInTheElseOfAnAlwaysTrueConditionIsInfo() {
        XCTAssertEqual(severities(headerController(declarations: "", body: """
        if true {
                    print("new header")
                } else {
                    \(load)
                }
        """)), [.info])
    }

    func testALoadThatRunsStaysAnError() {
        XCTAssertEqual(severities(headerController(declarations: "", body: load)), [.error])
    }

    func testALoadBehindAFlagThatIsOnStaysAnError() {
        XCTAssertEqual(severities(behindFlag("let showsLegacyHeader = true")), [.error])
    }

    func testALoadBehindAFlagThatMayChangeStaysAnError() {
        XCTAssertEqual(severities(behindFlag("var showsLegacyHeader = false")), [.error])
    }

    func testTheEvidenceNamesTheBlock() throws {
        let finding = try XCTUnwrap(RuleHarness.findings([behindFlag("let showsLegacyHeader = false"), flow], rules: [MissingNibRule.self]).first)
        let reasons = (finding.evidence ?? []).compactMap(\.reason)
        XCTAssertTrue(reasons.contains { $0.contains("lines 6–8") && $0.contains("constant condition rules out") }, "\(reasons)")
    }
}
