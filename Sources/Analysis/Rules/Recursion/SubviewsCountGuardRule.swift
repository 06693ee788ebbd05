/// `subviews-count-guard`: the recursion guard takes "has subviews" to mean "decoded from the
/// nib".
struct SubviewsCountGuardRule: Rule {
    static let description = RuleDescription(
        id: "subviews-count-guard",
        severity: .warning,
        category: .recursion,
        summary: "awakeAfter substitutes only placements without subviews; a placement given subviews in Interface Builder silently stays an empty placeholder.",
        seed: "000",
        help: """
        Seed 000 (b) returns `self` when the decoded view has subviews, assuming the nib's view \
        has some and storyboard placements have none. A placement that gets a subview in the \
        storyboard (a badge, a spinner) is then never replaced: it shows only that subview and \
        none of the nib's content (error when the project already has such a placement). A nib \
        whose root view has no subviews recurses.

        **Fix:** use a placeholder subclass that loads its superclass's nib (seed 000 e) or a \
        `_NIB_` subclass as the nib's root class (seed 000 d).
        """,
        reads: [
            "An `awakeAfter(using:)` / `awakeAfterUsingCoder:` override in the sources that returns a nib-loaded view and returns `self` when the view has subviews (`subviews.count`, `subviews.isEmpty`), in its own body or in the project helper it hands the placeholder to, as `self` (`return self.swapFromNib()`) or as an argument (`return UIView.replaceFromNib(self)`, the check then made on that parameter).",
            "Every placement in the storyboards and xibs of a class that declares or inherits that override, and its `<subviews>`: one with subviews makes the finding an error, located there.",
            "Whether the finding's first place ships and runs: the targets that build the override's source file or, for the error, those that bundle the placement's file and what reaches its scene (project.pbxproj, Package.swift; the initial controller of a storyboard the app loads, segues from reached scenes, Storyboard IDs); in no target, only test targets, or a scene nothing reaches, the finding is info.",
        ]
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Objective-C: seed 000 (b); a storyboard placement has a subview.", files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcGuarded("self.subviews.count > 0")),
                RecursionExample.cardNib(rootClass: "MyCustomView", swift: false, path: "App/MyCustomView.xib"),
                SubstitutionExample.storyboard(swift: false, content: SubstitutionExample.labelSubview)
                    .replacingClass("CardViewProto", with: "MyCustomView"),
            ]),
            RuleExample("Swift: `guard subviews.isEmpty`, no placement yet.", files: [
                .init("App/CardView.swift", RecursionExample.swiftCardView(guardLine: "guard subviews.isEmpty else { return self }", extra: "")),
                RecursionExample.cardNib(rootClass: "CardView", swift: true),
            ]),
        ],
        nonTriggering: [
            RuleExample("Objective-C: seed 000 (d) with the same placement.", files: [
                RecursionExample.objcHeader, .init("App/MyCustomView.m", RecursionExample.objcStep1 + "\n\n" + RecursionExample.objcNibSubclass),
                RecursionExample.cardNib(rootClass: "_NIB_MyCustomView", swift: false, path: "App/MyCustomView.xib"),
                SubstitutionExample.storyboard(swift: false, content: SubstitutionExample.labelSubview)
                    .replacingClass("CardViewProto", with: "MyCustomView"),
            ]),
            RuleExample("Swift: a private subclass instead of counting subviews.", files: [
                .init("App/CardView.swift", RecursionExample.swiftCardView(extra: RecursionExample.swiftNibSubclass)),
                RecursionExample.cardNib(rootClass: "NibCardView", swift: true),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutions().compactMap { substitution in
            guard case .subviewsCount = substitution.summary.guardKind else { return nil }
            let crowded = substitution.placements(in: model).filter { !model.object($0).subviews.isEmpty }
            let base = "\(substitution.methodDescription) substitutes only views without subviews, taking any subview as a sign of \(substitution.nibDescription)"
            guard !crowded.isEmpty else {
                return RuleViolation(
                    className: substitution.type.name,
                    message: "\(base): a placement given a subview in Interface Builder will stay an empty placeholder.",
                    locations: substitution.sourceLocations,
                    fix: "Replace the subview count with a placeholder subclass that loads its superclass's nib (seed 000 e).",
                    identity: substitution.identity)
            }
            let names = crowded.map { "\(model.document($0).path) (\(model.object($0).element) id \(model.object($0).id), line \(model.object($0).location.line))" }
            return RuleViolation(
                className: substitution.type.name,
                message: "\(base): \(names.joined(separator: ", ")) \(crowded.count == 1 ? "has" : "have") subviews, so \(crowded.count == 1 ? "it is" : "they are") never replaced and \(crowded.count == 1 ? "shows" : "show") none of the nib's content.",
                locations: crowded.map(model.location) + substitution.sourceLocations,
                fix: "Replace the subview count with a placeholder subclass that loads its superclass's nib (seed 000 e), or remove the subviews from the placement.",
                severity: .error,
                identity: substitution.identity)
        }
    }
}
