@testable import Analysis
import XCTest

/// Focused checks of the §4.4 rules, especially what real projects do legitimately.
final class BeyondCustomViewsRuleTests: XCTestCase {
    private typealias File = RuleExample.File

    private func dequeueProject(_ calls: String) -> [File] {
        [File("App/ListViewController.swift", """
        import UIKit

        final class ListViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        \(SubstitutionExample.indented(calls, by: 8))
            }
        }
        """), File("App/Screens.swift", "let listScreen = ListViewController()")]
    }

    func testReuseIdentifierWithoutIndexPathFallingBackToInitIsQuiet() {
        let calls = """
        let cell = tableView.dequeueReusableCell(withIdentifier: "plain")
            ?? UITableViewCell(style: .default, reuseIdentifier: "plain")
        return cell
        """
        XCTAssertEqual(RuleHarness.findings(dequeueProject(calls), rules: [UnregisteredReuseIDRule.self]).count, 0)
    }

    func testReuseIdentifierWithoutIndexPathIsAWarning() throws {
        let calls = "return tableView.dequeueReusableCell(withIdentifier: \"plain\") as! PlainCell"
        let finding = try XCTUnwrap(RuleHarness.findings(dequeueProject(calls), rules: [UnregisteredReuseIDRule.self]).first)
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertTrue(finding.message.contains("always returns nil"), finding.message)
    }

    func testReusableRegisterCellTypeMakesTheProjectDynamic() {
        let calls = """
        tableView.register(cellType: PlainCell.self)
        return tableView.dequeueReusableCell(withIdentifier: "PlainCell", for: indexPath)
        """
        XCTAssertEqual(RuleHarness.findings(dequeueProject(calls), rules: [UnregisteredReuseIDRule.self]).count, 0)
    }

    func testLiteralRegistrationProvidesTheIdentifier() {
        let calls = """
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
        return tableView.dequeueReusableCell(withIdentifier: "plain", for: indexPath)
        """
        XCTAssertEqual(RuleHarness.findings(dequeueProject(calls), rules: [UnregisteredReuseIDRule.self]).count, 0)
    }

    func testStoryboardFromAnotherBundleIsNotJudged() {
        let source = File("App/Router.swift", """
        import UIKit

        enum Router {
            static func picker() -> UIViewController? {
                UIStoryboard(name: "ImagePicker", bundle: Bundle(for: PickerToken.self)).instantiateInitialViewController()
            }
        }
        """)
        let storyboard = BeyondExample.storyboard("App/Main.storyboard", scenes: BeyondExample.scene(id: "Hom", controllerClass: "HomeViewController", swift: true))
        XCTAssertEqual(RuleHarness.findings([source, storyboard], rules: [MissingStoryboardRule.self]).count, 0)
    }

    func testProjectWithoutStoryboardsIsNotJudged() {
        let source = File("App/Router.swift", "import UIKit\n\nlet main = UIStoryboard(name: \"Main\", bundle: nil)\n")
        XCTAssertEqual(RuleHarness.findings([source], rules: [MissingStoryboardRule.self]).count, 0)
    }

    func testStoryboardIDIsSearchedOnlyInTheNamedStoryboard() throws {
        let main = BeyondExample.storyboard("App/Main.storyboard", scenes: BeyondExample.scene(id: "Hom", controllerClass: "HomeViewController", storyboardID: "Home", swift: true))
        let other = BeyondExample.storyboard("App/Settings.storyboard", scenes: BeyondExample.scene(id: "Set", controllerClass: "SettingsViewController", storyboardID: "Settings", swift: true))
        let source = File("App/Router.swift", """
        import UIKit

        enum Router {
            static func settings() -> UIViewController {
                UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Settings")
            }
        }
        """)
        let finding = try XCTUnwrap(RuleHarness.findings([source, main, other], rules: [MissingStoryboardIDRule.self]).first)
        XCTAssertTrue(finding.message.contains("no scene of Main.storyboard has"), finding.message)
    }

    func testSegueSentToAnotherControllerIsSearchedEverywhere() {
        let source = File("App/ListViewController.swift", """
        import UIKit

        final class ListViewController: UITableViewController {
            func openSettings(from detail: UIViewController) {
                detail.performSegue(withIdentifier: "showSettings", sender: self)
            }
        }
        """)
        let storyboard = BeyondExample.storyboard("App/Main.storyboard", scenes: [
            BeyondExample.scene(id: "Lst", controllerClass: "ListViewController", swift: true),
            BeyondExample.scene(id: "Det", controllerClass: "DetailViewController", swift: true, connections: """
            <connections>
                <segue destination="Lst-Vc" kind="show" identifier="showSettings" id="Seg-00-002"/>
            </connections>
            """),
        ].joined(separator: "\n"))
        XCTAssertEqual(RuleHarness.findings([source, storyboard], rules: [MissingSegueIDRule.self]).count, 0)
    }

    func testCollectionCellRegisteredAsTableCellIsNotACell() throws {
        let source = File("App/GridViewController.swift", """
        import UIKit

        final class GridViewController: UICollectionViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                collectionView.register(UINib(nibName: "TileCell", bundle: nil), forCellWithReuseIdentifier: "tile")
            }
        }
        """)
        let table = BeyondExample.xib("App/TileCell.xib", swift: true, objects: BeyondExample.tableCell(id: "Til-00-001", swift: true))
        let finding = try XCTUnwrap(RuleHarness.findings([source, table], rules: [CellNibTopLevelRule.self]).first)
        XCTAssertTrue(finding.message.contains("is not a UICollectionViewCell"), finding.message)
        let cell = BeyondExample.xib("App/TileCell.xib", swift: true, objects: #"<collectionViewCell contentMode="center" reuseIdentifier="tile" id="Til-00-001"/>"#)
        XCTAssertEqual(RuleHarness.findings([source, cell], rules: [CellNibTopLevelRule.self]).count, 0)
    }

    func testCellOfAnUnknownDependencyClassIsNotJudged() {
        let source = File("App/FeedViewController.swift", """
        import UIKit

        final class FeedViewController: UITableViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UINib(nibName: "AdCell", bundle: nil), forCellReuseIdentifier: "ad")
            }
        }
        """)
        let nib = BeyondExample.xib("App/AdCell.xib", swift: true, objects: #"<view contentMode="scaleToFill" id="Adc-00-001" customClass="GADNativeAdCell" customModule="GoogleMobileAds"/>"#)
        XCTAssertEqual(RuleHarness.findings([source, nib], rules: [CellNibTopLevelRule.self]).count, 0)
    }

    func testViewControllerNibWithoutSourcesNeedsAViewControllerName() {
        let windowController = BeyondExample.xib("App/PrefsController.xib", ownerClass: "PrefsController", swift: false,
                                                 objects: #"<view contentMode="scaleToFill" id="Prf-00-001"/>"#)
        XCTAssertEqual(RuleHarness.findings([windowController], rules: [VCNibWithoutViewRule.self]).count, 0)
        let controller = BeyondExample.xib("App/PrefsViewController.xib", ownerClass: "PrefsViewController", swift: false,
                                           objects: #"<view contentMode="scaleToFill" id="Prf-00-001"/>"#)
        XCTAssertEqual(RuleHarness.findings([controller], rules: [VCNibWithoutViewRule.self]).count, 1, "no sources needed")
    }
}

extension BeyondCustomViewsRuleTests {
    func testOwnStoryboardIsSearchedForTheCallingControllersScenes() throws {
        let main = BeyondExample.storyboard("App/Main.storyboard", scenes: BeyondExample.scene(id: "Mnu", controllerClass: "MenuViewController", swift: false))
        let other = BeyondExample.storyboard("App/Settings.storyboard", scenes: BeyondExample.scene(id: "Det", controllerClass: "DetailViewController", storyboardID: "Detail", swift: false))
        let source = RuleExample.File("App/MenuViewController.m", """
        #import <UIKit/UIKit.h>

        @interface MenuViewController : UIViewController
        @end

        @implementation MenuViewController
        - (void)showDetail {
            UIViewController *detail = [self.storyboard instantiateViewControllerWithIdentifier:@"Detail"];
            [self.navigationController pushViewController:detail animated:YES];
        }
        @end
        """)
        let finding = try XCTUnwrap(RuleHarness.findings([source, main, other], rules: [MissingStoryboardIDRule.self]).first)
        XCTAssertTrue(finding.message.contains("no scene of Main.storyboard has"), finding.message)
        XCTAssertEqual(RuleHarness.findings([source, other], rules: [MissingStoryboardIDRule.self]).count, 0,
                       "the controller has no scene: every storyboard counts")
    }
}

/// Code nothing makes never runs (its findings are info), but the analysis counts as made
/// what the system makes or another type of the same file makes.
final class UnusedCodeReachTests: XCTestCase {
    private typealias File = RuleExample.File

    private let storyboard = BeyondExample.storyboard("App/Main.storyboard", scenes: BeyondExample.scene(
        id: "Hom", controllerClass: "HomeViewController", storyboardID: "Home", swift: true))

    private func severity(_ source: String, publishing podspec: Bool = false) throws -> Severity {
        let pod = podspec ? [File("Intro.podspec", "Pod::Spec.new do |s|\n  s.name = 'Intro'\nend\n")] : []
        let findings = RuleHarness.findings([File("App/Flow.swift", source), storyboard] + pod, rules: [MissingStoryboardIDRule.self])
        return try XCTUnwrap(findings.first).severity
    }

    private let call = #"UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Start")"#

    func testCodeOfATypeNothingNamesIsInfo() throws {
        XCTAssertEqual(try severity("import UIKit\nfinal class IntroViewController: UIViewController {\n    func next() { _ = \(call) }\n}"), .info)
    }

    /// Apps outside the upload may use a library's class, but that link is assumed, not
    /// read: the finding is info and says so.
    func testALibrarysTypeNothingInTheUploadUsesIsInfoNamingTheAssumedUse() throws {
        let source = "import UIKit\nopen class IntroViewController: UIViewController {\n    open func next() { _ = \(call) }\n}"
        let pod = File("Intro.podspec", "Pod::Spec.new do |s|\n  s.name = 'Intro'\nend\n")
        let finding = try XCTUnwrap(RuleHarness.findings([File("App/Flow.swift", source), storyboard, pod], rules: [MissingStoryboardIDRule.self]).first)
        XCTAssertEqual(finding.severity, .info)
        XCTAssertTrue(finding.evidence?.contains { $0.reason?.contains("which apps outside the upload may use, but that use is assumed, not read") == true } == true, "\(String(describing: finding.evidence))")
        XCTAssertEqual(try severity(source + "\nenum Start { static let first = IntroViewController() }", publishing: true), .error,
                       "the library's own code makes it")
    }

    /// A subclass runs the code it inherits: the superclass's code runs when something makes
    /// a subclass, and naming it as a superclass is not making it.
    func testASuperclassRunsOnlyThroughASubclassSomethingMakes() throws {
        let classes = """
        import UIKit
        class BaseIntroController: UIViewController {
            func next() { _ = \(call) }
        }
        final class IntroViewController: BaseIntroController {}
        """
        XCTAssertEqual(try severity(classes), .info)
        XCTAssertEqual(try severity(classes + "\nenum Start { static let first = IntroViewController() }"), .error)
    }

    /// An outlet is given what a nib made: its declared type does not make the class.
    func testAnOutletsTypeDoesNotMakeTheClass() throws {
        let badge = "import UIKit\nfinal class BadgeView: UIView {\n    func open() { _ = \(call) }\n}"
        func badgeSeverity(_ controller: String) throws -> Severity {
            let files = [File("App/BadgeView.swift", badge), File("App/HomeViewController.swift", controller), storyboard]
            return try XCTUnwrap(RuleHarness.findings(files, rules: [MissingStoryboardIDRule.self]).first).severity
        }
        XCTAssertEqual(try badgeSeverity("import UIKit\nfinal class HomeViewController: UIViewController {\n    @IBOutlet weak var badge: BadgeView!\n}"), .info)
        XCTAssertEqual(try badgeSeverity("import UIKit\nfinal class HomeViewController: UIViewController {\n    let badge = BadgeView()\n}"), .error)
    }

    /// A xib whose root view (of class `root`, if given) holds one view of class `child`,
    /// with File's Owner labelled `owner`, if given.
    private func xib(_ path: String, owner: String? = nil, root: String? = nil, child: String) -> File {
        let ownerLine = owner.map { #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\#($0)"/>"# } ?? ""
        let rootClass = root.map { #" customClass="\#($0)""# } ?? ""
        return File(path, ExampleXML.xib("""
        \(ownerLine)
        <view contentMode="scaleToFill" id="Roo-t0-001"\(rootClass)>
            <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
            <subviews>
                <view contentMode="scaleToFill" id="Chi-ld-001" customClass="\(child)">
                    <rect key="frame" x="0.0" y="0.0" width="40" height="40"/>
                </view>
            </subviews>
        </view>
        """))
    }

    /// A class placed only in a xib that only unused code loads is made by nothing; once
    /// something makes the loading controller, the nib loads and the class runs.
    func testAPlacementInANibOnlyUnusedCodeLoadsMakesNothing() throws {
        let nib = xib("App/LegacyController.xib", owner: "LegacyController", child: "BadgeView")
        let controller = File("App/LegacyController.swift", """
        import UIKit
        final class LegacyController: UIViewController {
            @IBOutlet weak var badge: BadgeView!
            convenience init() { self.init(nibName: "LegacyController", bundle: nil) }
        }
        """)
        let badge = File("App/BadgeView.swift", "import UIKit\nfinal class BadgeView: UIView {\n    func open() { _ = \(call) }\n}")
        func badgeFinding(_ extra: [File]) throws -> Finding {
            try XCTUnwrap(RuleHarness.findings([nib, controller, badge, storyboard] + extra, rules: [MissingStoryboardIDRule.self]).first)
        }
        XCTAssertEqual(try badgeFinding([]).severity, .info)
        XCTAssertEqual(try badgeFinding([File("App/Flow.swift", "import UIKit\nenum Flow {\n    static func start() -> UIViewController { LegacyController() }\n}")]).severity, .error)
    }

    /// An app's main nib is loaded by the application (Info.plist's `NSMainNibFile`, which
    /// the analysis does not read), whatever its name: its File's Owner is the application, or
    /// it holds the application delegate the system makes. Another xib whose only class
    /// nothing names is loaded by nothing.
    func testAMainNibIsLoadedWhateverItsName() {
        func severities(owner: String, controller: String) -> [Severity] {
            let nib = File("Mac/Application.xib", ExampleXML.cocoaXib("""
            <customObject id="-2" userLabel="File's Owner" customClass="\(owner)"/>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="Ctl-00-001" customClass="AppController"/>
            <customView id="Vw0-00-001" customClass="MissingGaugeView">
                <rect key="frame" x="0.0" y="0.0" width="100" height="40"/>
            </customView>
            """))
            let source = File("Mac/AppController.swift", "import Cocoa\n\(controller)\n")
            return RuleHarness.findings([nib, source], rules: [UnknownCustomClassRule.self]).map(\.severity)
        }
        let plain = "final class AppController: NSObject {}"
        XCTAssertEqual(severities(owner: "NSObject", controller: plain), [.info])
        XCTAssertFalse(severities(owner: "NSApplication", controller: plain).contains(.info))
        XCTAssertFalse(severities(owner: "NSObject", controller: "final class AppController: NSObject, NSApplicationDelegate {}").contains(.info))
    }

    /// Two xibs that each place the other's class, with nothing else naming either, are
    /// taken as loaded (the walk does not decide a cycle), whichever is asked first.
    func testNibsThatPlaceEachOthersClassesAreTakenAsLoaded() throws {
        func nib(_ name: String, placing other: String) -> File { xib("App/\(name).xib", root: name, child: other) }
        let views = ["FrontView", "BackView"].map { name in
            File("App/\(name).swift", "import UIKit\nfinal class \(name): UIView {\n    func open() { _ = \(call) }\n}")
        }
        let findings = RuleHarness.findings([nib("FrontView", placing: "BackView"), nib("BackView", placing: "FrontView"), storyboard] + views,
                                            rules: [MissingStoryboardIDRule.self])
        XCTAssertEqual(findings.map(\.severity), [.error, .error])
    }

    func testATypeAnotherTypeOfItsFileMakesRuns() throws {
        XCTAssertEqual(try severity("""
        import UIKit
        final class IntroViewController: UIViewController {
            func next() { _ = \(call) }
        }
        final class IntroCoordinator {
            let controller = IntroViewController()
        }
        """), .error)
    }

    func testASceneDelegateTheSystemMakesRuns() throws {
        XCTAssertEqual(try severity("import UIKit\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    func start() { _ = \(call) }\n}"), .error)
    }

    func testAnEntryPointRuns() throws {
        XCTAssertEqual(try severity("import UIKit\n@main\nfinal class AppDelegate: UIResponder {\n    func start() { _ = \(call) }\n}"), .error)
    }
}
