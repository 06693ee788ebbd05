/// `missing-storyboard-id`: `instantiateViewController(withIdentifier:)` with a literal that
/// no view controller of the storyboard has as its Storyboard ID.
struct MissingStoryboardIDRule: Rule {
    static let description = RuleDescription(
        id: "missing-storyboard-id",
        severity: .error,
        category: .beyondCustomViews,
        summary: "instantiateViewController(withIdentifier:) names a Storyboard ID no scene has: \"Storyboard doesn't contain a view controller with identifier\".",
        help: """
        `instantiateViewController(withIdentifier:)` raises `NSInvalidArgumentException` \
        ("Storyboard (<UIStoryboard>) doesn't contain a view controller with identifier 'X'") \
        when no scene of that storyboard has the Storyboard ID `X` — a typo, or the ID typed \
        in the Restoration ID field, or set on another storyboard. When the receiver names the \
        storyboard (`UIStoryboard(name: "Main", bundle: nil).instantiateViewController(…)`, or a \
        local variable made that way, which shadows the controller's own `storyboard`), only \
        that storyboard is searched; when a controller asks its own `storyboard`, only the \
        storyboards holding its scenes are; another object's storyboard (`other.storyboard`) \
        may be any, so every storyboard of the project is.

        **Fix:** set the Storyboard ID in the identity inspector of the scene's view \
        controller, or use a generated constant.
        """,
        reads: [
            "An `instantiateViewController(withIdentifier:)` / `instantiateViewControllerWithIdentifier:` / `instantiateController(withIdentifier:)` call in the sources with a string-literal identifier, and its receiver: a storyboard named by literal (directly or through a local), the controller's own `storyboard`, or another object's.",
            "The `storyboardIdentifier` of every controller in the storyboards searched: the named one, those whose scenes have the calling class as `customClass`, or all of them; a named storyboard the upload lacks is left to missing-storyboard, and an upload without storyboards is not judged.",
            "Whether the call ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info.",
        ]
    )

    private static let storyboard = BeyondExample.storyboard("App/Main.storyboard", scenes: [
        BeyondExample.scene(id: "Hom", controllerClass: "HomeViewController", storyboardID: "Home", swift: true),
        BeyondExample.scene(id: "Det", controllerClass: "DetailViewController", storyboardID: "Detail", swift: true),
    ].joined(separator: "\n"))

    private static func swiftCall(_ identifier: String) -> RuleExample.File {
        .init("App/HomeViewController.swift", """
        import UIKit

        final class HomeViewController: UIViewController {
            func showDetail() {
                let detail = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "\(identifier)")
                navigationController?.pushViewController(detail, animated: true)
            }
        }
        """)
    }

    private static func objcCall(_ identifier: String) -> RuleExample.File {
        .init("App/MenuViewController.m", """
        #import <UIKit/UIKit.h>

        @interface MenuViewController : UIViewController
        @end

        @implementation MenuViewController
        - (void)showDetail {
            UIViewController *detail = [self.storyboard instantiateViewControllerWithIdentifier:@"\(identifier)"];
            [self.navigationController pushViewController:detail animated:YES];
        }
        @end
        """)
    }

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: \"DetailView\" is not a Storyboard ID of Main.storyboard.", files: [swiftCall("DetailView"), storyboard]),
            RuleExample("Objective-C: \"detail\" differs in case from \"Detail\".", files: [objcCall("detail"), storyboard]),
        ],
        nonTriggering: [
            RuleExample("Swift: \"Detail\" is the Storyboard ID of a scene of Main.storyboard.", files: [swiftCall("Detail"), storyboard]),
            RuleExample("Swift: a local `storyboard` made with UIStoryboard(name:) shadows the controller's own.", files: [
                .init("App/HomeViewController.swift", """
                import UIKit

                final class HomeViewController: UIViewController {
                    func showSettings() {
                        let storyboard = UIStoryboard(name: "Settings", bundle: nil)
                        let settings = storyboard.instantiateViewController(withIdentifier: "Settings")
                        present(settings, animated: true)
                    }
                }
                """),
                storyboard,
                BeyondExample.storyboard("App/Settings.storyboard", scenes: BeyondExample.scene(
                    id: "Set", controllerClass: "SettingsViewController", storyboardID: "Settings", swift: true)),
            ]),
            RuleExample("Objective-C: another controller's storyboard may be any storyboard of the project.", files: [
                .init("App/MenuViewController.m", """
                #import <UIKit/UIKit.h>
                @interface MenuViewController : UIViewController
                @property (nonatomic, strong) UIViewController *rootController;
                @end
                @implementation MenuViewController
                - (void)showSettings {
                    UIViewController *settings = [self.rootController.storyboard instantiateViewControllerWithIdentifier:@"Settings"];
                    [self presentViewController:settings animated:YES completion:nil];
                }
                @end
                """),
                BeyondExample.storyboard("App/Main.storyboard", scenes: BeyondExample.scene(
                    id: "Men", controllerClass: "MenuViewController", storyboardID: "Menu", swift: false)),
                BeyondExample.storyboard("App/Settings.storyboard", scenes: BeyondExample.scene(
                    id: "Set", controllerClass: "SettingsViewController", storyboardID: "Settings", swift: false)),
            ]),
            RuleExample("Objective-C: \"Detail\" exists.", files: [objcCall("Detail"), storyboard]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        let storyboards = model.storyboardDocuments
        return model.sources.literalCalls.compactMap { site in
            guard site.kind == .storyboardIdentifier, model.judgesStoryboardLiteral(site) else { return nil }
            var searched = storyboards
            switch site.storyboard {
            case .named(let named):
                searched = storyboards.filter { $0.name == NibCatalog.stripped(named) }
                guard !searched.isEmpty else { return nil }
            case .own:
                guard let typeName = site.context.typeName else { break }
                let own = Set(model.scenes(ofControllerClass: typeName).map { $0.0.path })
                if !own.isEmpty { searched = storyboards.filter { own.contains($0.document.path) } }
            case .other, nil:
                break
            }
            let identifiers = Set(searched.flatMap { $0.document.objects.compactMap(\.storyboardIdentifier) })
            guard !identifiers.contains(site.value) else { return nil }
            let scope = searched.count == storyboards.count ? "any storyboard of the project" : searched.map { "\($0.name).storyboard" }.joined(separator: ", ")
            let close = identifiers.filter { $0.lowercased() == site.value.lowercased() }.sorted()
            let hint = close.isEmpty ? "" : " Did you mean \(close.map { "\"\($0)\"" }.joined(separator: " or "))?"
            return RuleViolation(
                className: site.context.typeName,
                message: "\(site.context.typeName ?? "Code") instantiates the view controller with Storyboard ID \"\(site.value)\", which no scene of \(scope) has: UIStoryboard raises \"Storyboard doesn't contain a view controller with identifier '\(site.value)'\".\(hint)",
                locations: [site.location],
                fix: "Set \"\(site.value)\" as the Storyboard ID of the intended scene, or correct the literal.",
                identity: [site.location.path, site.context.methodName ?? "", site.value])
        }
    }
}
