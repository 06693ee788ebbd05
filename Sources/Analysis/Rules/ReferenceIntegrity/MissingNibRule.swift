/// `missing-nib`: code loads a nib by a name no `.xib` or `.nib` in the project has:
/// "Could not load NIB in bundle".
struct MissingNibRule: Rule {
    static let description = RuleDescription(
        id: "missing-nib",
        severity: .error,
        category: .referenceIntegrity,
        summary: "A nib is loaded by a name that no .xib or .nib in the project has; the app crashes with \"Could not load NIB in bundle\".",
        help: """
        `loadNibNamed`, `UINib(nibName:bundle:)`, `register(UINib…)` and \
        `init(nibName:bundle:)` look the name up in the bundle at runtime (including \
        localized `.lproj` copies and `~iphone`/`~ipad` variants). A file that was renamed or \
        never added raises `NSInternalInconsistencyException`: *Could not load NIB in bundle … \
        with name 'X'*. Names built from the class (`String(describing: Self.self)`, \
        `NSStringFromClass([self class])`) are resolved to the classes that can reach the call; \
        they are reported only when none of them has a nib.

        **Fix:** correct the name, or rename the file to match it (the name is the file name \
        without `.xib`).
        """,
        reads: [
            "A nib load in the sources (`loadNibNamed`, `UINib(nibName:bundle:)`, `register(UINib…)`, `init(nibName:bundle:)`, `windowNibName`) and its name: a string literal, or one taken from a class (`String(describing:)`, `NSStringFromClass`) resolved to the class the call runs for; `init(nibName: nil, …)` and computed names with several candidates are not judged.",
            "When the name comes from a type no source declares (a generic parameter or alias), or from a framework's or library's class (project.pbxproj) whose subclasses outside the project name their own nibs, the name is assumed and the finding is info.",
            "The `.xib` and `.nib` files of the upload (`.lproj` copies and `~iphone` / `~ipad` variants included), none with that name, nor with the name of a project subclass of the enclosing class when the name comes from the class at run time.",
            "Whether the call loads a window controller's nib (`windowNibName`): AppKit logs the failure, a warning.",
            "Whether the load ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs. And a nib registered under an identifier no dequeue of that view can ask for is never loaded, so the finding is info: the identifier is a literal, a constant or an enum case with one literal value, and no shipping code names it (its literal, its constant, or the type its value spells) outside registrations and declarations, except files that register their own view for it.",
        ]
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: the nib was renamed to `ProfileCard.xib`.", files: [
                .init("App/ProfileCardView.swift", """
                import UIKit

                final class ProfileCardView: UIView {
                    static func make() -> ProfileCardView {
                        Bundle.main.loadNibNamed("ProfileCardView", owner: nil, options: nil)?.first as! ProfileCardView
                    }
                }
                """),
                .init("App/ProfileCard.xib", minimalXib),
            ]),
            RuleExample("Objective-C: the nib name has a typo.", files: [
                .init("App/CardView.m", """
                #import "CardView.h"
                @implementation CardView
                + (instancetype)view {
                    return [[NSBundle mainBundle] loadNibNamed:@"CardVeiw" owner:nil options:nil].firstObject;
                }
                @end
                """),
                .init("App/CardView.xib", minimalXib),
            ]),
            RuleExample("A generic loader names the nib after its type parameter: which nib loads is decided where it is called, so the name is assumed and the finding is only info.", severity: .info, files: [
                .init("App/UIView+Nib.swift", """
                import UIKit

                extension UIView {
                    static func fromNib<Loaded: UIView>(_ type: Loaded.Type) -> Loaded {
                        UINib(nibName: String(describing: Loaded.self), bundle: nil).instantiate(withOwner: nil, options: nil)[0] as! Loaded
                    }
                }
                """),
                .init("App/CardView.xib", minimalXib),
            ]),
            RuleExample("A cell nib registered under an identifier no code dequeues: UIKit never loads it, so the missing file shows nowhere (info).", severity: .info, files: [
                .init("App/StatsController.swift", """
                import UIKit

                final class StatsController: UITableViewController {
                    enum Cells: String { case dot = "DotCell", text = "TextCell" }

                    override func viewDidLoad() {
                        super.viewDidLoad()
                        tableView.register(UINib(nibName: "DotCell", bundle: nil), forCellReuseIdentifier: Cells.dot.rawValue)
                        tableView.register(UINib(nibName: "TextCell", bundle: nil), forCellReuseIdentifier: Cells.text.rawValue)
                    }

                    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        tableView.dequeueReusableCell(withIdentifier: Cells.text.rawValue, for: indexPath)
                    }
                }
                """),
                .init("App/TextCell.xib", minimalXib),
                .init("App/AppFlow.swift", """
                import UIKit

                enum AppFlow {
                    static let first: UIViewController = StatsController()
                }
                """),
            ]),
            RuleExample("A nib loaded only in a block a constant switches off: the branch is compiled but never taken, so the missing file shows nowhere (info).", severity: .info, files: [
                .init("App/HeaderController.swift", """
                import UIKit

                let showsLegacyHeader = false

                final class HeaderController: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        if showsLegacyHeader {
                            view.addSubview(UINib(nibName: "LegacyHeader", bundle: nil).instantiate(withOwner: nil)[0] as! UIView)
                        }
                    }
                }
                """),
                .init("App/AppFlow.swift", """
                import UIKit

                enum AppFlow {
                    static let first: UIViewController = HeaderController()
                }
                """),
            ]),
            RuleExample("macOS: a window controller's nib was renamed; AppKit logs the failure and the window never appears (a warning).", severity: .warning, files: [
                .init("Mac/PrefsController.m", """
                #import "PrefsController.h"
                @implementation PrefsController
                - (instancetype)init {
                    return [super initWithWindowNibName:@"Preferences"];
                }
                @end
                """),
                .init("Mac/AppDelegate.m", """
                #import "PrefsController.h"
                @implementation AppDelegate
                - (IBAction)showPreferences:(id)sender {
                    [[[PrefsController alloc] init] showWindow:sender];
                }
                @end
                """),
                .init("Mac/PreferencesWindow.xib", minimalXib),
            ]),
            RuleExample("macOS, Swift: the same with `NSWindowController(windowNibName:)`.", severity: .warning, files: [
                .init("Mac/AppDelegate.swift", """
                import Cocoa

                final class AppDelegate: NSObject, NSApplicationDelegate {
                    let about = NSWindowController(windowNibName: "AboutWindow")
                }
                """),
                .init("Mac/About.xib", minimalXib),
            ]),
        ],
        nonTriggering: [
            RuleExample("The nib exists as a localized copy and as an iPad variant.", files: [
                .init("App/ProfileCardView.swift", """
                import UIKit

                final class ProfileCardView: UIView {
                    static func make() -> ProfileCardView {
                        Bundle.main.loadNibNamed("ProfileCardView", owner: nil, options: nil)?.first as! ProfileCardView
                    }
                }
                """),
                .init("App/Base.lproj/ProfileCardView~ipad.xib", minimalXib),
            ]),
            RuleExample("Objective-C: the name comes from the class, and its nib exists.", files: [
                .init("App/CardView.m", """
                #import "CardView.h"
                @implementation CardView
                + (instancetype)view {
                    return [[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil].firstObject;
                }
                @end
                """),
                .init("App/CardView.xib", minimalXib),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.sources.nibLoads.compactMap { site -> RuleViolation? in
            // `init(nibName: nil, …)` falls back to an empty view when no nib matches the class.
            guard !(site.api == .viewControllerNibName && site.nibName.expression == "nil") else { return nil }
            let candidates = site.nibName.candidates.filter { !$0.isEmpty }
            guard !candidates.isEmpty, !candidates.contains(where: model.nibCatalog.hasNib),
                  !subclassesOfEnclosingClass(site, model).contains(where: model.nibCatalog.hasNib) else { return nil }
            if case .literal = site.nibName.resolution {} else if candidates.count > 1 { return nil }
            let name = candidates[0]
            let owner = site.context.typeName.map { " in \($0)" } ?? ""
            // A window controller's missing nib is logged and leaves `window` nil; no crash.
            let loadsWindow = site.api == .viewControllerNibName && model.callText(at: site.location)?.contains("indowNibName") == true
            let consequence = loadsWindow
                ? "AppKit logs \"failed to load window nib file\" and the controller has no window"
                : "\"Could not load NIB in bundle\""
            return RuleViolation(
                className: site.receiverType ?? site.context.typeName,
                message: "\(site.location.path):\(site.location.line)\(owner) loads the nib \"\(name)\", but the project has no \(name).xib or \(name).nib: \(consequence).",
                locations: [site.location] + (site.helperLoad.map { [$0] } ?? []),
                fix: "Correct the nib name or rename the file to \(name).xib.",
                severity: loadsWindow ? .warning : nil,
                evidence: nameEvidence(site, name: name, model),
                identity: [site.location.path, site.context.typeName ?? "", site.context.methodName ?? "", name]
            )
        }
    }

    /// How the nib's name was known. A literal is read; a name made from a type is read only
    /// when that type is one the project declares and the one the call runs for: a type the
    /// project does not declare is a generic parameter or alias bound at call sites, and a
    /// library's class that names its nib after `type(of: self)` is meant for subclasses the
    /// library's users write.
    private static func nameEvidence(_ site: NibLoadSite, name: String, _ model: ProjectModel) -> [Evidence] {
        switch site.nibName.resolution {
        case .namedClass(let type) where model.declaredType(runtimeName: type) == nil && model.sources.types[type] == nil:
            return [.assumed("the nib is named \"\(name)\"",
                             because: "\(site.nibName.expression) names \(type), which no source declares: a generic parameter or alias bound where the method is called")]
        case .enclosingClass, .conformingTypes:
            guard let typeName = site.context.typeName, let path = model.sources.types[typeName]?.location.path,
                  let targets = model.build.targets(of: path), !targets.isEmpty,
                  targets.allSatisfy({ [.framework, .library].contains(model.build.targets[$0].kind) }) else { return [] }
            return [.assumed("the nib is named \"\(name)\"",
                             because: "\(site.nibName.expression) names the class the call runs for, and \(typeName) is a library class (\(model.build.names(of: targets).joined(separator: ", "))) whose subclasses outside the project name their own nibs")]
        default:
            return []
        }
    }

    /// A name taken from the class at run time (`String(describing: self)`) may be any
    /// subclass's name: the project classes below the enclosing one.
    private static func subclassesOfEnclosingClass(_ site: NibLoadSite, _ model: ProjectModel) -> [String] {
        guard case .enclosingClass = site.nibName.resolution, let base = site.context.typeName else { return [] }
        return model.descendants(of: base)
    }

    /// The smallest valid xib, for the examples.
    static let minimalXib = ExampleXML.xib("""
    <view contentMode="scaleToFill" id="Root-00-001"/>
    """)
}
