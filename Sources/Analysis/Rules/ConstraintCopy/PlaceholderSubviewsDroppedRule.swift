/// `placeholder-subviews-dropped`: the placement has subviews in Interface Builder and the
/// substitution does not move them to the new view.
struct PlaceholderSubviewsDroppedRule: Rule {
    static let description = RuleDescription(
        id: "placeholder-subviews-dropped",
        severity: .error,
        category: .constraintCopy,
        summary: "Subviews added to the placement in Interface Builder disappear when awakeAfter swaps it for a nib-loaded view.",
        seed: "000",
        help: """
        Views dropped inside the placement in the storyboard are decoded as the placeholder's \
        subviews. `awakeAfter(using:)` returns another view and the placeholder, with its \
        subviews, is thrown away: they never appear, and outlets to them point at views that \
        are not on screen.

        **Fix:** move them in the override — `for subview in subviews { view.addSubview(subview) }` \
        (seed 000 step 3) — before re-creating the placeholder's constraints, or remove them \
        from the placement.
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view; neither its body nor a project helper it calls moves the placeholder's subviews to the new view.",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class, and the views in its `<subviews>`.",
            "When the override hands `self` to a method the analysis does not read (a dependency's, or one it cannot resolve), that it does not carry the subviews over is assumed and the finding is info.",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` moves the placeholder's subviews to the new view just before the substitution method's `return view` (`for subview in subviews { view.addSubview(subview) }`, or its Objective-C form; `subviews` hands out a copy of the list, so the loop may move them), indented as the `return`. It declines when the method does not return the new view through one `return` of a variable. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped.",
        lostInSwap: "subviews"
    )

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.swift("Swift: a badge label inside the placement; the swap copies layout only.",
                                      body: SubstitutionExample.swiftLayoutCopy,
                                      storyboard: SubstitutionExample.storyboard(swift: true, content: SubstitutionExample.labelSubview)),
            SubstitutionExample.objc("Objective-C: nothing moves the badge.", body: SubstitutionExample.objcLayoutCopy,
                                     storyboard: SubstitutionExample.storyboard(swift: false, content: SubstitutionExample.labelSubview)),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: the swap moves the subviews.",
                                      body: SubstitutionExample.swiftLayoutCopy + "\n" + SubstitutionExample.swiftSubviewMove,
                                      storyboard: SubstitutionExample.storyboard(swift: true, content: SubstitutionExample.labelSubview)),
            SubstitutionExample.objc("Objective-C: the placement has no subviews.", body: SubstitutionExample.objcLayoutCopy),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().compactMap { placement in
            let subviews = placement.document.subviews(of: placement.object)
            guard !subviews.isEmpty, !placement.substitution.summary.movesSubviews else { return nil }
            let names = subviews.map { "\($0.userLabel ?? $0.customClass ?? $0.element) (id \($0.id))" }
            return RuleViolation(
                className: placement.placedClass,
                message: "\(placement.replacementDescription), which does not move the placeholder's subviews: \(names.joined(separator: ", ")) \(names.count == 1 ? "disappears" : "disappear").",
                locations: placement.locations(adding: subviews.map(\.location)),
                fix: "Move the subviews in \(placement.substitution.methodDescription) (for subview in subviews { view.addSubview(subview) }) or take them out of the placement.",
                evidence: placement.copyEvidence("the subviews"),
                identity: placement.identity(),
                repair: placement.substitution.subviewMoveRepair())
        }
    }
}
