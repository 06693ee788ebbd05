/// `unknown-custom-class`: Interface Builder names a class that no source declares and
/// the platform does not provide: "Unknown class X in Interface Builder file."
struct UnknownCustomClassRule: Rule {
    static let description = RuleDescription(
        id: "unknown-custom-class",
        severity: .error,
        category: .referenceIntegrity,
        summary: "A custom class set in Interface Builder exists nowhere in the project; UIKit logs \"Unknown class X in Interface Builder file\" and creates a plain view, so outlets and actions crash or do nothing.",
        help: """
        When a nib is decoded, UIKit looks the `customClass` up by its runtime name. A class \
        that was renamed, deleted or never added to the target is not found: the runtime logs \
        *Unknown class X in Interface Builder file* and instantiates the element's platform \
        class instead. An outlet the element holds, or an action sent to it, that the platform \
        class does not answer then raises *this class is not key value coding-compliant* or \
        *unrecognized selector*: an error. Without such a connection the class's behaviour is \
        lost but nothing crashes: a warning. A custom segue's unknown class raises *Could not \
        create a segue of class* when the segue is performed.

        Before it reports an error, the rule has read that no source declares the class, and \
        where it would come from: the element names a module the project builds (a target, or \
        a pod the upload publishes: a `.podspec`, a Podfile's `:path` pod), or it names no \
        module and the class carries the prefix most of the project's own classes carry \
        (`YM` of `YMHomeCell`, no dependency's name starting with it) or a source file of the \
        project is named after it (the class was renamed there), or the project has no \
        dependencies at all. When the module is a dependency's, or the project has \
        dependencies and the class carries no own prefix, "no dependency declares it" is \
        assumed: info. A scene nothing reaches and a xib only tests bundle are info too. A \
        stale class on File's Owner, which is never instantiated, fails nothing at run time: \
        info.

        **Fix:** restore or rename the class, or correct the Custom Class field (and its \
        module) in the Identity inspector.
        """,
        reads: [
            "The `customClass` of an element (views, controllers, cells, File's Owner) or of a segue, and every class declaration in the sources and the platform class tables: no source declares it and it is no platform class, by table or by prefix (File's Owner is never instantiated, so a stale class there is info).",
            "Where it would come from: the element's `customModule` / `customModuleProvider` against the modules the project builds and the dependencies it declares or imports (project.pbxproj, Package.swift, Podfile, podspecs); with no module, the prefix of the project's own classes or an own source file named after the class; when a dependency not in the upload may declare it, \"no dependency declares it\" is assumed and the finding is info (with a module but no project files, at most a warning).",
            "The element's connections: an outlet it holds or an action sent to it that the platform class made instead does not answer makes it an error, else a warning.",
            "For a class that is declared, the targets that bundle the IB file and those that build the class (project.pbxproj): declared only in targets the bundling ones neither are nor depend on, or only in unbuilt files, it is reported too.",
            "Whether the element or segue ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` renames `customClass` to the class the project declares that no Interface Builder file names, of the element's kind (its platform class in the lineage: a `tableViewCell` gets a `UITableViewCell` subclass), whose name keeps clearly the most of the old name's letters (`ProfileHeader` → `ProfileHeaderView`); a Swift class on an element without a module also gets `customModule` (the one target building it) and `customModuleProvider=\"target\"`. It declines when no class or no clear one fits, or when the module cannot be told. A candidate must share a word with the old name (`subtitleLabel` → `detailLabel`; `tapped` matches `tap`): an unrelated member that happens to be the only one unused is no rename. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped."
    )

    static let requirements: RuleRequirements = .sources

    /// A xib whose File's Owner names a class the code no longer has.
    private static let oldCardXib = RuleExample.File("App/OldCard.xib", ExampleXML.xib("""
    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="RemovedCardController"/>
    <view contentMode="scaleToFill" customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001"/>
    """))

    /// A macOS main menu nib whose File's Owner is labelled `ownerClass`.
    private static func mainMenuXib(ownerClass: String) -> String {
        ExampleXML.cocoaXib("""
        \(ExampleXML.cocoaPlaceholders(ownerClass: ownerClass, outlet: "delegate", destination: "Dlg-00-001"))
        <customObject id="Dlg-00-001" customClass="AppDelegate" customModule="Mac" customModuleProvider="target"/>
        """)
    }

    /// A storyboard whose one scene is not its initial controller and has no Storyboard ID.
    private static let unreachedScene = ExampleXML.storyboard(subviews: """
    <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="App" customModuleProvider="target" id="Hdr-00-001"/>
    """).replacingOccurrences(of: #" initialViewController="Vc1-00-001""#, with: "")

    static let examples = RuleExamples(
        triggering: [
            RuleExample("The storyboard still names `ProfileHeaderView`, renamed to `ProfileHeader` in code; nothing is connected to it, so UIKit logs the unknown class and makes a plain view: a warning.", severity: .warning, files: [
                .init("App/ProfileHeader.swift", """
                import UIKit

                final class ProfileHeader: UIView {}
                """),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="App" customModuleProvider="target" id="Hdr-00-001"/>
                """)),
            ]),
            RuleExample("The same, but the header's own outlet is connected: the plain view made instead has no such key, so loading crashes.", severity: .error, files: [
                .init("App/ProfileHeader.swift", """
                import UIKit

                final class ProfileHeader: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="App" customModuleProvider="target" id="Hdr-00-001">
                    <subviews>
                        <label text="Name" id="Lbl-00-001"/>
                    </subviews>
                    <connections>
                        <outlet property="nameLabel" destination="Lbl-00-001" id="Out-00-001"/>
                    </connections>
                </view>
                """)),
            ]),
            RuleExample("The scene is not the initial controller, no segue leads to it, and no code uses its Storyboard ID: it never loads, so the stale class is info.", severity: .info, files: [
                .init("App/ProfileHeader.swift", """
                import UIKit

                final class ProfileHeader: UIView {}
                """),
                .init("App/Base.lproj/Main.storyboard", unreachedScene),
            ]),
            RuleExample("The same scene, instantiated by its Storyboard ID: it loads, so the unknown class is an error.", files: [
                .init("App/ProfileHeader.swift", """
                import UIKit

                final class ProfileHeader: UIView {
                    static func profileController() -> UIViewController {
                        UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Profile")
                    }
                }
                """),
                .init("App/Base.lproj/Main.storyboard", unreachedScene.replacingOccurrences(of: #"<viewController id="Vc1-00-001""#, with: #"<viewController storyboardIdentifier="Profile" id="Vc1-00-001""#)),
            ]),
            RuleExample("A custom segue's class was renamed in code: performing the segue crashes.", severity: .error, files: [
                .init("App/FadeSegue.swift", """
                import UIKit

                final class CrossFadeSegue: UIStoryboardSegue {}
                """),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <button contentMode="scaleToFill" id="Btn-00-001">
                    <connections>
                        <segue destination="Vc1-00-001" kind="custom" customClass="FadeSegue" customModule="App" customModuleProvider="target" id="Seg-00-001"/>
                    </connections>
                </button>
                """)),
            ]),
            RuleExample("An Objective-C class missing from the project.", files: [
                .init("App/AppDelegate.m", """
                #import "AppDelegate.h"
                @implementation AppDelegate
                @end
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
                """)),
            ]),
            RuleExample("Two apps in one project: the storyboard's app has no `ProfileHeaderView`; the other app's class of that name is not a match.", files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("App", sources: ["App/AppDelegate.swift"], resources: ["App/Base.lproj/Main.storyboard"]),
                    .init("Admin", sources: ["Admin/ProfileHeaderView.swift"]),
                ])),
                .init("App/AppDelegate.swift", "import UIKit\n\nfinal class AppDelegate: UIResponder {}"),
                .init("Admin/ProfileHeaderView.swift", "import UIKit\n\nfinal class ProfileHeaderView: UIView {}"),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="App" customModuleProvider="target" id="Hdr-00-001"/>
                """)),
            ]),
            RuleExample("macOS, Objective-C: the class is declared only in a file no target builds.", files: [
                .init("Mac.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("Mac", sdk: "macosx", swiftVersion: nil, sources: ["Mac/AppDelegate.m"], resources: ["Mac/Prefs.xib"]),
                ])),
                .init("Mac/AppDelegate.m", "#import <Cocoa/Cocoa.h>\n@implementation AppDelegate\n@end"),
                .init("Old/HotKeyView.m", "#import <Cocoa/Cocoa.h>\n@implementation HotKeyView\n@end"),
                .init("Mac/Prefs.xib", ExampleXML.cocoaXib("""
                <customView customClass="HotKeyView" id="Hot-00-001"/>
                """)),
            ]),
            RuleExample("macOS, Objective-C: a class from a pod the Podfile lists (no module in the xib) is at most info.", severity: .info, files: [
                .init("Podfile", "platform :osx, '10.13'\ntarget 'Mac' do\n  pod 'MASShortcut'\nend\n"),
                .init("Mac/AppDelegate.m", "#import <Cocoa/Cocoa.h>\n#import <MASShortcut/Shortcut.h>\n@implementation AppDelegate\n@end"),
                .init("Mac/Prefs.xib", ExampleXML.cocoaXib("""
                <customView customClass="MASShortcutView" id="Hot-00-001"/>
                """)),
            ]),
            RuleExample("Objective-C: the project has a pod, but the missing class carries the prefix of the project's own classes: read as the project's own (a warning, since nothing is connected to the view).", severity: .warning, files: [
                .init("Podfile", "platform :ios, '12.0'\ntarget 'App' do\n  pod 'SDWebImage'\nend\n"),
                .init("App/YMHomeCell.h", "#import <UIKit/UIKit.h>\n@interface YMHomeCell : UITableViewCell\n@end"),
                .init("App/YMTopicController.h", "#import <UIKit/UIKit.h>\n@interface YMTopicController : UIViewController\n@end"),
                .init("App/YMLoginController.h", "#import <UIKit/UIKit.h>\n@interface YMLoginController : UIViewController\n@end"),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="YMCardView" id="Root-00-001"/>
                """)),
            ]),
            RuleExample("Objective-C: the project has a pod, but its own file `CardView.m` shows the class was renamed there: an error.", severity: .error, files: [
                .init("Podfile", "platform :ios, '12.0'\ntarget 'App' do\n  pod 'SDWebImage'\nend\n"),
                .init("App/CardView.h", "#import <UIKit/UIKit.h>\n@interface ProfileCardView : UIView\n@property (nonatomic, weak) IBOutlet UILabel *titleLabel;\n@end"),
                .init("App/CardView.m", "#import \"CardView.h\"\n@implementation ProfileCardView\n@end"),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001">
                    <subviews>
                        <label text="Title" id="Lbl-00-001"/>
                    </subviews>
                    <connections>
                        <outlet property="titleLabel" destination="Lbl-00-001" id="Out-00-001"/>
                    </connections>
                </view>
                """)),
            ]),
            RuleExample("A stale class name on File's Owner, which is never instantiated: nothing fails at run time, so info.", severity: .info, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    static func make() -> CardView? {
                        Bundle.main.loadNibNamed("OldCard", owner: nil)?.first as? CardView
                    }
                }
                """),
                oldCardXib,
            ]),
            RuleExample("macOS: the main nib's File's Owner names a class that is gone; the app loads MainMenu at launch with NSApp as owner, so it is a stale label (info: nothing fails at run time), not a leftover file.", severity: .info, files: [
                .init("Mac/AppDelegate.swift", """
                import Cocoa

                @main
                final class AppDelegate: NSObject, NSApplicationDelegate {}
                """),
                .init("Mac/Base.lproj/MainMenu.xib", mainMenuXib(ownerClass: "NotesApplication")),
            ]),
            RuleExample("A stale File's Owner class on a xib no code loads (a leftover file): info.", severity: .info, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {}
                """),
                oldCardXib,
            ]),
        ],
        nonTriggering: [
            RuleExample("macOS: the main nib's File's Owner is NSApplication, as Xcode's template writes it.", files: [
                .init("Mac/AppDelegate.swift", """
                import Cocoa

                @main
                final class AppDelegate: NSObject, NSApplicationDelegate {}
                """),
                .init("Mac/Base.lproj/MainMenu.xib", mainMenuXib(ownerClass: "NSApplication")),
            ]),
            RuleExample("The storyboard's app depends on the framework target that declares the class.", files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("Kit", sources: ["Kit/ProfileHeaderView.swift"]),
                    .init("App", sources: ["App/AppDelegate.swift"], resources: ["App/Base.lproj/Main.storyboard"], dependencies: ["Kit"]),
                ])),
                .init("App/AppDelegate.swift", "import UIKit\n\nfinal class AppDelegate: UIResponder {}"),
                .init("Kit/ProfileHeaderView.swift", "import UIKit\n\npublic final class ProfileHeaderView: UIView {}"),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="Kit" id="Hdr-00-001"/>
                """)),
            ]),
            RuleExample("macOS, Objective-C: a File's Owner class of another target is a design-time label, and an extended platform class is the platform's.", files: [
                .init("Mac.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("Plugin", sdk: "macosx", swiftVersion: nil, sources: ["Plugin/Plugin.m"], resources: ["Plugin/Prefs.xib"]),
                    .init("Host", sdk: "macosx", swiftVersion: nil, sources: ["Host/PrefsController.m", "Host/NSView+Fade.m"]),
                ])),
                .init("Plugin/Plugin.m", "#import <Cocoa/Cocoa.h>\n@implementation Plugin\n@end"),
                .init("Host/PrefsController.m", "#import <Cocoa/Cocoa.h>\n@implementation PrefsController\n@end"),
                .init("Host/NSView+Fade.m", "#import <Cocoa/Cocoa.h>\n@implementation NSView (Fade)\n@end"),
                .init("Plugin/Prefs.xib", ExampleXML.cocoaXib("""
                <customObject id="-2" userLabel="File's Owner" customClass="PrefsController"/>
                <customView customClass="NSView" id="Vw-00-001"/>
                """)),
            ]),
            RuleExample("The class exists; platform classes used as custom classes are known.", files: [
                .init("App/ProfileHeader.swift", """
                import UIKit

                final class ProfileHeaderView: UIView {}
                """),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="App" customModuleProvider="target" id="Hdr-00-001"/>
                """, controller: #"customClass="UITableViewController""#)),
            ]),
            RuleExample("An Objective-C class declared with `@interface`.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
                """)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        elementViolations(model) + segueViolations(model)
    }

    /// A custom segue's class is instantiated when the segue is performed; one the runtime
    /// cannot find makes UIKit raise "Could not create a segue of class".
    private static func segueViolations(_ model: ProjectModel) -> [RuleViolation] {
        var verdicts: [String: Bool] = [:]
        return model.analysedDocuments.flatMap { document in
            document.connections.compactMap { connection -> RuleViolation? in
                guard connection.kind == .segue, let name = connection.customClass, !name.isEmpty else { return nil }
                let unknown = verdicts[name] ?? isUnknown(name, in: model)
                verdicts[name] = unknown
                guard unknown else { return nil }
                let (severity, origin, evidence) = provenance(module: connection.customModule, provider: connection.customModuleProvider, name: name, in: model)
                let source = connection.source.map { document.objects[$0].displayName } ?? "a scene"
                return RuleViolation(
                    className: name,
                    message: "Unknown segue class \(name). \(document.path) gives the segue\(connection.identifier.map { " \"\($0)\"" } ?? "") of \(source) the class \(name), but no source in the project declares it\(origin): performing the segue raises \"Could not create a segue of class\".",
                    locations: [SourceLocation(document, connection.location)],
                    fix: "Declare \(name) (or restore it), or correct the segue's Class in the Attributes inspector.",
                    severity: severity,
                    evidence: evidence,
                    identity: [document.path, connection.id ?? connection.sourceID, name, "segue"]
                )
            }
        }
    }

    /// Objects: views, controllers, cells, File's Owner.
    private static func elementViolations(_ model: ProjectModel) -> [RuleViolation] {
        // Each class name is judged once; objects are screened field by field.
        var verdicts: [String: Bool] = [:]
        return model.documents.filter { $0.status == .analysed || $0.status == .legacy }.flatMap { document in
            let objects = document.objects
            // Which declaration this document reaches, per class name (targets decide).
            var scopes: [String: ProjectModel.DeclarationScope] = [:]
            return objects.indices.compactMap { position -> RuleViolation? in
                // First Responder, Application and Exit stand for objects the runtime supplies.
                guard let name = objects[position].customClass, !name.isEmpty,
                      objects[position].placeholder == nil || objects[position].placeholder == .filesOwner else { return nil }
                let unknown: Bool
                if let known = verdicts[name] {
                    unknown = known
                } else {
                    unknown = isUnknown(name, in: model)
                    verdicts[name] = unknown
                }
                let object = objects[position]
                guard unknown else {
                    // A File's Owner's class is a design-time label, never instantiated from the nib.
                    guard model.build.knowsTargets, object.placeholder != .filesOwner else { return nil }
                    let scope = scopes[name] ?? model.declarationScope(of: name, seenFrom: document.path)
                    scopes[name] = scope
                    return outOfScope(name, scope: scope, object: object, document: document, model: model)
                }
                let (severity, origin, evidence) = provenance(module: object.customModule, provider: object.customModuleProvider, name: name, in: model)
                let crashes = plainObjectCrashes(object, at: position, in: document, model: model)
                if object.placeholder == .filesOwner {
                    if let application = mainNibOwner(of: document) {
                        return staleOwnerLabel(name, "no source in the project declares\(origin)",
                                               consequence: "\(document.path) is the app's main nib, which the app loads at launch with the application object (\(application), or the NSPrincipalClass) as its owner whatever the label says: the stale name only misleads readers about which object gets the outlets",
                                               fix: "Set File's Owner's class to \(application), or to the application subclass the Info.plist names as NSPrincipalClass.",
                                               object: object, document: document, declaration: nil,
                                               evidence: evidence, identity: [document.path, object.id, name])
                    }
                    // A leftover: its owner class is gone and no code names the nib either.
                    if !isNamedByCode(document, in: model) {
                        return staleOwnerLabel(name, "no source in the project declares\(origin)",
                                               consequence: "no code loads \(NibCatalog.loadName(ofPath: document.path) ?? document.path) either (no load names it, no class is named after it): a leftover file",
                                               fix: "Delete \(document.path), or set File's Owner's class to the class that loads it.",
                                               object: object, document: document, declaration: nil,
                                               identity: [document.path, object.id, name])
                    }
                    return staleOwnerLabel(name, "no source in the project declares\(origin)",
                                           consequence: "the stale name hides from Interface Builder and readers which class owns the outlets and actions",
                                           fix: "Set File's Owner's class to the class that loads \(document.path) as its owner, or delete the file if nothing loads it.",
                                           object: object, document: document, declaration: nil,
                                           evidence: evidence, identity: [document.path, object.id, name])
                }
                return RuleViolation(
                    className: name,
                    message: "Unknown class \(name) in Interface Builder file. \(document.path) sets it on \(object.displayName), but no source in the project declares it\(origin)\(crashes ? "" : ": the runtime makes a plain \(object.element) instead, and no outlet of its own or action sent to it is connected, so the class's behaviour is lost but nothing crashes").",
                    locations: [SourceLocation(document, object)],
                    fix: "Declare \(name) (or restore it), or correct the Custom Class of this element in the Identity inspector.",
                    severity: crashes ? severity : min(severity ?? .warning, .warning),
                    evidence: evidence,
                    identity: [document.path, object.id, name],
                    repair: model.classRenameRepair(of: object, named: name, in: document)
                )
            }
        }
    }

    /// A class that is declared, but only where the targets bundling the document cannot
    /// reach it: in unrelated targets or in files no target builds.
    private static func outOfScope(_ name: String, scope: ProjectModel.DeclarationScope, object: IBObject,
                                   document: IBDocument, model: ProjectModel) -> RuleViolation? {
        // A name with a platform prefix may be a platform class missing from the tables (those
        // in them are `.visible` already): a project category on it is no declaration.
        guard !PlatformClasses.hasPlatformPrefix(ProjectModel.unqualified(name)) else { return nil }
        let where_: String
        switch scope {
        case .visible, .undeclared: return nil
        case .otherTargets(let targets):
            let bundling = model.build.names(of: model.build.targets(of: document.path) ?? [])
            where_ = "is declared only in target \(targets.joined(separator: ", ")), which \(bundling.joined(separator: ", ")) (bundling this file) neither is nor depends on"
        case .notBuilt:
            where_ = "is declared only in files that no target builds"
        }
        let declaration = model.declaredType(runtimeName: name)?.location ?? model.sources.types[name]?.location
        if object.placeholder == .filesOwner {
            return staleOwnerLabel(name, where_, consequence: "the label names a class this file's target does not have",
                                   fix: "Set File's Owner's class to the class of \(document.path)'s target that loads it as its owner.",
                                   object: object, document: document, declaration: declaration,
                                   identity: [document.path, object.id, name, "target"])
        }
        return RuleViolation(
            className: name,
            message: "Unknown class \(name) in Interface Builder file. \(document.path) sets it on \(object.displayName), but \(name) \(where_), so the runtime does not find it.",
            locations: [SourceLocation(document, object)] + (declaration.map { [$0] } ?? []),
            fix: "Add the file declaring \(name) to the target that bundles \(document.path), or make that target depend on the one that builds it.",
            identity: [document.path, object.id, name, "target"]
        )
    }

    /// File's Owner is never instantiated (the object passed as owner when the nib loads
    /// stands for it): a class name there that the runtime cannot find is a stale label, not
    /// a crash, nor any failure at run time (no class is looked up, nothing is logged): info,
    /// whatever the evidence. `whereItIs` says why it cannot be found.
    private static func staleOwnerLabel(_ name: String, _ whereItIs: String, consequence: String, fix: String,
                                        object: IBObject, document: IBDocument, declaration: SourceLocation?,
                                        evidence: [Evidence] = [], identity: [String]) -> RuleViolation {
        RuleViolation(
            className: name,
            message: "\(document.path) labels File's Owner with the class \(name), which \(whereItIs). File's Owner is never instantiated (the object passed as owner when the nib loads stands for it), so nothing crashes, but \(consequence).",
            locations: [SourceLocation(document, object)] + (declaration.map { [$0] } ?? []),
            fix: fix,
            severity: .info,
            evidence: evidence,
            identity: identity
        )
    }

    /// The application class that owns `document` at run time when it is the app's main nib,
    /// the one `NSApplicationMain`/`UIApplicationMain` loads at launch (Info.plist's
    /// `NSMainNibFile`, which Xcode's templates name `MainMenu` on macOS and `MainWindow` on iOS).
    private static func mainNibOwner(of document: IBDocument) -> String? {
        guard document.format == .xib, let name = NibCatalog.loadName(ofPath: document.path) else { return nil }
        switch (document.platform, name) {
        case (.macOS, "MainMenu"): return "NSApplication"
        case (.iOS, "MainWindow"): return "UIApplication"
        default: return nil
        }
    }

    /// Some code may load the nib: a load site names it, or a declared class is named after it
    /// (a controller's default nib lookup finds `Name` for `Name` and `NameController`).
    private static func isNamedByCode(_ document: IBDocument, in model: ProjectModel) -> Bool {
        guard let nibName = NibCatalog.loadName(ofPath: document.path) else { return true }
        return !model.loadSites(forNib: nibName).isEmpty
            || [nibName, nibName + "Controller"].contains { model.projectClass($0)?.type != nil }
    }

    /// Neither declared in the project nor a platform class (by table or by prefix).
    static func isUnknown(_ name: String, in model: ProjectModel) -> Bool {
        if model.declaration(of: name) != nil || model.sources.types[name] != nil { return false }
        let unqualified = ProjectModel.unqualified(name)
        if PlatformClasses.isKnown(unqualified) || model.declaration(of: unqualified) != nil { return false }
        return !PlatformClasses.hasPlatformPrefix(unqualified)
    }

    /// The plain object the runtime makes instead of an unknown class lacks the class's
    /// members: an outlet it holds or an action sent to it that its platform class does not
    /// answer crashes ("not key value coding-compliant", "unrecognized selector"); otherwise
    /// the unknown class is only logged. Without a platform class to compare, it may crash.
    private static func plainObjectCrashes(_ object: IBObject, at position: Int, in document: IBDocument, model: ProjectModel) -> Bool {
        guard let plain = ProjectModel.platformClass(ofElement: object.element, platform: document.platform) else { return true }
        let members = model.members(of: plain)
        return document.connections.contains { connection in
            switch connection.kind {
            case .outlet, .outletCollection:
                connection.source == position && !members.answersKey(connection.property ?? "")
            case .action:
                connection.destination == object.id && !members.answersSelector(connection.selector ?? "")
            case .segue:
                false
            }
        }
    }

    /// Where the class might come from, as evidence: read when the element names the
    /// project's own module or the class carries the project's own prefix; assumed when a
    /// dependency that is not in the upload may declare it. With the severity for a module
    /// the upload cannot place (no project files), and the sentence for the message.
    private static func provenance(module: String?, provider: String?, name: String,
                                   in model: ProjectModel) -> (severity: Severity?, origin: String, evidence: [Evidence]) {
        let build = model.build
        let missing = "no dependency declares \(name)"
        if let module, provider != "target" {
            if build.isDependencyModule(module) && !build.isProjectModule(module) {
                return (nil, "; its module \(module) is a declared or imported dependency, so it likely comes from there",
                        [.assumed(missing, because: "its module \(module) is a dependency, which is not in the upload")])
            }
            if build.knowsTargets && !build.isProjectModule(module) {
                return (nil, "; its module \(module) is not built by this project, so it may come from a dependency",
                        [.assumed(missing, because: "no target of the project builds its module \(module)")])
            }
            if !build.knowsTargets {
                return (.warning, "; it names module \(module), which may be a dependency not in the archive", [])
            }
            return (nil, "", [.read("its module \(module) is built by this project")])
        }
        if provider == nil, build.hasThirdPartyDependencies {
            let unqualified = ProjectModel.unqualified(name)
            if let prefix = ProjectModel.classPrefix(of: unqualified), model.ownClassPrefixes.contains(prefix) {
                return (nil, "", [.read("\(name) carries the prefix \(prefix) of the project's own classes, which no dependency's name has")])
            }
            if let file = model.sourceFile(namedAfter: unqualified) {
                return (nil, "", [.read("the project's own source file \(file) is named after \(name), but declares no such class: it was renamed or removed there")])
            }
            return (nil, "; the project has dependencies (\(build.thirdPartyDependencySample)), which may provide it",
                    [.assumed(missing, because: "the project has dependencies (\(build.thirdPartyDependencySample)) that are not in the upload")])
        }
        return (nil, "", [])
    }
}
