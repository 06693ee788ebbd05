/// `owner-mismatch`: a nib whose File's Owner has a class and outlets is loaded with owner
/// `nil` (the outlets stay nil) or with an owner of another class (KVC crash). Seed 002:
/// "the owner must be self, not nil".
struct OwnerMismatchRule: Rule {
    static let description = RuleDescription(
        id: "owner-mismatch",
        severity: .error,
        category: .referenceIntegrity,
        summary: "A nib whose File's Owner has a class and outlets is loaded with owner nil or with an object of another class; its outlets stay nil or the load crashes.",
        seed: "002",
        help: """
        The File's Owner placeholder becomes whatever object is passed as `owner:` at load \
        time, and its outlets are set on that object. Loaded with `owner: nil` (or through \
        `register(UINib…)`, which instantiates with no owner), the outlets are never set and \
        the usual `contentView` force-unwrap crashes. Loaded with an owner of an unrelated \
        class, setting the first outlet raises *this class is not key value coding-compliant*.

        **Fix:** load a File's Owner nib from the owner class itself with `owner: self` \
        (seed 002), or, if the nib is meant for `owner: nil`, set the class on its root view \
        instead of on File's Owner and connect the outlets from there.
        """,
        reads: [
            "A nib load in the sources with a single nib name and its owner: `owner: nil`, a `register` of the nib (no owner), `owner: self` in an instance method of a class, or the controller `init(nibName:)` makes; any other owner expression is not judged.",
            "That nib's File's Owner `customClass` (not `NSObject`) and the outlets in its `<connections>`.",
            "For `self` and `init(nibName:)`: the owner's class and File's Owner's class, both with lineages the sources and platform tables know completely, neither a kind of the other.",
            "Whether the load ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: a File's Owner nib loaded with owner nil.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet var contentView: UIView!

                    static func make() -> UIView {
                        Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as! UIView
                    }
                }
                """),
                .init("App/CardView.xib", ownerXib),
            ]),
            RuleExample("Objective-C: loaded with another class as owner.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @property (strong, nonatomic) IBOutlet UIView *contentView;
                @end
                """),
                .init("App/HomeViewController.m", """
                #import "HomeViewController.h"
                @implementation HomeViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    [[NSBundle mainBundle] loadNibNamed:@"CardView" owner:self options:nil];
                }
                @end
                """),
                .init("App/HomeViewController.h", """
                #import <UIKit/UIKit.h>
                @interface HomeViewController : UIViewController
                @end
                """),
                .init("App/CardView.xib", ownerXib.replacingOccurrences(of: " customModule=\"App\" customModuleProvider=\"target\"", with: "")),
            ]),
            RuleExample("Objective-C: a controller of another class made with the controller nib (initWithNibName:).", files: [
                .init("App/Controllers.h", controllerHeaders),
                showSettings(making: "HomeViewController"),
                .init("App/SettingsViewController.xib", controllerXib),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: another object makes the controller with init(nibName:bundle:); the new controller owns its nib.", files: [
                .init("App/SettingsViewController.swift", """
                import UIKit
                final class SettingsViewController: UIViewController {
                    @IBOutlet var doneButton: UIButton!
                }
                final class HomeViewController: UIViewController {
                    func showSettings() {
                        let settings = SettingsViewController(nibName: "SettingsViewController", bundle: nil)
                        navigationController?.pushViewController(settings, animated: true)
                    }
                }
                """),
                .init("App/SettingsViewController.xib", controllerXib.replacingOccurrences(of: "customClass=\"SettingsViewController\"",
                                                                                        with: "customClass=\"SettingsViewController\" customModule=\"App\" customModuleProvider=\"target\"")),
            ]),
            RuleExample("Objective-C: a subclass of the File's Owner class made with initWithNibName: inherits every outlet.", files: [
                .init("App/Controllers.h", controllerHeaders),
                showSettings(making: "ProSettingsViewController"),
                .init("App/SettingsViewController.xib", controllerXib),
            ]),
            RuleExample("Objective-C: a class getter +nib fetched in a condition, then instantiated with owner self.", files: [
                .init("App/Controllers.h", controllerHeaders),
                .init("App/SettingsViewController.m", """
                #import "Controllers.h"
                @implementation SettingsViewController
                + (UINib *)nib { return [UINib nibWithNibName:NSStringFromClass(self.class) bundle:nil]; }
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    if (!self.doneButton && [[self class] nib]) { [[[self class] nib] instantiateWithOwner:self options:nil]; }
                }
                @end
                """),
                .init("App/SettingsViewController.xib", controllerXib),
            ]),
            RuleExample("Swift: the owner class loads its nib with owner self (seed 002).", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet var contentView: UIView!

                    override init(frame: CGRect) {
                        super.init(frame: frame)
                        Bundle.main.loadNibNamed("CardView", owner: self, options: nil)
                        contentView.frame = bounds
                        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                        addSubview(contentView)
                    }

                    required init?(coder: NSCoder) {
                        super.init(coder: coder)
                    }
                }
                """),
                .init("App/CardView.xib", ownerXib),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.sources.nibLoads.flatMap { site in
            model.definiteNibDocuments(of: site).compactMap { name, document -> RuleViolation? in
                guard let owner = document.filesOwner, let ownerClass = owner.customClass, !ownerClass.isEmpty,
                      ownerClass != "NSObject" else { return nil }
                let outlets = document.connections(from: owner).filter { $0.kind == .outlet || $0.kind == .outletCollection }
                guard !outlets.isEmpty, let problem = problem(site, ownerClass: ownerClass, model: model) else { return nil }
                let names = outlets.compactMap(\.property).sorted().joined(separator: ", ")
                return RuleViolation(
                    className: ownerClass,
                    message: "\(site.location.path):\(site.location.line) loads \(name) \(problem), but its File's Owner is \(ownerClass) with the outlets \(names) (\(document.path)).",
                    locations: [site.location, SourceLocation(document, owner)],
                    fix: "Load \(name) from \(ownerClass) with owner: self, or move the class and outlets from File's Owner to the root view.",
                    identity: [site.location.path, site.context.typeName ?? "", site.context.methodName ?? "", document.path]
                )
            }
        }
    }

    /// What is wrong with the owner at `site`, or `nil` when it fits.
    private static func problem(_ site: NibLoadSite, ownerClass: String, model: ProjectModel) -> String? {
        switch site.api {
        case .registerNib:
            return "as a cell nib (instantiated with no owner, so the outlets stay nil)"
        case .viewControllerNibName:
            // The controller `init(nibName:)` makes owns the nib: itself (`super.init`), or a new `X`.
            let made = site.owner == .selfObject ? model.selfClass(at: site) : site.receiverType
            guard let controller = made, isKnown(controller, model),
                  isKnown(ownerClass, model), !model.isKind(controller, of: ownerClass) else { return nil }
            return "for \(controller)"
        case .nibOwnerLoadable:
            return nil
        default:
            break
        }
        switch site.owner {
        case .none:
            return "with owner nil (the outlets stay nil)"
        case .selfObject:
            guard let selfClass = model.selfClass(at: site), isKnown(selfClass, model), isKnown(ownerClass, model),
                  !model.isKind(selfClass, of: ownerClass) else { return nil }
            return "with owner self, a \(selfClass) (setting the outlets raises \"not key value coding-compliant\")"
        case .expression, .notApplicable:
            return nil
        }
    }

    /// Declared in the project or a platform class: its lineage can be trusted.
    private static func isKnown(_ name: String, _ model: ProjectModel) -> Bool {
        model.isLineageComplete(of: name)
    }

    /// `HomeViewController` pushing a new `controllerClass` made with the SettingsViewController nib.
    static func showSettings(making controllerClass: String) -> RuleExample.File {
        .init("App/HomeViewController.m", """
        #import "Controllers.h"
        @implementation HomeViewController
        - (void)showSettings {
            \(controllerClass) *next = [[\(controllerClass) alloc] initWithNibName:@"SettingsViewController" bundle:nil];
            [self.navigationController pushViewController:next animated:YES];
        }
        @end
        """)
    }

    static let controllerHeaders = """
    #import <UIKit/UIKit.h>
    @interface SettingsViewController : UIViewController
    @property (weak, nonatomic) IBOutlet UIButton *doneButton;
    @end
    @interface ProSettingsViewController : SettingsViewController
    @end
    @interface HomeViewController : UIViewController
    @end
    """

    static let controllerXib = ExampleXML.xib("""
    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="SettingsViewController">
        <connections>
            <outlet property="doneButton" destination="Btn-00-001" id="Out-00-001"/>
            <outlet property="view" destination="Root-00-001" id="Out-00-002"/>
        </connections>
    </placeholder>
    <view contentMode="scaleToFill" id="Root-00-001">
        <subviews>
            <button opaque="NO" contentMode="scaleToFill" id="Btn-00-001"/>
        </subviews>
    </view>
    """)

    static let ownerXib = ExampleXML.xib("""
    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="CardView" customModule="App" customModuleProvider="target">
        <connections>
            <outlet property="contentView" destination="Root-00-001" id="Out-00-001"/>
        </connections>
    </placeholder>
    <view contentMode="scaleToFill" id="Root-00-001"/>
    """)
}
