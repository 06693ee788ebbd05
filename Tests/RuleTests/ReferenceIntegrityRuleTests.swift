import Analysis
import XCTest

final class ReferenceIntegrityRuleTests: XCTestCase {
    private let cardSwift = "import UIKit\n\nfinal class CardView: UIView {\n    @IBOutlet var contentView: UIView!\n}\n"

    private func ownerXib(ownerClass: String = "CardView") -> String {
        TestProject.xib("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="\(ownerClass)" customModule="App" customModuleProvider="target">
                    <connections>
                        <outlet property="contentView" destination="Root-00-001" id="Out-00-001"/>
                    </connections>
                </placeholder>
                <tableViewCell id="Root-00-001"/>
        """)
    }

    func testRegisteringAFilesOwnerNibAsACellNibLeavesItsOutletsNil() {
        let controller = """
        import UIKit

        final class ListController: UITableViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UINib(nibName: "CardView", bundle: nil), forCellReuseIdentifier: "card")
            }
        }
        """
        let findings = TestProject.findings("owner-mismatch", in: ["App/Card.swift": cardSwift, "App/List.swift": controller, "App/CardView.xib": ownerXib()])
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings.first?.message.contains("as a cell nib") == true)
        XCTAssertEqual(findings.first?.seed, "002")
        XCTAssertEqual(findings.first?.locations.map(\.path), ["App/List.swift", "App/CardView.xib"])
    }

    func testAControllerInitialisedWithAnotherControllersNib() {
        let swift = """
        import UIKit

        final class ProfileViewController: UIViewController {
            @IBOutlet weak var nameLabel: UILabel!
        }

        final class SettingsViewController: UIViewController {
            init() {
                super.init(nibName: "ProfileViewController", bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        """
        let xib = TestProject.xib("""
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="ProfileViewController" customModule="App" customModuleProvider="target">
            <connections>
                <outlet property="view" destination="Root-00-001" id="Out-00-001"/>
                <outlet property="nameLabel" destination="Lbl-00-001" id="Out-00-002"/>
            </connections>
        </placeholder>
        <view id="Root-00-001"><subviews><label id="Lbl-00-001"/></subviews></view>
        """)
        let findings = TestProject.findings("owner-mismatch", in: ["App/Controllers.swift": swift, "App/ProfileViewController.xib": xib])
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings.first?.message.contains("for SettingsViewController") == true, findings.first?.message ?? "")
    }

    func testOwnerSelfOfAnUnrelatedClass() {
        let swift = cardSwift + "\nfinal class BadgeView: UIView {\n    func load() { Bundle.main.loadNibNamed(\"CardView\", owner: self, options: nil) }\n}\n"
        let findings = TestProject.findings("owner-mismatch", in: ["App/Card.swift": swift, "App/CardView.xib": ownerXib()])
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings.first?.message.contains("with owner self, a BadgeView") == true, findings.first?.message ?? "")
    }

    func testOwnerOfASubclassIsFine() {
        let swift = cardSwift + "\nfinal class FancyCardView: CardView {\n    func load() { Bundle.main.loadNibNamed(\"CardView\", owner: self, options: nil) }\n}\n"
        XCTAssertEqual(TestProject.findings("owner-mismatch", in: ["App/Card.swift": swift, "App/CardView.xib": ownerXib()]).count, 0)
    }

    func testConditionalCastIsAWarningAndAnIndexPastTheEndIsReported() {
        let swift = """
        import UIKit

        final class CardView: UIView {
            static func make() -> CardView? {
                Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as? CardView
            }
            static func second() -> CardView {
                Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)![1] as! CardView
            }
        }
        """
        let xib = TestProject.xib("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
                <button id="Btn-00-001"/>
        """)
        let findings = TestProject.findings("first-object-cast", in: ["App/Card.swift": swift, "App/CardView.xib": xib])
        XCTAssertEqual(findings.map(\.severity), [.warning, .error])
        XCTAssertTrue(findings.first?.message.contains("UIButton") == true, findings.first?.message ?? "")
        XCTAssertTrue(findings.last?.message.contains("only 1 top-level object") == true, findings.last?.message ?? "")
    }

    func testSwiftActionWithoutSenderHasNoColon() {
        let swift = "import UIKit\n\nfinal class CardView: UIView {\n    @IBAction func refresh() {}\n}\n"
        let xib = TestProject.xib("""
                <view customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001">
                    <subviews>
                        <button id="Btn-00-001">
                            <connections>
                                <action selector="refresh:" destination="Root-00-001" eventType="touchUpInside" id="Act-00-001"/>
                                <action selector="refresh" destination="Root-00-001" eventType="touchDown" id="Act-00-002"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
        """)
        let findings = TestProject.findings("action-not-in-class", in: ["App/Card.swift": swift, "App/Card.xib": xib])
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings.first?.message.contains("refresh:") == true)
    }

    func testUnknownClassIgnoresPlatformLookalikesAndPlaceholders() {
        let xib = TestProject.xib("""
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view customClass="UIInputSetHostView" id="Root-00-001"/>
                <view customClass="MKPinAnnotationView" id="Root-00-002"/>
        """)
        XCTAssertEqual(TestProject.findings("unknown-custom-class", in: ["App/Card.swift": cardSwift, "App/Card.xib": xib]).count, 0)
    }

    func testMissingNibThroughAClassNameHelperIsQuietWhileSomeClassHasItsNib() {
        let swift = """
        import UIKit

        class BaseCardView: UIView {
            class func fromNib() -> Self {
                Bundle.main.loadNibNamed(String(describing: self), owner: nil, options: nil)?.first as! Self
            }
        }

        final class PhotoCardView: BaseCardView {}
        """
        let xib = TestProject.xib("<view customClass=\"PhotoCardView\" customModule=\"App\" customModuleProvider=\"target\" id=\"Root-00-001\"/>")
        XCTAssertEqual(TestProject.findings("missing-nib", in: ["App/Cards.swift": swift, "App/PhotoCardView.xib": xib]).map(\.message), [])
    }

    func testEmptyPlaceholderIsQuietWhenThePlacementHasItsOwnSubviewsOrInitLoadsTheNib() {
        let factory = "import UIKit\n\nfinal class CardView: UIView {\n    static func make() -> CardView { Bundle.main.loadNibNamed(\"CardView\", owner: nil, options: nil)!.first as! CardView }\n}\n"
        let xib = TestProject.xib("<view customClass=\"CardView\" customModule=\"App\" customModuleProvider=\"target\" id=\"Root-00-001\"><subviews><label id=\"Lbl-00-001\"/></subviews></view>")
        let designedInPlace = TestProject.storyboard(subviews: """
                                    <view customClass="CardView" customModule="App" customModuleProvider="target" id="Crd-00-001">
                                        <subviews><label id="Lbl-00-002"/></subviews>
                                    </view>
        """)
        XCTAssertEqual(TestProject.findings("empty-placeholder", in: ["App/Card.swift": factory, "App/CardView.xib": xib, "App/Main.storyboard": designedInPlace]).count, 0)
        let bare = TestProject.storyboard(subviews: "<view customClass=\"CardView\" customModule=\"App\" customModuleProvider=\"target\" id=\"Crd-00-001\"/>")
        XCTAssertEqual(TestProject.findings("empty-placeholder", in: ["App/Card.swift": factory, "App/CardView.xib": xib, "App/Main.storyboard": bare]).count, 1)
        let commonInit = factory.replacingOccurrences(of: "final class CardView: UIView {\n", with: """
        final class CardView: UIView {
            required init?(coder: NSCoder) {
                super.init(coder: coder)
                commonInit()
            }
            private func commonInit() {
                let content = UINib(nibName: "CardContent", bundle: nil).instantiate(withOwner: self, options: nil)[0] as! UIView
                addSubview(content)
            }

        """)
        XCTAssertEqual(TestProject.findings("empty-placeholder", in: ["App/Card.swift": commonInit, "App/CardView.xib": xib, "App/Main.storyboard": bare]).count, 0)
    }

    func testMissingCustomModuleMessageNamesTheRuntimeName() {
        let xib = TestProject.xib("<view customClass=\"CardView\" id=\"Root-00-001\"/>")
        let finding = TestProject.findings("missing-custom-module", in: ["App/Card.swift": cardSwift, "App/Card.xib": xib]).first
        XCTAssertEqual(finding?.locations.map(\.path), ["App/Card.xib", "App/Card.swift"])
        XCTAssertTrue(finding?.message.contains("Unknown class CardView in Interface Builder file") == true)
    }
}
