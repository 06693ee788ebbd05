/// `missing-segue-id`: `performSegue(withIdentifier:)` with a literal no segue of the calling
/// controller's scene has.
struct MissingSegueIDRule: Rule {
    static let description = RuleDescription(
        id: "missing-segue-id",
        severity: .error,
        category: .beyondCustomViews,
        summary: "performSegue(withIdentifier:) names a segue identifier the controller's scene does not have: \"has no segue with identifier\".",
        help: """
        `performSegue(withIdentifier:sender:)` raises `NSInvalidArgumentException` \
        ("Receiver (<X>) has no segue with identifier 'Y'") when the scene of the receiving \
        view controller has no segue with that identifier. When the call is sent to `self` and \
        the calling class is the custom class of storyboard scenes, only the segues of those \
        scenes count (a segue with the same identifier in another scene does not help); \
        otherwise a segue anywhere in the project's storyboards is accepted.

        **Fix:** select the segue in the storyboard and set its identifier in the attributes \
        inspector, or correct the literal.
        """,
        reads: [
            "A `performSegue(withIdentifier:sender:)` / `performSegueWithIdentifier:sender:` call in the sources with a string-literal identifier, the class it is in, and whether it is sent to `self`.",
            "The `identifier` of the segues in the project's storyboards: sent to `self` from a class that is the `customClass` of scene controllers, only those scenes' segues count, else any segue; an upload without storyboards is not judged.",
            "Where the calling class has no scene in the project, the targets that build its file (project.pbxproj): for a framework's or library's class the apps place it in storyboards of their own, so the missing segue is assumed and the finding is info.",
            "Whether the call ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    private static func storyboard(identifier: String) -> RuleExample.File {
        BeyondExample.storyboard("App/Main.storyboard", scenes: [
            BeyondExample.scene(id: "Lst", controllerClass: "ListViewController", swift: true, connections: """
            <connections>
                <segue destination="Det-Vc" kind="show" identifier="\(identifier)" id="Seg-00-001"/>
            </connections>
            """),
            BeyondExample.scene(id: "Det", controllerClass: "DetailViewController", swift: true, connections: """
            <connections>
                <segue destination="Lst-Vc" kind="show" identifier="showSettings" id="Seg-00-002"/>
            </connections>
            """),
        ].joined(separator: "\n"))
    }

    private static let swiftController = RuleExample.File("App/ListViewController.swift", """
    import UIKit

    final class ListViewController: UITableViewController {
        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            performSegue(withIdentifier: "showDetail", sender: self)
        }
    }
    """)

    private static let objcController = RuleExample.File("App/ListViewController.m", """
    #import <UIKit/UIKit.h>

    @interface ListViewController : UITableViewController
    @end

    @implementation ListViewController
    - (void)openSettings {
        [self performSegueWithIdentifier:@"showSettings" sender:self];
    }
    @end
    """)

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: the list's segue is \"showDetails\", not \"showDetail\".", files: [swiftController, storyboard(identifier: "showDetails")]),
            RuleExample("Objective-C: \"showSettings\" exists, but in the detail scene, not the list's.", files: [objcController, storyboard(identifier: "showDetail")]),
            RuleExample("A framework's open controller with no scene in the project: the apps that use it give it its storyboard, so the missing segue is assumed (info).", severity: .info, files: [
                .init("Kit.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("Kit", sources: ["Kit/SetupViewController.swift"], productType: "com.apple.product-type.framework"),
                    .init("App", sources: ["App/ListViewController.swift"], resources: ["App/Main.storyboard"], dependencies: ["Kit"]),
                ])),
                swiftController, storyboard(identifier: "showDetail"),
                .init("Kit/SetupViewController.swift", """
                import UIKit

                open class SetupViewController: UITableViewController {
                    @IBAction open func continueTapped(_ sender: Any) {
                        performSegue(withIdentifier: "Continue", sender: sender)
                    }
                }
                """),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: the list's segue is \"showDetail\".", files: [swiftController, storyboard(identifier: "showDetail")]),
            RuleExample("Objective-C: the list's scene has \"showSettings\".", files: [objcController, storyboard(identifier: "showSettings")]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        let sites = model.sources.literalCalls.filter { $0.kind == .segueIdentifier }
        guard !sites.isEmpty else { return [] }
        let seguesByIdentifier: [String: [(IBDocument, IBConnection)]] = Dictionary(grouping: model.storyboardDocuments.flatMap { _, document in
            document.connections.compactMap { $0.kind == .segue && $0.identifier != nil ? (document, $0) : nil }
        }, by: { $0.1.identifier ?? "" })
        return sites.compactMap { site in
            guard model.judgesStoryboardLiteral(site) else { return nil }
            let scenes = site.context.typeName.map { model.scenes(ofControllerClass: $0) } ?? []
            let own = model.isSentToSelf(site) && !scenes.isEmpty
            let named = seguesByIdentifier[site.value] ?? []
            guard !named.contains(where: { document, segue in
                guard own else { return true }
                let scene = segue.source.flatMap { document.objects[$0].scene }
                return scenes.contains { $0.0.path == document.path && $0.1 == scene }
            }) else { return nil }
            let typeName = site.context.typeName ?? "Code"
            // Every segue of that name is outside the scope.
            let elsewhere = named
            let scope = own ? "the scene of \(typeName) (\(Set(scenes.map { $0.0.path }).sorted().joined(separator: ", ")))" : "any storyboard of the project"
            let note = elsewhere.isEmpty ? "" : " A segue \"\(site.value)\" exists in another scene (\(elsewhere.map { "\($0.0.path):\($0.1.location.line)" }.joined(separator: ", "))), which does not help."
            return RuleViolation(
                className: site.context.typeName,
                message: "\(typeName) performs the segue \"\(site.value)\", which \(scope) does not have: UIKit raises \"Receiver has no segue with identifier '\(site.value)'\".\(note)",
                locations: [site.location] + scenes.filter { _ in own }.map { document, index in SourceLocation(document, document.scenes[index].location) }
                    + elsewhere.map { SourceLocation($0.0, $0.1.location) },
                fix: "Give the segue of \(typeName)'s scene the identifier \"\(site.value)\" in the attributes inspector, or correct the literal.",
                evidence: scenes.isEmpty ? libraryEvidence(site, typeName: typeName, model) : [],
                identity: [site.location.path, site.context.methodName ?? "", site.value])
        }
    }

    /// A controller of a framework or library with no scene in the project is placed in the
    /// storyboards of the apps that use the library: whether theirs have the segue is not in
    /// the upload.
    private static func libraryEvidence(_ site: LiteralCallSite, typeName: String, _ model: ProjectModel) -> [Evidence] {
        guard let targets = model.build.targets(of: site.location.path), !targets.isEmpty,
              targets.allSatisfy({ [.framework, .library].contains(model.build.targets[$0].kind) }) else { return [] }
        return [.assumed("no storyboard that shows \(typeName) has the segue",
                         because: "\(typeName) is a class of \(model.build.names(of: targets).joined(separator: ", ")) with no scene in the project: the apps using the library place it in storyboards of their own")]
    }
}
