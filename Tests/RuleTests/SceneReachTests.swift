@testable import Analysis
import XCTest

/// Storyboard scenes run only when something reaches them: the app's main storyboard's
/// initial controller (unless the app makes its window in code), a Storyboard ID code uses
/// (SwiftGen's declared scenes included), and the scenes their segues lead to, in turn.
final class SceneReachTests: XCTestCase {
    private typealias File = RuleExample.File

    /// An initial navigation controller whose root is Home, which shows Detail; both
    /// controllers connect an outlet their classes lack.
    private let storyboard = File("App/Base.lproj/Main.storyboard", """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="Nav-Vc">
        <scenes>
            <scene sceneID="Nav-Scn">
                <objects>
                    <navigationController id="Nav-Vc" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="Nav-Bar"/>
                        <connections>
                            <segue destination="Hom-Vc" kind="relationship" relationship="rootViewController" id="Rel-001"/>
                        </connections>
                    </navigationController>
                </objects>
            </scene>
    \(SubstitutionExample.indented(BeyondExample.scene(id: "Hom", controllerClass: "HomeViewController", swift: true,
        content: #"<label text="Home" id="Lbl-001"/>"#, connections: """
        <connections>
            <outlet property="titleLabel" destination="Lbl-001" id="Out-001"/>
            <segue destination="Det-Vc" kind="show" id="Sho-001"/>
        </connections>
        """), by: 8))
    \(SubstitutionExample.indented(BeyondExample.scene(id: "Det", controllerClass: "DetailViewController", swift: true,
        content: #"<label text="Detail" id="Lbl-002"/>"#, connections: """
        <connections>
            <outlet property="bodyLabel" destination="Lbl-002" id="Out-002"/>
        </connections>
        """), by: 8))
        </scenes>
    </document>
    """)

    private let controllers = File("App/Controllers.swift", """
    import UIKit
    final class HomeViewController: UIViewController {}
    final class DetailViewController: UIViewController {}
    """)

    private func severities(appDelegate body: String) -> [Severity] {
        let delegate = File("App/AppDelegate.swift", """
        import UIKit
        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
        \(SubstitutionExample.indented(body, by: 4))
        }
        """)
        return RuleHarness.findings([storyboard, controllers, delegate], rules: [OutletNotInClassRule.self]).map(\.severity)
    }

    func testAMainStoryboardIsAssumedWhenTheAppLeavesItsWindowToUIKit() {
        XCTAssertEqual(severities(appDelegate: ""), [.error, .error])
    }

    func testScenesReachedOnlyFromTheInitialControllerOfAnAppThatMakesItsWindowNeverLoad() throws {
        let findings = RuleHarness.findings([storyboard, controllers, File("App/AppDelegate.swift", """
        import UIKit
        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window = UIWindow(frame: UIScreen.main.bounds)
                window?.rootViewController = UINavigationController()
                return true
            }
        }
        """)], rules: [OutletNotInClassRule.self])
        XCTAssertEqual(findings.map(\.severity), [.info, .info], "Home through the initial controller, Detail through Home")
        let reasons = findings.flatMap { $0.evidence ?? [] }.compactMap(\.reason).joined(separator: "\n")
        XCTAssertTrue(reasons.contains("makes its window in code (App/AppDelegate.swift:6)"), reasons)
    }

    func testCodeThatMakesTheStoryboardsInitialControllerReachesItsScenes() {
        XCTAssertEqual(severities(appDelegate: """
        func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController()
            return true
        }
        """), [.error, .error])
    }

    /// SwiftGen instantiates every scene through one helper with a computed identifier: the
    /// identifiers it declares count, and the helper does not make every Storyboard ID used.
    func testSwiftGensDeclaredScenesAreReachedAndNoOthers() {
        let settings = BeyondExample.storyboard("App/Settings.storyboard", scenes: [
            BeyondExample.scene(id: "Set", controllerClass: "HomeViewController", storyboardID: "Settings", swift: true,
                                content: #"<label text="Settings" id="Lbl-003"/>"#,
                                connections: #"<connections><outlet property="titleLabel" destination="Lbl-003" id="Out-003"/></connections>"#),
            BeyondExample.scene(id: "Old", controllerClass: "DetailViewController", storyboardID: "Legacy", swift: true,
                                content: #"<label text="Old" id="Lbl-004"/>"#,
                                connections: #"<connections><outlet property="bodyLabel" destination="Lbl-004" id="Out-004"/></connections>"#),
        ].joined(separator: "\n"))
        let generated = File("App/Generated/Storyboards.swift", """
        import UIKit
        internal enum StoryboardScene {
            internal enum Settings: StoryboardType {
                internal static let storyboardName = "Settings"
                internal static let settings = SceneType<App.HomeViewController>(storyboard: Settings.self, identifier: "Settings")
            }
        }
        internal struct SceneType<T: UIViewController> {
            internal let storyboard: StoryboardType.Type
            internal let identifier: String
            internal func instantiate() -> T {
                storyboard.storyboard.instantiateViewController(withIdentifier: identifier) as! T
            }
        }
        """)
        let findings = RuleHarness.findings([settings, controllers, generated], rules: [OutletNotInClassRule.self])
        XCTAssertEqual(findings.map(\.severity), [.error, .info], "Settings is declared by SwiftGen, Legacy by nothing")
    }
}
