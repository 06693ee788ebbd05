/// `nib-flag-guard-ineffective`: the recursion guard reads a property that only a
/// user-defined runtime attribute of the nib sets — too late to stop the recursion.
struct NibFlagGuardIneffectiveRule: Rule {
    static let description = RuleDescription(
        id: "nib-flag-guard-ineffective",
        severity: .error,
        category: .recursion,
        summary: "awakeAfter's guard reads a flag that the nib sets as a user-defined runtime attribute, which is applied only after awakeAfter runs: infinite recursion.",
        seed: "000",
        help: """
        Seed 000 (a): mark the nib's instance with a property (`xib = YES`) set as a \
        user-defined runtime attribute and return `self` when it is set. It "simply does not \
        work": runtime attributes are applied with `setValue(_:forKeyPath:)` after every object \
        of the nib has been decoded — after `awakeAfter(using:)` has already run — so the flag \
        is still `NO`, the nib's view substitutes itself again and the load recurses.

        **Fix:** use a guard that is known while decoding: a placeholder subclass in the \
        storyboard that loads its superclass's nib (seed 000 e), or a `_NIB_` subclass as the \
        nib's root class whose override returns `self` (seed 000 d).
        """,
        reads: [
            "An `awakeAfter(using:)` / `awakeAfterUsingCoder:` override in the sources that returns a nib-loaded view and guards it by returning `self` when an instance property (the flag) is set.",
            "The nibs it loads and their top-level views whose nearest `awakeAfter`, by the lineage in the sources, is this override.",
            "A `<userDefinedRuntimeAttribute>` on such a root view whose `keyPath` is the flag.",
            "Whether the override ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    private static let flagAttribute = """
    <userDefinedRuntimeAttributes>
        <userDefinedRuntimeAttribute type="boolean" keyPath="xib" value="YES"/>
    </userDefinedRuntimeAttributes>
    """

    private static let swiftFlagGuard = "if isFromNib { return self }"

    private static func swiftFlagView(_ extra: String) -> String {
        RecursionExample.swiftCardView(guardLine: swiftFlagGuard, extra: extra)
            .replacingOccurrences(of: "class CardView: UIView {\n", with: "class CardView: UIView {\n    @objc var isFromNib = false\n\n")
    }

    private static let swiftFlagAttribute = flagAttribute.replacingOccurrences(of: "keyPath=\"xib\"", with: "keyPath=\"isFromNib\"")

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Objective-C: seed 000 (a), the xib sets `xib` as a runtime attribute.", files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcGuarded("self.xib")),
                RecursionExample.cardNib(rootClass: "MyCustomView", swift: false, path: "App/MyCustomView.xib", rootContent: flagAttribute),
            ]),
            RuleExample("Swift: the guard reads isFromNib, set by the nib's runtime attribute.", files: [
                .init("App/CardView.swift", swiftFlagView("")),
                RecursionExample.cardNib(rootClass: "CardView", swift: true, rootContent: swiftFlagAttribute),
            ]),
        ],
        nonTriggering: [
            RuleExample("Objective-C: the flag is set, but the nib's root is a plain UIView that never substitutes.", files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcGuarded("self.xib")),
                RecursionExample.cardNib(rootClass: "", swift: false, path: "App/MyCustomView.xib", rootContent: flagAttribute),
            ]),
            RuleExample("Swift: no runtime attribute sets the flag.", files: [
                .init("App/CardView.swift", swiftFlagView("")),
                RecursionExample.cardNib(rootClass: "CardView", swift: true),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutions().compactMap { substitution in
            guard case .propertyFlag(let flag) = substitution.summary.guardKind else { return nil }
            let roots = substitution.reentrantRoots(in: model)
            let setters = roots.flatMap { root in
                model.document(root).runtimeAttributes(of: model.object(root))
                    .filter { PlaceholderCopyReader.normalized($0.keyPath) == PlaceholderCopyReader.normalized(flag) }
                    .map { (model.document(root), $0) }
            }
            guard let (document, setter) = setters.first else { return nil }
            return RuleViolation(
                className: substitution.type.name,
                message: "\(substitution.methodDescription) returns self only when \(flag) is set, but \(flag) is set by the user-defined runtime attribute at \(document.path):\(setter.location.line), which is applied after \(substitution.method.name) has run: the view decoded from \(substitution.nibDescription) substitutes itself again and the load recurses until the stack overflows.",
                locations: substitution.sourceLocations + setters.map { SourceLocation($0.0, $0.1.location) },
                fix: "Drop the \(flag) flag; place a subclass that loads its superclass's nib in the storyboard (seed 000 e) or give the nib's root a _NIB_ subclass whose \(substitution.method.name) returns self (seed 000 d).",
                identity: substitution.identity + [flag])
        }
    }
}
