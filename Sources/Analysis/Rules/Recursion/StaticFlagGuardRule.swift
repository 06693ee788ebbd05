/// `static-flag-guard`: a shared static flag set around the nib load guards the recursion.
struct StaticFlagGuardRule: Rule {
    static let description = RuleDescription(
        id: "static-flag-guard",
        severity: .warning,
        category: .recursion,
        summary: "awakeAfter guards its nib load with a shared static flag: nested loads and loads off the main thread are not substituted.",
        seed: "000",
        help: """
        Seed 000 (c) sets a static `_loadingXib` flag around `loadNibNamed` and returns `self` \
        while it is set. The flag is shared by every instance: any instance of the class decoded \
        while it is set — one nested inside the nib, one in a nib a subview loads, one decoded \
        on another thread — skips the substitution and stays an empty placeholder, and a load \
        that throws leaves the flag set for good.

        **Fix:** use a guard that belongs to the decoded object's class: a placeholder subclass \
        in the storyboard that loads its superclass's nib (seed 000 e) or a `_NIB_` subclass as \
        the nib's root class (seed 000 d).
        """,
        reads: [
            "An `awakeAfter(using:)` / `awakeAfterUsingCoder:` override in the sources that returns a nib-loaded view, guarded by a static or global variable set around the load and checked to return `self`.",
            "Whether the override ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    private static let swiftStaticGuard = """
    private static var isLoadingNib = false

    override func awakeAfter(using coder: NSCoder) -> Any? {
        if CardView.isLoadingNib { return self }
        CardView.isLoadingNib = true
        defer { CardView.isLoadingNib = false }
        return Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first
    }
    """

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Objective-C: seed 000 (c), a static _loadingXib flag.", files: [
                RecursionExample.objcHeader,
                .init("App/MyCustomView.m", RecursionExample.objcGuarded("_loadingXib", declarations: "static BOOL _loadingXib = NO;\n",
                                                                         before: "_loadingXib = YES;", after: "_loadingXib = NO;")),
                RecursionExample.cardNib(rootClass: "MyCustomView", swift: false, path: "App/MyCustomView.xib"),
            ]),
            RuleExample("Swift: a static isLoadingNib flag.", files: [
                .init("App/CardView.swift", "import UIKit\n\nclass CardView: UIView {\n\(SubstitutionExample.indented(swiftStaticGuard, by: 4))\n}\n"),
                RecursionExample.cardNib(rootClass: "CardView", swift: true),
            ]),
        ],
        nonTriggering: [
            RuleExample("Objective-C: seed 000 (d), a private subclass instead of a flag.", files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcStep1 + "\n\n" + RecursionExample.objcNibSubclass),
                RecursionExample.cardNib(rootClass: "_NIB_MyCustomView", swift: false, path: "App/MyCustomView.xib"),
            ]),
            RuleExample("Swift: a private subclass instead of a flag.", files: [
                .init("App/CardView.swift", RecursionExample.swiftCardView(extra: RecursionExample.swiftNibSubclass)),
                RecursionExample.cardNib(rootClass: "NibCardView", swift: true),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutions().compactMap { substitution in
            guard case .staticFlag(let flag) = substitution.summary.guardKind else { return nil }
            return RuleViolation(
                className: substitution.type.name,
                message: "\(substitution.methodDescription) guards its load of \(substitution.nibDescription) with the shared static flag \(flag): every \(substitution.type.name) decoded while it is set — nested in the nib, in a nib loaded meanwhile, or on another thread — skips the substitution, and a load that throws leaves it set.",
                locations: substitution.sourceLocations,
                fix: "Replace the flag with a placeholder subclass that loads its superclass's nib (seed 000 e) or a _NIB_ subclass as the nib's root class (seed 000 d).",
                identity: substitution.identity + [flag])
        }
    }
}
