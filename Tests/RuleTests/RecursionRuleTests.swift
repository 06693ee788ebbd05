@testable import Analysis
import XCTest

/// Focused checks of the §4.2 rules.
final class RecursionRuleTests: XCTestCase {
    private typealias File = RuleExample.File

    func testRecursionThroughAnInheritingSubclassRoot() throws {
        let files = [
            File("App/CardView.swift", RecursionExample.swiftCardView(extra: "\nfinal class LargeCardView: CardView {}\n")),
            RecursionExample.cardNib(rootClass: "LargeCardView", swift: true),
        ]
        let found = RuleHarness.findings(files, rules: [AwakeAfterRecursionRule.self])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(try XCTUnwrap(found.first).message.contains("whose LargeCardView runs the same awakeAfter(using:)"))
    }

    func testPrivateSubclassThatIsNotTheNibRootDoesNotStopTheRecursion() throws {
        let files = [
            RecursionExample.objcHeader,
            File("App/MyCustomView.m", RecursionExample.objcStep1 + "\n\n" + RecursionExample.objcNibSubclass),
            RecursionExample.cardNib(rootClass: "MyCustomView", swift: false, path: "App/MyCustomView.xib"),
            RuleExample.loader(ofNib: "MyCustomView"),
        ]
        let finding = try XCTUnwrap(RuleHarness.findings(files, rules: [AwakeAfterRecursionRule.self]).first)
        XCTAssertTrue(finding.message.contains("the private subclass _NIB_MyCustomView would stop it, but the nib's root is not a _NIB_MyCustomView"), finding.message)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(finding.locations.last, SourceLocation(path: "App/MyCustomView.xib", line: 6, column: 9))
    }

    func testMissingNibIsLeftToMissingNib() {
        let files = [File("App/CardView.swift", RecursionExample.swiftCardView(extra: ""))]
        XCTAssertEqual(RuleHarness.findings(files, rules: [AwakeAfterRecursionRule.self]).count, 0)
    }

    func testCellWithSameOwnerAndRootRegisteredForReuseIsNotRecursion() {
        let cell = """
        import UIKit

        final class ProfileCell: UITableViewCell {
            @IBOutlet var contentView2: UIView!
        }

        final class ProfileViewController: UITableViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UINib(nibName: "ProfileCell", bundle: nil), forCellReuseIdentifier: "profile")
            }
        }
        """
        let nib = BeyondExample.xib("App/ProfileCell.xib", ownerClass: "ProfileCell", swift: true,
                                    objects: BeyondExample.tableCell(id: "Pfc-00-001", cellClass: "ProfileCell", identifier: "profile", swift: true))
        XCTAssertEqual(RuleHarness.findings([File("App/ProfileCell.swift", cell), nib], rules: [OwnerAndRootSameClassRule.self]).count, 0)
    }

    func testOwnerAndRootLoadedFromASuperclassInitializer() throws {
        let source = """
        import UIKit

        class NibBackedView: UIView {
            required init?(coder: NSCoder) {
                super.init(coder: coder)
                Bundle.main.loadNibNamed(String(describing: type(of: self)), owner: self, options: nil)
            }
        }

        final class BadgeView: NibBackedView {}
        """
        let nib = BeyondExample.xib("App/BadgeView.xib", ownerClass: "BadgeView", swift: true,
                                    objects: #"<view contentMode="scaleToFill" id="Bdg-00-001" customClass="BadgeView" customModule="App" customModuleProvider="target"/>"#)
        let found = RuleHarness.findings([File("App/BadgeView.swift", source), nib], rules: [OwnerAndRootSameClassRule.self])
        XCTAssertEqual(found.map(\.className), ["BadgeView"], found.map(\.message).joined())
    }

    func testInitWithFrameReplacementIsNotReportedEvenWhenPlaced() {
        let example = InitCoderReplacesSelfRule.examples.nonTriggering[0]
        let files = example.files + [SubstitutionExample.storyboard(swift: false, content: "").replacingClass("CardViewProto", with: "CustomView1")]
        XCTAssertEqual(RuleHarness.findings(files, rules: [InitCoderReplacesSelfRule.self]).count, 0)
    }

    func testInitCoderReplacementNamesThePlacements() throws {
        let example = InitCoderReplacesSelfRule.examples.triggering[0]
        let files = example.files + [SubstitutionExample.storyboard(swift: false, content: "").replacingClass("CardViewProto", with: "CustomView1")]
        let finding = try XCTUnwrap(RuleHarness.findings(files, rules: [InitCoderReplacesSelfRule.self]).first)
        XCTAssertTrue(finding.message.contains("CustomView1 is used in App/Main.storyboard"), finding.message)
        XCTAssertEqual(finding.locations.map(\.path), ["App/CustomView1.m", "App/Main.storyboard"])
    }

    func testStaticFlagFindingPointsAtTheOverrideAndTheLoad() throws {
        let finding = try XCTUnwrap(RuleHarness.findings(of: StaticFlagGuardRule.self, in: StaticFlagGuardRule.examples.triggering[0]).first)
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertTrue(finding.message.contains("_loadingXib"))
        XCTAssertEqual(finding.locations.map(\.path), ["App/MyCustomView.m", "App/MyCustomView.m"])
    }
}
