/// `vc-nib-without-view`: a view controller's nib whose File's Owner has no `view` outlet.
struct VCNibWithoutViewRule: Rule {
    static let description = RuleDescription(
        id: "vc-nib-without-view",
        severity: .error,
        category: .beyondCustomViews,
        summary: "A view controller's nib does not connect File's Owner's view outlet: \"loaded the nib but the view outlet was not set\".",
        help: """
        When a view controller loads its view from a nib (`init(nibName:bundle:)`, or the nib \
        UIKit finds by the class name when `nibName` is nil), it instantiates the nib with \
        itself as owner and expects the `view` outlet to be connected. Without it UIKit raises \
        `NSInternalInconsistencyException`: "-[UIViewController _loadViewFromNibNamed:bundle:] \
        loaded the "X" nib but the view outlet was not set." (AppKit: "…loaded the "X" nib but \
        no view was set."). It happens after a File's Owner class change or when the view is \
        copied from another xib.

        A nib whose File's Owner is a controller but that the controller loads for something \
        else (`loadNibNamed(_:owner: self)` for a header view) is not reported.

        **Fix:** in the xib, control-drag from File's Owner to the top-level view and choose \
        `view`.
        """,
        reads: [
            "A xib's File's Owner `customClass` and its lineage in the sources and platform classes: a view controller (`UIViewController`, `NSViewController`, not a window controller), or, where neither knows the class, a name ending in `ViewController`.",
            "File's Owner's `<connections>`: no `view` outlet (nor `tableView` / `collectionView` for table and collection view controllers) and no `window` outlet; the xib's top-level objects: a view, and no window or touch bar.",
            "How the nib is loaded: an `init(nibName:bundle:)` in the sources naming it, or no load at all and a nib named after the class (`SettingsViewController`, or on iOS also `SettingsView` for `SettingsViewController`), which UIKit finds by itself.",
            "Whether the nib ships: the targets that bundle the xib (project.pbxproj, Package.swift); in a xib no target ships or only test targets bundle, the finding is info.",
        ]
    )

    private static func nib(path: String, owner: String, swift: Bool, connected: Bool) -> RuleExample.File {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        let connections = connected
            ? ">\n            <connections>\n                <outlet property=\"view\" destination=\"Vcv-00-001\" id=\"Vcv-Out-001\"/>\n            </connections>\n        </placeholder>"
            : "/>"
        return .init(path, """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(owner)"\(module)\(connections)
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="Vcv-00-001">
                    <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                </view>
            </objects>
        </document>
        """)
    }

    private static let swiftController = RuleExample.File("App/SettingsViewController.swift", """
    import UIKit

    final class SettingsViewController: UIViewController {
        @IBOutlet weak var versionLabel: UILabel!
    }
    """)

    private static let objcController = RuleExample.File("App/ProfileViewController.m", """
    #import <UIKit/UIKit.h>

    @interface ProfileViewController : UIViewController
    @end

    @implementation ProfileViewController
    - (instancetype)init {
        return [super initWithNibName:@"ProfileView" bundle:nil];
    }

    - (void)viewDidLoad {
        [super viewDidLoad];
        [[NSBundle mainBundle] loadNibNamed:@"ProfileHeader" owner:self options:nil];
    }
    @end
    """)

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: SettingsViewController.xib, found by class name, has no view outlet.", files: [
                swiftController, nib(path: "App/SettingsViewController.xib", owner: "SettingsViewController", swift: true, connected: false),
            ]),
            RuleExample("Objective-C: initWithNibName:@\"ProfileView\" loads a nib without view outlet.", files: [
                objcController, nib(path: "App/ProfileView.xib", owner: "ProfileViewController", swift: false, connected: false),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: the view outlet is connected.", files: [
                swiftController, nib(path: "App/SettingsViewController.xib", owner: "SettingsViewController", swift: true, connected: true),
            ]),
            RuleExample("Objective-C: the controller loads ProfileHeader.xib for a header view, not as its view.", files: [
                objcController, nib(path: "App/ProfileView.xib", owner: "ProfileViewController", swift: false, connected: true),
                nib(path: "App/ProfileHeader.xib", owner: "ProfileViewController", swift: false, connected: false),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.filter { $0.format == .xib }.compactMap { document in
            guard let owner = document.filesOwner, let ownerClass = owner.customClass, !ownerClass.isEmpty,
                  let nibName = NibCatalog.loadName(ofPath: document.path) else { return nil }
            let name = model.projectClass(ownerClass)?.name ?? ownerClass
            let projectClass = model.projectClass(ownerClass) ?? ProjectClass(name: ownerClass, runtimeName: ownerClass, type: nil)
            let lineage = model.lineage(of: name)
            guard model.family(of: projectClass) == .viewController, isViewController(lineage, name: name),
                  !document.rootViews.isEmpty,
                  !document.instantiatedTopLevelObjects.contains(where: { $0.element == "window" || $0.element == "touchBar" }),
                  !document.connections(from: owner).contains(where: { $0.property == "window" }) else { return nil }
            let accepted: Set<String> = lineage.contains("UITableViewController") ? ["view", "tableView"]
                : lineage.contains("UICollectionViewController") ? ["view", "collectionView"] : ["view"]
            guard !document.connections(from: owner).contains(where: { $0.kind == .outlet && accepted.contains($0.property ?? "") }) else { return nil }
            let sites = model.loadSites(forNib: nibName)
            let controllerSites = sites.filter { $0.api == .viewControllerNibName }
            let unqualified = ProjectModel.unqualified(name)
            let strippedName = unqualified.hasSuffix("Controller") && document.platform != .macOS ? String(unqualified.dropLast("Controller".count)) : unqualified
            let implicit = nibName == unqualified || nibName == strippedName
            guard !controllerSites.isEmpty || (implicit && sites.allSatisfy { $0.api == .viewControllerNibName }) else { return nil }
            let how = controllerSites.isEmpty ? "UIKit finds it by the class name" : "it is loaded with init(nibName:bundle:)"
            let exception = document.platform == .macOS
                ? "-[NSViewController loadView] loaded the \"\(nibName)\" nib but no view was set."
                : "-[UIViewController _loadViewFromNibNamed:bundle:] loaded the \"\(nibName)\" nib but the view outlet was not set."
            return RuleViolation(
                className: ownerClass,
                message: "\(document.path) is the nib of the view controller \(ownerClass) (\(how)), but File's Owner's view outlet is not connected: loading the view raises NSInternalInconsistencyException \"\(exception)\"",
                locations: [SourceLocation(document, owner)] + document.rootViews.prefix(1).map { SourceLocation(document, $0) } + controllerSites.map(\.location),
                fix: "Connect File's Owner's view outlet to the top-level view of \(document.path).",
                identity: [document.path, ownerClass])
        }
    }

    /// A view controller by its lineage; when neither the project nor the platform table knows
    /// the class (no sources), only a name ending in `ViewController` is taken as one.
    private static func isViewController(_ lineage: [String], name: String) -> Bool {
        if lineage.contains(where: { $0.hasSuffix("WindowController") }) { return false }
        if lineage.contains(where: { ["UIViewController", "NSViewController"].contains($0) }) { return true }
        return ProjectModel.unqualified(name).hasSuffix("ViewController")
    }
}
