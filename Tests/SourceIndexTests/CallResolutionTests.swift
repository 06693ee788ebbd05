import Analysis
import XCTest

/// Which declaration a helper call reaches: by receiver, enclosing class and its superclasses,
/// visibility, and what the helper returns (a nib to instantiate, or a view).
final class CallResolutionTests: XCTestCase {
    private static let nibGetters = [
        ("CardView.m", """
        @implementation CardView
        + (UINib *)nib { return [UINib nibWithNibName:NSStringFromClass([CardView class]) bundle:nil]; }
        + (instancetype)cardView {
            if ([[self class] nib]) { return [[[self class] nib] instantiateWithOwner:nil options:nil].firstObject; }
            return nil;
        }
        @end
        """),
        ("BadgeView.m", """
        @implementation BadgeView
        + (UINib *)nib { return [UINib nibWithNibName:NSStringFromClass([BadgeView class]) bundle:nil]; }
        + (instancetype)badgeView { return [[[self class] nib] instantiateWithOwner:nil options:nil].firstObject; }
        @end
        """),
        ("ListController.m", """
        @implementation ListController
        + (UINib *)nib { return [UINib nibWithNibName:NSStringFromClass(self.class) bundle:nil]; }
        - (void)viewDidLoad {
            [[[self class] nib] instantiateWithOwner:self options:nil];
            [self.tableView registerNib:[BadgeView nib] forCellReuseIdentifier:@"badge"];
            NSAssert([RemoteCell nib], @"a class of a dependency has its own +nib");
        }
        @end
        """),
        ("Headers.h", """
        @interface CardView : UIView
        @end
        @interface BadgeView : UIView
        @end
        @interface ListController : UIViewController
        @end
        """),
    ]

    func testNibGetterIsTheReceiversOwnAndLoadsOnlyWhenInstantiated() {
        let index = SourceFixture.index(Self.nibGetters)
        let card = index.loads(in: "CardView", method: "cardView").filter { $0.api == .projectHelper }
        XCTAssertEqual(card.map(\.nibName.candidates), [["CardView"]], "the fetch in the condition loads nothing")
        XCTAssertEqual(card.first?.owner, NibLoadSite.Owner.none)
        XCTAssertEqual(index.loads(in: "BadgeView", method: "badgeView").filter { $0.api == .projectHelper }.map(\.nibName.candidates), [["BadgeView"]])
        let controller = index.loads(in: "ListController", method: "viewDidLoad")
        let instantiated = controller.filter { $0.api == .projectHelper }
        XCTAssertEqual(instantiated.map(\.nibName.candidates), [["ListController"]])
        XCTAssertEqual(instantiated.first?.owner, .selfObject, "the owner is the instantiate call's")
        let registered = controller.filter { $0.api == .registerNib }
        XCTAssertEqual(registered.map(\.nibName.candidates), [["BadgeView"]])
        XCTAssertEqual(registered.first?.reuseIdentifier, "badge")
        XCTAssertFalse(controller.contains { $0.nibName.candidates.contains("RemoteCell") || $0.nibName.candidates.contains("ListController") && $0.api == .registerNib })
    }

    func testPrivateHelperOfAnotherFileIsNotReached() {
        let index = SourceFixture.index([
            ("Banner.swift", """
            class Banner: UIView {
                override init(frame: CGRect) { super.init(frame: frame); commonInit() }
            }
            extension UIView {
                private func commonInit() { Bundle.main.loadNibNamed("Banner", owner: self, options: nil) }
            }
            """),
            ("Card.swift", """
            class Card: UIView {
                override init(frame: CGRect) { super.init(frame: frame); commonInit() }
                private func commonInit() { backgroundColor = .red }
            }
            """),
        ])
        XCTAssertEqual(index.nibLoads.filter { $0.api == .projectHelper }.map(\.context.typeName), ["Banner"])
    }

    func testHelperOfTheReceiversClassWinsOverTheFirstOfThatName() {
        let index = SourceFixture.index([
            ("A.swift", """
            class Alpha: UIView {
                static func make() -> Alpha { Bundle.main.loadNibNamed("AlphaNib", owner: nil, options: nil)!.first as! Alpha }
            }
            """),
            ("B.swift", """
            class Beta: UIView {
                static func make() -> Beta { Bundle.main.loadNibNamed("BetaNib", owner: nil, options: nil)!.first as! Beta }
            }
            class BetaChild: Beta {}
            class Screen: UIViewController {
                func build() { let b = BetaChild.make(); let a = Alpha.make() }
            }
            """),
        ])
        let calls = index.loads(in: "Screen", method: "build()")
        XCTAssertEqual(calls.map(\.nibName.candidates), [["BetaNib"], ["AlphaNib"]])
    }

    func testGenericHelperIsBoundToTheDeclaredTypeAtTheCallSite() {
        let index = SourceFixture.index([
            ("UIView+Nib.swift", """
            extension UIView {
                static func fromNib() -> Self { Bundle.main.loadNibNamed(String(describing: self), owner: nil)!.first as! Self }
            }
            """),
            ("Screen.swift", """
            class HeaderView: UIView {}
            class Screen: UIViewController {
                func build() { let header: HeaderView = .fromNib() }
            }
            """),
        ])
        let call = index.loads(in: "Screen", method: "build()").first
        XCTAssertEqual(call?.nibName.candidates, ["HeaderView"])
        XCTAssertEqual(call?.receiverType, "HeaderView")
    }

    func testInitWithNibNameMakesTheNewControllerTheOwner() {
        let swift = SourceFixture.index(swift: """
        class HomeViewController: UIViewController {
            init() { super.init(nibName: nil, bundle: nil) }
            func show() { let next = SettingsViewController(nibName: "Settings", bundle: nil) }
        }
        """)
        let swiftLoads = swift.nibLoads.filter { $0.api == .viewControllerNibName }
        XCTAssertEqual(swiftLoads.map(\.owner), [.selfObject, .expression("SettingsViewController")])
        XCTAssertEqual(swiftLoads.map(\.receiverType), [nil, "SettingsViewController"])
        let objc = SourceFixture.index(objc: """
        @implementation HomeViewController
        - (void)show {
            id a = [[SettingsViewController alloc] initWithNibName:nil bundle:nil];
            id b = [[controllerClass alloc] initWithNibName:@"Settings" bundle:nil];
        }
        @end
        """)
        let objcLoads = objc.nibLoads.filter { $0.api == .viewControllerNibName }
        XCTAssertEqual(objcLoads.map(\.receiverType), ["SettingsViewController", nil])
        XCTAssertEqual(objcLoads.first?.nibName.candidates, ["SettingsViewController"], "nil names the nib after the class made")
        XCTAssertEqual(objcLoads.last?.owner, .expression("controllerClass"))
    }

    func testStoryboardReceiverSeesThroughLocalsAndOtherObjects() {
        let index = SourceFixture.index(swift: """
        class HomeViewController: UIViewController {
            func show(other: UIViewController) {
                let storyboard = UIStoryboard(name: "Settings", bundle: nil)
                let a = storyboard.instantiateViewController(withIdentifier: "A")
                let b = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "B")
                let c = other.storyboard?.instantiateViewController(withIdentifier: "C")
            }
            func own() { let d = storyboard?.instantiateViewController(withIdentifier: "D") }
        }
        """)
        let sites = index.literalCalls.filter { $0.kind == .storyboardIdentifier }
        XCTAssertEqual(sites.map(\.value), ["A", "B", "C", "D"])
        XCTAssertEqual(sites.map(\.storyboard), [.named("Settings"), .named("Main"), .other, .own])
    }
}
