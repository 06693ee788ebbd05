import Analysis
import XCTest

/// ANALYSIS.md §6: what real projects do that must not raise a finding.
final class RealWorldQuietTests: XCTestCase {
    private let cardView = "import UIKit\n\nfinal class CardView: UIView {\n    @IBOutlet weak var titleLabel: UILabel!\n}\n"

    func testStaleCustomModuleWithTargetProviderIsFine() {
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="CardView" customModule="OldTargetName" customModuleProvider="target" id="Root-00-001"/>
        """)
        let report = TestProject.analyze(["App/CardView.swift": cardView, "App/CardView.xib": xib,
                                          "App.xcodeproj/project.pbxproj": ExampleProject.pbxproj([
                                              .init("NewApp", sources: ["App/CardView.swift"], resources: ["App/CardView.xib"]),
                                          ])])
        XCTAssertEqual(report.findings.filter { $0.severity != .info }.map(\.rule), [])
    }

    func testDottedProductNameMakesAnUnderscoredModule() {
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="Missing" customModule="Rocket_Chat" id="Root-00-001"/>
                <view contentMode="scaleToFill" customClass="PodView" customModule="SomePod" id="Root-00-002"/>
        """)
        let report = TestProject.analyze(["App/CardView.swift": cardView, "App/Views.xib": xib,
                                          "App.xcodeproj/project.pbxproj": ExampleProject.pbxproj([
                                              .init("Rocket.Chat", sources: ["App/CardView.swift"], resources: ["App/Views.xib"]),
                                          ])])
        let unknown = report.findings.filter { $0.rule == "unknown-custom-class" }
        XCTAssertEqual(unknown.map(\.className), ["Missing", "PodView"])
        XCTAssertEqual(unknown.map(\.severity), [.warning, .info],
                       "a project module's class is reported (a warning: nothing is connected to the plain view), another module's is a likely dependency's")
    }

    func testClassesFromDependenciesAreUnknownNotMissing() {
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="KFAnimatedImageView" id="Root-00-001">
                    <connections>
                        <outlet property="anything" destination="Root-00-001" id="Out-00-001"/>
                    </connections>
                </view>
        """)
        let report = TestProject.analyze(["App/CardView.swift": cardView, "App/Views.xib": xib, "Podfile": "pod 'Kingfisher'\n"])
        XCTAssertEqual(report.findings.map(\.rule), ["unknown-custom-class"])
        XCTAssertEqual(report.findings.first?.severity, .info, "a class a listed dependency may provide is info at most")
        XCTAssertTrue(report.findings.first?.message.hasPrefix("Unknown class KFAnimatedImageView in Interface Builder file.") == true)
    }

    func testSuperclassFromADependencyDisablesMemberChecks() {
        let swift = "import UIKit\nimport SnapKitish\n\nfinal class CardView: PodBaseView {}\n"
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001">
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="boolean" keyPath="podFlag" value="YES"/>
                    </userDefinedRuntimeAttributes>
                    <connections>
                        <outlet property="podOutlet" destination="Root-00-001" id="Out-00-001"/>
                    </connections>
                </view>
        """)
        XCTAssertEqual(TestProject.analyze(["App/CardView.swift": swift, "App/CardView.xib": xib]).findings.map(\.rule), [])
    }

    func testOutletsAndActionsFromTypealiasAndProtocolExtensions() {
        let swift = """
        import UIKit

        protocol Tappable {}
        extension Tappable {
            @IBAction func tap(_ sender: Any) {}
        }

        final class CardView: UIView, Tappable {}

        extension Card {
            @IBOutlet lazy var titleLabel: UILabel! = UILabel()
        }

        typealias Card = CardView
        """
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001">
                    <subviews>
                        <label text="T" id="Lbl-00-001"/>
                        <button id="Btn-00-001">
                            <connections>
                                <action selector="tap:" destination="Root-00-001" eventType="touchUpInside" id="Act-00-001"/>
                            </connections>
                        </button>
                    </subviews>
                    <connections>
                        <outlet property="titleLabel" destination="Lbl-00-001" id="Out-00-001"/>
                    </connections>
                </view>
        """)
        let report = TestProject.analyze(["App/CardView.swift": swift, "App/CardView.xib": xib])
        XCTAssertEqual(report.findings.filter { $0.severity != .info }.map(\.message), [])
    }

    func testXXNibBridgeSubstitutionIsNotAnEmptyPlaceholder() {
        let objc = """
        #import <UIKit/UIKit.h>
        #import <XXNibBridge/XXNibBridge.h>
        @interface CardView : UIView <XXNibBridge>
        @end
        """
        let xib = TestProject.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"><subviews><label text="T" id="Lbl-00-001"/></subviews></view>
        """)
        let storyboard = TestProject.storyboard(subviews: "<view contentMode=\"scaleToFill\" customClass=\"CardView\" id=\"Crd-00-001\"/>")
        let report = TestProject.analyze(["App/CardView.h": objc, "App/CardView.xib": xib, "App/Main.storyboard": storyboard])
        XCTAssertEqual(report.findings.map(\.rule), [])
        let strategies = report.classes.first { $0.name == "CardView" }?.strategies.map(\.id) ?? []
        XCTAssertTrue(strategies.contains("awake-after-substitution"), "\(strategies)")
    }

    func testXXNibBridgeOptInByClassMethodIsASubstitutionToo() {
        let objc = "#import <UIKit/UIKit.h>\n@interface DogeView : UIView\n@end\n@implementation DogeView\n+ (BOOL)xx_shouldApplyNibBridging\n{\n    return YES;\n}\n@end\n"
        let xib = TestProject.xib("<view customClass=\"DogeView\" id=\"Root-00-001\"><subviews><label id=\"Lbl-00-001\"/></subviews></view>")
        let storyboard = TestProject.storyboard(subviews: "<view customClass=\"DogeView\" id=\"Dog-00-001\"/>")
        let report = TestProject.analyze(["App/DogeView.m": objc, "App/DogeView.xib": xib, "App/Main.storyboard": storyboard])
        XCTAssertEqual(report.findings.map(\.rule), [])
        XCTAssertEqual(report.classes.first { $0.name == "DogeView" }?.strategies.map(\.variant), ["subviews-count"])
    }

    func testSubstitutionThroughALoaderHelperOrADependencySuperclassIsNotAnEmptyPlaceholder() {
        let helper = """
        import UIKit

        open class NibView: UIView {
            open override func awakeAfter(using aDecoder: NSCoder) -> Any? {
                return nibLoader.awakeAfter(using: aDecoder, super.awakeAfter(using: aDecoder))
            }
        }

        final class CardView: NibView {}
        """
        let pod = "import UIKit\nimport NibView\n\nfinal class CardView: NibView {}\n"
        let xib = TestProject.xib("<view customClass=\"CardView\" customModule=\"App\" customModuleProvider=\"target\" id=\"Root-00-001\"><subviews><label id=\"Lbl-00-001\"/></subviews></view>")
        let storyboard = TestProject.storyboard(subviews: "<view customClass=\"CardView\" customModule=\"App\" customModuleProvider=\"target\" id=\"Crd-00-001\"/>")
        for source in [helper, pod] {
            let report = TestProject.analyze(["App/CardView.swift": source, "App/CardView.xib": xib, "App/Main.storyboard": storyboard])
            XCTAssertEqual(report.findings.map(\.rule), [])
            XCTAssertFalse(report.classes.first { $0.name == "CardView" }?.strategies.isEmpty ?? true)
        }
    }

    func testNibLoadedThroughACategoryChainFromInitWithCoderIsFilesOwnerContent() {
        let objc = """
        #import <UIKit/UIKit.h>
        @interface UIView (NibLoading)
        - (void)loadContentsFromNib;
        @end
        @implementation UIView (NibLoading)
        - (void)loadContentsFromNibNamed:(NSString *)nibName
        {
            NSArray *views = [[UINib nibWithNibName:nibName bundle:nil] instantiateWithOwner:self options:nil];
            for (UIView *view in [views[0] subviews]) [self addSubview:view];
        }
        - (void)loadContentsFromNib
        {
            [self loadContentsFromNibNamed:NSStringFromClass([self class])];
        }
        @end
        @interface NibLoadedView : UIView
        @end
        @implementation NibLoadedView
        - (id)initWithCoder:(NSCoder *)aDecoder
        {
            self = [super initWithCoder:aDecoder];
            [self loadContentsFromNib];
            return self;
        }
        @end
        @interface ColorView : NibLoadedView
        @end
        @implementation ColorView
        {
            IBOutlet UILabel *_codeLabel;
        }
        @end
        """
        let xib = TestProject.xib("""
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="ColorView">
            <connections>
                <outlet property="_codeLabel" destination="Lbl-00-001" id="Out-00-001"/>
            </connections>
        </placeholder>
        <view id="Root-00-001"><subviews><label id="Lbl-00-001"/></subviews></view>
        """)
        let report = TestProject.analyze(["Lib/NibLoading.m": objc, "Demo/ColorView.xib": xib])
        XCTAssertEqual(report.findings.map(\.message), [])
        XCTAssertEqual(report.classes.first { $0.name == "ColorView" }?.strategies.map(\.id), ["files-owner-content-view"])
    }

    func testNibDesignableProtocolExtensionChainIsFilesOwnerContent() {
        let swift = """
        import UIKit

        public protocol NibDesignableProtocol: NSObjectProtocol {
            func nibName() -> String
        }

        extension NibDesignableProtocol {
            public func loadNib() -> UIView {
                let nib = UINib(nibName: self.nibName(), bundle: Bundle(for: type(of: self)))
                return nib.instantiate(withOwner: self, options: nil)[0] as! UIView
            }

            fileprivate func setupNib() {
                let view = self.loadNib()
                (self as? UIView)?.addSubview(view)
            }
        }

        open class NibDesignable: UIView, NibDesignableProtocol {
            public func nibName() -> String { "ProfileAvatarView" }
            required public init?(coder aDecoder: NSCoder) {
                super.init(coder: aDecoder)
                self.setupNib()
            }
        }

        public class ProfileAvatarView: NibDesignable {
            @IBOutlet weak var nameLabel: UILabel!
        }
        """
        let xib = TestProject.xib("""
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="ProfileAvatarView" customModule="App" customModuleProvider="target">
            <connections>
                <outlet property="nameLabel" destination="Lbl-00-001" id="Out-00-001"/>
            </connections>
        </placeholder>
        <view id="Root-00-001"><subviews><label id="Lbl-00-001"/></subviews></view>
        """)
        let report = TestProject.analyze(["App/Views.swift": swift, "App/ProfileAvatarView.xib": xib])
        XCTAssertEqual(report.findings.map(\.message), [])
        let strategy = report.classes.first { $0.name == "ProfileAvatarView" }?.strategies.first
        XCTAssertEqual(strategy?.id, "files-owner-content-view")
        XCTAssertTrue(strategy?.evidence.contains { $0.note.contains("init(coder:) → setupNib()") } == true, "\(strategy?.evidence ?? [])")
    }

    func testCocoaXibWithApplicationFirstResponderAndTargetActions() {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSApplication">
                    <connections>
                        <outlet property="delegate" destination="Voe-Tx-rLC" id="GzC-gU-4Uq"/>
                    </connections>
                </customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customObject id="Voe-Tx-rLC" customClass="AppDelegate" customModule="Mac" customModuleProvider="target">
                    <connections>
                        <outlet property="window" destination="QvC-M9-y7g" id="gIp-Ho-8D9"/>
                    </connections>
                </customObject>
                <menu title="Main Menu" systemMenu="main" id="AYu-sK-qS6">
                    <items>
                        <menuItem title="Quit" keyEquivalent="q" id="4sb-4s-VLi">
                            <connections>
                                <action selector="terminate:" target="-1" id="Te7-pn-YzF"/>
                            </connections>
                        </menuItem>
                        <menuItem title="Refresh" id="5sb-4s-VLi">
                            <connections>
                                <action selector="refresh:" target="Voe-Tx-rLC" id="Te8-pn-YzF"/>
                            </connections>
                        </menuItem>
                    </items>
                </menu>
                <window title="App" id="QvC-M9-y7g" customClass="MainWindow" customModule="Mac" customModuleProvider="target">
                    <connections>
                        <outlet property="initialFirstResponder" destination="QvC-M9-y7g" id="abc-12-def"/>
                    </connections>
                </window>
            </objects>
        </document>
        """
        let swift = """
        import Cocoa

        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            @IBOutlet var window: NSWindow!
            @IBAction func refresh(_ sender: Any?) {}
        }

        final class MainWindow: NSWindow {}
        """
        let report = TestProject.analyze(["Mac/MainMenu.xib": xib, "Mac/AppDelegate.swift": swift])
        XCTAssertEqual(report.findings.map(\.message), [])
    }

    func testPlatformOutletsOfControllersAndCellsAreKnown() {
        let swift = """
        import UIKit

        final class ListController: UITableViewController {}
        final class ItemCell: UITableViewCell {}
        """
        let xib = TestProject.xib("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="ListController" customModule="App" customModuleProvider="target">
                    <connections>
                        <outlet property="view" destination="Tbl-00-001" id="Out-00-001"/>
                        <outlet property="tableView" destination="Tbl-00-001" id="Out-00-002"/>
                        <outlet property="searchDisplayController" destination="Tbl-00-001" id="Out-00-003"/>
                    </connections>
                </placeholder>
                <tableView id="Tbl-00-001">
                    <connections>
                        <outlet property="dataSource" destination="-1" id="Out-00-004"/>
                        <outlet property="delegate" destination="-1" id="Out-00-005"/>
                    </connections>
                </tableView>
                <tableViewCell customClass="ItemCell" customModule="App" customModuleProvider="target" id="Cel-00-001">
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius"><integer key="value" value="8"/></userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="string" keyPath="accessibilityIdentifier" value="item"/>
                    </userDefinedRuntimeAttributes>
                    <connections>
                        <outlet property="accessoryView" destination="Tbl-00-001" id="Out-00-006"/>
                    </connections>
                </tableViewCell>
        """)
        let report = TestProject.analyze(["App/List.swift": swift, "App/ListController.xib": xib])
        XCTAssertEqual(report.findings.filter { $0.severity != .info }.map(\.message), [])
    }

    func testCompiledNibSatisfiesALoad() {
        let swift = "import UIKit\n\nfinal class Old: UIView {\n    static func make() -> UIView? { Bundle.main.loadNibNamed(\"Legacy\", owner: nil, options: nil)?.first as? UIView }\n}\n"
        let report = TestProject.analyze(["App/Old.swift": swift, "App/en.lproj/Legacy.nib/keyedobjects.nib": "bplist00\u{0}"])
        XCTAssertEqual(report.findings.filter { $0.rule == "missing-nib" }.map(\.message), [])
    }

    func testViewControllerWithNilNibNameIsNotAMissingNib() {
        let swift = """
        import UIKit

        final class SettingsViewController: UIViewController {
            init() {
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        """
        XCTAssertEqual(TestProject.findings("missing-nib", in: ["App/Settings.swift": swift]).map(\.message), [])
    }
}
