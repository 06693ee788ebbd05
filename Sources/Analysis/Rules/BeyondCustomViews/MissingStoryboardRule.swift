import Foundation

/// `missing-storyboard`: `UIStoryboard(name:)` with a literal no storyboard of the project has.
struct MissingStoryboardRule: Rule {
    static let description = RuleDescription(
        id: "missing-storyboard",
        severity: .error,
        category: .beyondCustomViews,
        summary: "UIStoryboard(name:bundle:) names a storyboard the project does not have: \"Could not find a storyboard named\".",
        help: """
        `UIStoryboard(name:bundle:)` raises `NSInvalidArgumentException` ("Could not find a \
        storyboard named 'X' in bundle …") when no `X.storyboard` is built into the bundle — \
        usually a renamed or deleted file, or a typo. Calls that pass a bundle other than the \
        main one (a framework's or a pod's) are not judged, and neither are projects whose zip \
        holds no storyboard at all.

        **Fix:** use the storyboard's file name without extension, or a generated constant \
        (SwiftGen's `StoryboardScene`).
        """,
        reads: [
            "A `UIStoryboard(name:bundle:)` / `NSStoryboard(name:bundle:)` / `storyboardWithName:bundle:` call in the sources with a string-literal name, and its bundle argument: nil or the main bundle (another bundle is not judged).",
            "The names of the storyboards in the upload (file names without `.storyboard`, `.lproj` copies included); an upload without storyboards is not judged.",
            "Whether the call ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    private static let storyboards = [
        BeyondExample.storyboard("App/Base.lproj/Main.storyboard", scenes: BeyondExample.scene(id: "Hom", controllerClass: "HomeViewController", swift: true)),
        BeyondExample.storyboard("App/Onboarding.storyboard", scenes: BeyondExample.scene(id: "Wel", controllerClass: "WelcomeViewController", swift: true)),
    ]

    private static func swiftCall(_ name: String) -> RuleExample.File {
        .init("App/Router.swift", """
        import UIKit

        enum Router {
            static func onboarding() -> UIViewController? {
                UIStoryboard(name: "\(name)", bundle: nil).instantiateInitialViewController()
            }
        }
        """)
    }

    private static func objcCall(_ name: String) -> RuleExample.File {
        .init("App/AppDelegate.m", """
        #import <UIKit/UIKit.h>

        @interface AppDelegate : UIResponder <UIApplicationDelegate>
        @property (strong, nonatomic) UIWindow *window;
        @end

        @implementation AppDelegate
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@"\(name)" bundle:nil];
            self.window.rootViewController = [storyboard instantiateInitialViewController];
            return YES;
        }
        @end
        """)
    }

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: \"OnBoarding\" differs from Onboarding.storyboard.", files: [swiftCall("OnBoarding")] + storyboards),
            RuleExample("Objective-C: \"Launch\" is not a storyboard of the project.", files: [objcCall("Launch")] + storyboards),
        ],
        nonTriggering: [
            RuleExample("Swift: \"Onboarding\" exists.", files: [swiftCall("Onboarding")] + storyboards),
            RuleExample("Objective-C: \"Main\" exists in Base.lproj.", files: [objcCall("Main")] + storyboards),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        let names = Set(model.nibCatalog.storyboards.keys)
        return model.sources.literalCalls.compactMap { site in
            guard site.kind == .storyboardName, !names.contains(NibCatalog.stripped(site.value)),
                  !names.contains((site.value as NSString).deletingPathExtension), model.judgesStoryboardLiteral(site) else { return nil }
            let close = names.filter { $0.lowercased() == site.value.lowercased() }.sorted()
            let hint = close.isEmpty ? "" : " (the project has \(close.map { "\($0).storyboard" }.joined(separator: ", ")); names are case-sensitive on device)"
            return RuleViolation(
                className: site.context.typeName,
                message: "\(site.context.typeName ?? "Code") opens the storyboard \"\(site.value)\", which the project does not have\(hint): UIStoryboard raises \"Could not find a storyboard named '\(site.value)' in bundle\".",
                locations: [site.location],
                fix: "Use the name of an existing storyboard (\(names.sorted().prefix(5).joined(separator: ", "))) or add \(site.value).storyboard to the target.",
                identity: [site.location.path, site.context.methodName ?? "", site.value])
        }
    }
}
