import Analysis
import Foundation
import XCTest

/// The causes of strategy disagreement found on real projects (docs/realworld/causes.tsv
/// v1:S1–S4, v2:S1–S7), each on both sides: the pattern that now classifies as an engineer
/// reading the code would, and the near-miss that must not.
extension StrategyOwnerTests {
    private static let objcHeader = "#import <UIKit/UIKit.h>\n"

    private static func objcRootXib(_ className: String, element: String = "view") -> String {
        rootXib(className, element: element).replacingOccurrences(of: " customModule=\"App\" customModuleProvider=\"target\"", with: "")
    }

    /// v2:S6: `self = <nib-loaded>` in a custom initialiser is init-coder-replacement, and the
    /// load inside it is no root-class factory.
    func testSelfReplacementInACustomInitializerIsInitReplacement() {
        let result = strategies([
            ("App/InfoView.h", Self.objcHeader + "@interface InfoView : UIView\n+ (UINib *)nib;\n- (instancetype)initWithEvent:(id)event;\n@end\n"),
            ("App/InfoView.m", """
            #import "InfoView.h"
            @implementation InfoView
            + (UINib *)nib { return [UINib nibWithNibName:NSStringFromClass([self class]) bundle:nil]; }
            - (instancetype)initWithEvent:(id)event
            {
                self = [[[self class] nib] instantiateWithOwner:nil options:nil].firstObject;
                return self;
            }
            @end
            """),
            ("App/InfoView.xib", Self.objcRootXib("InfoView")),
            ("App/BadgeView.h", Self.objcHeader + "@interface BadgeView : UIView\n+ (instancetype)badge;\n- (instancetype)initWithEvent:(id)event;\n@end\n"),
            ("App/BadgeView.m", """
            #import "BadgeView.h"
            @implementation BadgeView
            + (instancetype)badge { return [[NSBundle mainBundle] loadNibNamed:@"BadgeView" owner:nil options:nil].firstObject; }
            - (instancetype)initWithEvent:(id)event
            {
                self = [super initWithFrame:CGRectZero];
                return self;
            }
            @end
            """),
            ("App/BadgeView.xib", Self.objcRootXib("BadgeView")),
        ])
        XCTAssertEqual(result["InfoView"], ["init-coder-replacement"])
        XCTAssertEqual(result["BadgeView"], ["root-class-factory"], "a custom initialiser that calls super replaces nothing")
    }

    /// v2:S1: a cell registered by class whose nib comes in through the initWithStyle: it
    /// inherits (`[[self class] nib]`) is init-coder-replacement, not cell-nib; the base class,
    /// with no nib of its name, is made in code.
    func testInheritedInitializerReplacementLoadsTheSubclassNib() {
        let result = strategies([
            ("App/BaseCell.h", Self.objcHeader + "@interface BaseCell : UITableViewCell\n+ (UINib *)nib;\n@end\n"),
            ("App/BaseCell.m", """
            #import "BaseCell.h"
            @implementation BaseCell
            + (UINib *)nib
            {
                if ([[NSBundle mainBundle] pathForResource:NSStringFromClass([self class]) ofType:@"nib"]) { return [UINib nibWithNibName:NSStringFromClass([self class]) bundle:nil]; }
                return nil;
            }
            - (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(NSString *)reuseIdentifier
            {
                if ([[self class] nib]) { self = [[[self class] nib] instantiateWithOwner:nil options:nil].firstObject; }
                else { self = [super initWithStyle:style reuseIdentifier:reuseIdentifier]; }
                return self;
            }
            @end
            """),
            ("App/BubbleCell.h", "#import \"BaseCell.h\"\n@interface BubbleCell : BaseCell\n@end\n"),
            ("App/BubbleCell.m", "#import \"BubbleCell.h\"\n@implementation BubbleCell\n@end\n"),
            ("App/BubbleCell.xib", Self.objcRootXib("BubbleCell", element: "tableViewCell")),
            ("App/ListController.m", """
            #import "BubbleCell.h"
            @implementation ListController
            - (void)viewDidLoad { [self.tableView registerClass:BubbleCell.class forCellReuseIdentifier:@"bubble"]; }
            @end
            """),
        ])
        XCTAssertEqual(result["BubbleCell"], ["init-coder-replacement"])
        XCTAssertEqual(result["BaseCell"], ["code-only"], "no BaseCell.xib: the replacement never happens for the base class")
    }

    /// v1:S3, v2:S4: a top-level object of a xib whose File's Owner is another class, which
    /// loads the xib, is a root-class factory; in a xib nothing loads it is only placed.
    func testTopLevelObjectOfAnotherClassesNibIsAFactory() {
        func xib(_ owner: String, _ element: String, _ className: String) -> String {
            ExampleXML.xib("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(owner)"/>
            <\(element) id="Top-00-001" customClass="\(className)"/>
            """)
        }
        let result = strategies([
            ("App/Views.h", Self.objcHeader + """
            @interface DiversionController : UIViewController
            + (instancetype)controllerWithContext:(id)context;
            @end
            @interface AppContext : NSObject
            @end
            @interface LegacyController : UIViewController
            @end
            """),
            ("App/Views.m", """
            #import "Views.h"
            @implementation DiversionController
            + (instancetype)controllerWithContext:(id)context
            {
                NSArray *wired = [[NSBundle mainBundle] loadNibNamed:@"Diversion" owner:context options:nil];
                return wired[0];
            }
            @end
            """),
            ("App/Diversion.xib", xib("AppContext", "viewController", "DiversionController")),
            ("App/Legacy.xib", xib("AppContext", "viewController", "LegacyController")),
        ])
        XCTAssertEqual(result["DiversionController"], ["root-class-factory"])
        XCTAssertEqual(result["LegacyController"], ["storyboard-only"], "nothing loads Legacy.xib")
    }

    /// v1:S2, v2:S2: a controller made with no nib name loads the xib named after it whatever
    /// its File's Owner label says; a label on a misspelt xib nothing loads makes no
    /// view-controller-nib; a controller that builds its view in loadView loads no xib.
    func testDefaultNibLookupDecidesAControllersNib() {
        func ownerXib(_ owner: String) -> String {
            ExampleXML.xib("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(owner)">
                <connections><outlet property="view" destination="Root-00-001" id="Out-00-001"/></connections>
            </placeholder>
            <view contentMode="scaleToFill" id="Root-00-001"/>
            """)
        }
        let result = strategies([
            ("App/Controllers.h", Self.objcHeader + """
            @interface LineController : UIViewController
            @end
            @interface BubbleController : LineController
            @end
            @interface PlainController : LineController
            @end
            @interface RearController : UIViewController
            @end
            """),
            ("App/Controllers.m", """
            #import "Controllers.h"
            @implementation LineController
            @end
            @implementation BubbleController
            @end
            @implementation PlainController
            - (void)loadView { self.view = [[UIView alloc] init]; }
            @end
            @implementation RearController
            @end
            """),
            ("App/LineController.xib", ownerXib("LineController")),
            ("App/BubbleController.xib", ownerXib("LineController")),
            ("App/PlainController.xib", ownerXib("LineController")),
            ("App/RearControllerv.xib", ownerXib("RearController")),
        ])
        XCTAssertEqual(result["BubbleController"], ["view-controller-nib"], "the default lookup finds BubbleController.xib")
        XCTAssertEqual(result["LineController"], ["view-controller-nib"])
        XCTAssertEqual(result["PlainController"], ["code-only"], "loadView builds the view in code")
        XCTAssertEqual(result["RearController"], ["code-only"], "nothing loads RearControllerv.xib")
    }

    /// v1:S3: a helper that passes its parameter on to another helper as the nib name is
    /// followed to the caller that names the nib; a call through a receiver of unknown type
    /// is not credited to the caller's own class.
    func testHelperChainIsFollowedToTheNamingCaller() {
        let result = strategies([
            ("App/Banner.h", Self.objcHeader + """
            @interface BannerView : UIView
            + (instancetype)viewWithNibNamed:(NSString *)name owner:(id)owner;
            @end
            @interface Document : NSObject
            @end
            @interface Inspector : UIViewController
            @end
            """),
            ("App/Banner.m", """
            #import "Banner.h"
            @implementation BannerView
            + (instancetype)viewWithNibNamed:(NSString *)name owner:(id)owner
            {
                NSArray *objects = [[NSBundle mainBundle] loadNibNamed:name owner:owner options:nil];
                for (id object in objects) { if ([object isKindOfClass:self]) return object; }
                return nil;
            }
            + (CGFloat)heightOfBanner { return [self viewWithNibNamed:NSStringFromClass(self) owner:nil].frame.size.height; }
            @end
            @implementation Document
            - (BannerView *)newBannerForNibName:(NSString *)name
            {
                BannerView *result = [BannerView viewWithNibNamed:name owner:self];
                return result;
            }
            - (void)showFind { [self newBannerForNibName:@"FindBanner"]; }
            @end
            @implementation Inspector
            - (void)viewDidLoad { Class bannerClass = BannerView.class; [bannerClass heightOfBanner]; }
            @end
            """),
            ("App/FindBanner.xib", ExampleXML.xib("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="Document"/>
            <view id="Top-00-001" customClass="BannerView"/>
            """)),
            ("App/Inspector.xib", ExampleXML.xib("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="Inspector">
                <connections><outlet property="view" destination="Root-00-001" id="Out-00-001"/></connections>
            </placeholder>
            <view contentMode="scaleToFill" id="Root-00-001"/>
            """)),
        ])
        XCTAssertEqual(result["BannerView"], ["root-class-factory"])
        XCTAssertEqual(result["Inspector"], ["view-controller-nib"])
    }

    /// The near-miss of the chain: `[bannerClass banner]` goes through a helper named after
    /// its receiver, whose type the file does not show: it loads no nib of the caller; and
    /// `bannerHeight`, which returns a number computed from a loaded view, is no helper.
    func testHelperThroughAReceiverOfUnknownTypeIsNotTheCallersNib() {
        let model = ProjectModel.build(files: [
            ("App/Banner.h", Self.objcHeader + "@interface BannerView : UIView\n+ (instancetype)banner;\n+ (CGFloat)bannerHeight;\n@end\n"),
            ("App/Banner.m", """
            #import "Banner.h"
            @implementation BannerView
            + (instancetype)banner { return [[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil].firstObject; }
            + (CGFloat)bannerHeight { return [self banner].frame.size.height; }
            @end
            @implementation Inspector
            - (void)viewDidLoad { Class bannerClass = [self bannerClass]; [bannerClass banner]; [BannerView banner]; [BannerView bannerHeight]; }
            @end
            """),
        ].map { ProjectFile(path: $0.0, kind: ProjectFile.kind(ofPath: $0.0), contents: Data($0.1.utf8)) })
        let callers = model.sources.nibLoads.filter { $0.context.typeName == "Inspector" }
        XCTAssertEqual(callers.map { $0.nibName.candidates }, [[], ["BannerView"]], "the untyped receiver's nib is unknown, not Inspector")
    }

    /// v2:S3 (`let h: HeaderView = .loadNib()`-style helpers): `class func loadNib() -> Self
    /// { loadNib(self) }` over `loadNib(_ type: T.Type)` naming the nib after the class passed
    /// is a root-class factory of the receiving class; the same helper that nothing calls
    /// leaves the nib unexplained.
    func testGenericHelperBoundAtTheCallSite() {
        let result = strategies([
            ("App/UIView+Nib.swift", """
            import UIKit
            extension String {
                static func className(_ aClass: AnyClass) -> String { NSStringFromClass(aClass).components(separatedBy: ".").last! }
            }
            extension UIView {
                class func loadNib<T: UIView>(_ viewType: T.Type) -> T {
                    let className = String.className(viewType)
                    return Bundle(for: viewType).loadNibNamed(className, owner: nil, options: nil)!.first as! T
                }
                class func loadNib() -> Self {
                    return loadNib(self)
                }
            }
            final class HeaderView: UIView {}
            final class FooterView: UIView {}
            final class MenuController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(HeaderView.loadNib())
                }
            }
            """),
            ("App/HeaderView.xib", Self.rootXib("HeaderView")),
            ("App/FooterView.xib", Self.rootXib("FooterView")),
        ])
        XCTAssertEqual(result["HeaderView"], ["root-class-factory"])
        XCTAssertEqual(result["FooterView"], ["unknown"], "nothing loads FooterView")
    }

    /// A nib named after a helper's generic parameter (`T.nibName`, a protocol's default
    /// `String(describing: Self.self)`) is the nib of the class each caller passes for it:
    /// `instantiate(CardView.self)` makes CardView a root-class factory; a conforming class
    /// nothing passes keeps its nib unexplained.
    func testNibOfAGenericParameterIsTheClassTheCallerPasses() {
        let result = strategies([
            ("App/Loadable.swift", """
            import UIKit
            protocol Loadable: AnyObject { static var nibName: String { get } }
            extension Loadable { static var nibName: String { String(describing: Self.self) } }
            extension UIView {
                func instantiate<T: UIView>(_: T.Type) -> T where T: Loadable {
                    UINib(nibName: T.nibName, bundle: nil).instantiate(withOwner: nil, options: nil).first as! T
                }
            }
            final class CardView: UIView, Loadable {}
            final class TagView: UIView, Loadable {}
            final class HomeView: UIView {
                func show() { addSubview(UIView().instantiate(CardView.self)) }
            }
            """),
            ("App/CardView.xib", Self.rootXib("CardView")),
            ("App/TagView.xib", Self.rootXib("TagView")),
        ])
        XCTAssertEqual(result["CardView"], ["root-class-factory"])
        XCTAssertEqual(result["TagView"], ["unknown"], "nothing passes TagView to the helper")
    }

    /// A protocol-extension loader named after `Self` loads a conformer's nib only where a
    /// caller says which conformer: `BadgeView.fromNib()`, or `T.fromNib()` inside a generic
    /// `ContainerCell<T>` that the project specialises as `ContainerCell<SpinnerView>`. A
    /// conformer nobody loads so (its `awakeAfter` commented out) stays unexplained, however
    /// many classes the protocol extends.
    func testSelfNamedProtocolLoaderLoadsOnlyTheConformersItIsCalledOn() {
        let result = strategies([
            ("App/NibLoadable.swift", """
            import UIKit
            protocol NibLoadable {}
            extension UIView: NibLoadable {}
            extension NibLoadable where Self: UIView {
                static func fromNib() -> Self {
                    Bundle(for: self).loadNibNamed(String(describing: self), owner: nil, options: nil)!.first as! Self
                }
            }
            final class BadgeView: UIView {}
            final class SpinnerView: UIView {}
            final class RulerView: UIView {
                // override func awakeAfter(using coder: NSCoder) -> Any? { RulerView.fromNib() }
            }
            final class ContainerCell<T: UIView>: UITableViewCell {
                let content: T = T.fromNib()
            }
            typealias SpinnerCell = ContainerCell<SpinnerView>
            final class HomeView: UIView {
                func show() { addSubview(BadgeView.fromNib()) }
            }
            """),
            ("App/BadgeView.xib", Self.rootXib("BadgeView")),
            ("App/SpinnerView.xib", Self.rootXib("SpinnerView")),
            ("App/RulerView.xib", Self.rootXib("RulerView")),
        ])
        XCTAssertEqual(result["BadgeView"], ["root-class-factory"])
        XCTAssertEqual(result["SpinnerView"], ["root-class-factory"], "ContainerCell<SpinnerView> binds T")
        XCTAssertEqual(result["RulerView"], ["unknown"], "the only call is commented out")
    }

    /// v1:S4: a cell nib nothing registers, loaded by a registry that takes the first object
    /// of the nib named after a class it is given at run time, is a root-class factory; with
    /// a loader whose name is a string from elsewhere it stays a cell nib.
    func testCellNibLoadedByAClassRegistryIsAFactory() {
        func project(nameFrom expression: String) -> [(String, String)] {
            [
                ("App/RowDescriptor.h", Self.objcHeader + "@interface RowDescriptor : NSObject\n@property id cellClass;\n@property NSString *cellName;\n- (UITableViewCell *)cell;\n@end\n"),
                ("App/RowDescriptor.m", """
                #import "RowDescriptor.h"
                @implementation RowDescriptor
                - (UITableViewCell *)cell
                {
                    id cellClass = self.cellClass;
                    NSString *cellResource = \(expression);
                    return [[[NSBundle mainBundle] loadNibNamed:cellResource owner:nil options:nil] firstObject];
                }
                @end
                """),
                ("App/RatingCell.h", Self.objcHeader + "@interface RatingCell : UITableViewCell\n@end\n"),
                ("App/RatingCell.m", "#import \"RatingCell.h\"\n@implementation RatingCell\n@end\n"),
                ("App/RatingCell.xib", Self.objcRootXib("RatingCell", element: "tableViewCell")),
            ]
        }
        XCTAssertEqual(strategies(project(nameFrom: "[NSStringFromClass(cellClass) componentsSeparatedByString:@\".\"].lastObject"))["RatingCell"],
                       ["root-class-factory"])
        XCTAssertEqual(strategies(project(nameFrom: "self.cellName"))["RatingCell"], ["cell-nib"], "the name says nothing about a class")
    }

    /// A controller below a superclass from a dependency is listed (by its name) and made in code.
    func testControllerBelowADependencySuperclassIsListed() {
        let result = strategies([
            ("App/Pager.swift", """
            import UIKit
            import XLPagerTabStrip
            final class RepositoryViewController: ButtonBarPagerTabStripViewController {
                override func viewControllers(for pagerTabStripController: PagerTabStripViewController) -> [UIViewController] { [] }
            }
            final class RepositoryClient: APIClientBase {}
            """),
        ])
        XCTAssertEqual(result["RepositoryViewController"], ["code-only"])
        XCTAssertNil(result["RepositoryClient"], "not a view, a cell or a controller by any evidence")
    }
}
