/// `awake-after-recursion`: the view an `awakeAfter` loads from its nib runs the same
/// `awakeAfter` again, with nothing to stop it.
struct AwakeAfterRecursionRule: Rule {
    static let description = RuleDescription(
        id: "awake-after-recursion",
        severity: .error,
        category: .recursion,
        summary: "awakeAfter loads a nib whose root view is of the same class (or inherits the same override) with no effective guard: infinite recursion.",
        seed: "000",
        help: """
        `awakeAfter(using:)` runs for every decoded instance, including the one inside the nib \
        it loads. When the nib's root view is the class itself (or a subclass that inherits the \
        override), decoding it calls the override again, which loads the nib again: storyboard \
        decoding → awakeAfter → loadNibNamed → awakeAfter → … until the stack overflows.

        **Fix:** make the nib's instances not substitute. Seed 000 lists the options: a private \
        subclass (`_NIB_MyCustomView`) as the nib's root class whose override returns `self`, or \
        — safest — a placeholder subclass (`MyCustomViewProto`) placed in the storyboard that \
        loads its superclass's nib, so the class in the nib has no override at all.
        """,
        reads: [
            "An `awakeAfter(using:)` / `awakeAfterUsingCoder:` override in the sources that returns a nib-loaded view, the nib loads it makes (in its body, or through a project helper it calls) with their nib names, and its guard: none, a private subclass (`_NIB_X`) or a placeholder subclass (flag and subview-count guards are other rules').",
            "The nibs of those names in the upload and the `customClass` of their top-level views.",
            "The lineage of each such root class in the sources: its nearest `awakeAfter` is this very override (the class itself, or a subclass inheriting it rather than the private subclass the guard expects).",
            "Whether the override ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: CardView loads CardView.xib, whose root is a CardView.", files: [
                .init("App/CardView.swift", RecursionExample.swiftCardView(extra: "")),
                RecursionExample.cardNib(rootClass: "CardView", swift: true),
            ]),
            RuleExample("Objective-C: seed 000 step 1, no guard.", files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcStep1),
                RecursionExample.cardNib(rootClass: "MyCustomView", swift: false, path: "App/MyCustomView.xib"),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: the nib's root is a private subclass whose override returns self.", files: [
                .init("App/CardView.swift", RecursionExample.swiftCardView(extra: RecursionExample.swiftNibSubclass)),
                RecursionExample.cardNib(rootClass: "NibCardView", swift: true),
            ]),
            RuleExample("Objective-C: seed 000 (d), the nib's root is _NIB_MyCustomView.", files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcStep1 + "\n\n" + RecursionExample.objcNibSubclass),
                RecursionExample.cardNib(rootClass: "_NIB_MyCustomView", swift: false, path: "App/MyCustomView.xib"),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutions().compactMap { substitution in
            let why: String
            switch substitution.summary.guardKind {
            case .none:
                why = "nothing stops it"
            case .privateSubclass(let subclass):
                why = "the private subclass \(subclass) would stop it, but the nib's root is not a \(subclass)"
            case .placeholderSubclass(let superclass):
                why = "the nib was meant to hold a \(superclass), which has no override, but its root inherits this one"
            case .staticFlag, .subviewsCount, .propertyFlag:
                return nil
            }
            let roots = substitution.reentrantRoots(in: model)
            guard let root = roots.first else { return nil }
            let rootClass = model.object(root).customClass ?? substitution.type.name
            return RuleViolation(
                className: substitution.type.name,
                message: "\(substitution.methodDescription) loads \(Substitution.rootDescription(root, in: model)), whose \(rootClass) runs the same \(substitution.method.name) when decoded, and \(why): decoding → \(substitution.method.name) → load → \(substitution.method.name) → … recurses until the stack overflows.",
                locations: substitution.sourceLocations + roots.map(model.location),
                fix: "Give the nib's root view a class without this override (a placeholder subclass in the storyboard that loads its superclass's nib, or a _NIB_ subclass returning self).",
                identity: substitution.identity)
        }
    }
}
