/// `placeholder-constraints-dropped`: the placement's own width, height or aspect-ratio
/// constraints vanish with the placeholder because the substitution does not re-create them.
struct PlaceholderConstraintsDroppedRule: Rule {
    static let description = RuleDescription(
        id: "placeholder-constraints-dropped",
        severity: .warning,
        category: .constraintCopy,
        summary: "A view swapped in awakeAfter loses the width, height and aspect-ratio constraints Interface Builder installed on its placement.",
        seed: "001",
        help: """
        Interface Builder installs a constraint on the nearest common ancestor of its items. \
        Constraints to siblings or the superview live on the superview, are decoded after the \
        swap and attach to the new view. Constraints that involve only the placement (width, \
        height, aspect ratio) are installed on the placement itself: they stay behind on the \
        discarded placeholder, and the view loaded from the nib keeps the nib's size or collapses. \
        Nothing crashes: the layout is broken, so the rule warns, as the frame rule does.

        **Fix:** in `awakeAfter(using:)` copy `self.constraints` to the new view, replacing the \
        placeholder by the new view only where it is an item (seed 000's \
        `copyPropertiesFromPrototype:`), or move the size constraints to the nib's root view.
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view; its body (and the project helpers it calls) has no loop re-creating `self.constraints` on the new view.",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class, and the constraints in its own `<constraints>` that relate it to itself or to nothing (width, height, aspect ratio), build-time placeholder constraints left out.",
            "When the override hands `self` to a method the analysis does not read (a dependency's, or one it cannot resolve), that it does not carry the constraints over is assumed and the finding is info.",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` adds seed 000's copy loop just before the substitution method's `return view`: each of the placeholder's own constraints re-created with the placeholder mapped to the new view (every other item kept), its priority and identifier copied, and added to the new view; in Swift or Objective-C as the file is, indented as the `return`. It declines when the method does not return the new view through one `return` of a variable. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped.",
        lostInSwap: "constraints"
    )

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.swift("Swift: the placement has width and height constraints; the swap copies frame and subviews only.",
                                      body: SubstitutionExample.swiftLayoutCopy + "\n" + SubstitutionExample.swiftSubviewMove),
            SubstitutionExample.objc("Objective-C: seed 001's first listing in Objective-C: nothing is copied.", body: ""),
            SubstitutionExample.swiftHandingSelfToHelper(
                "Swift: the override hands self to a project helper, UIView.swapped(self), that copies nothing from it; the helper is read, so the loss is a warning, not an assumption.",
                severity: .warning, body: ""),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: the swap re-creates the placeholder's constraints.",
                                      body: SubstitutionExample.swiftLayoutCopy + "\n" + SubstitutionExample.swiftConstraintCopy),
            SubstitutionExample.swiftHandingSelfToHelper("Swift: the helper the override hands self to re-creates its constraints.",
                                                         body: """
                                                         for constraint in placeholder.constraints {
                                                             let first = constraint.firstItem === placeholder ? view : constraint.firstItem
                                                             let second = constraint.secondItem === placeholder ? view : constraint.secondItem
                                                             view.addConstraint(NSLayoutConstraint(item: first as Any, attribute: constraint.firstAttribute, relatedBy: constraint.relation, toItem: second, attribute: constraint.secondAttribute, multiplier: constraint.multiplier, constant: constraint.constant))
                                                         }
                                                         """),
            SubstitutionExample.objc("Objective-C: the placement is sized by its superview only.", body: "",
                                     storyboard: SubstitutionExample.storyboard(swift: false, content: "")),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().compactMap { placement in
            guard placement.substitution.summary.constraintCopy == nil else { return nil }
            let lost = placement.selfConstraints
            guard !lost.isEmpty else { return nil }
            let names = lost.map { $0.readableDescription(in: placement.document, owner: placement.object) }
            let survivors = placement.document.constraints.filter { constraint in
                !constraint.isPlaceholder && constraint.owner != placement.object.index
                    && (constraint.firstItem == placement.object.id || constraint.secondItem == placement.object.id)
            }
            let survivorNote = survivors.isEmpty ? "" : " Its \(survivors.count) constraint(s) to the superview or siblings live on the common ancestor and survive the swap."
            return RuleViolation(
                className: placement.placedClass,
                message: "\(placement.replacementDescription), which does not re-create the placeholder's constraints: \(names.joined(separator: ", ")) installed on the placement are lost.\(survivorNote)",
                locations: placement.locations(adding: lost.map(\.location)),
                fix: "Copy self.constraints to the new view in \(placement.substitution.methodDescription), mapping only the placeholder itself to the new view, or move these constraints into \(placement.substitution.nibDescription).",
                evidence: placement.copyEvidence("the constraints"),
                identity: placement.identity(),
                repair: placement.substitution.constraintCopyRepair())
        }
    }
}
