/// `constraint-copy-wrong-item`: the copy loop maps `firstItem`/`secondItem` to the new view
/// without checking that the item is the placeholder, and the placement has constraints to
/// its own subviews.
struct ConstraintCopyWrongItemRule: Rule {
    static let description = RuleDescription(
        id: "constraint-copy-wrong-item",
        severity: .error,
        category: .constraintCopy,
        summary: "The awakeAfter constraint copy relates the new view to itself where the placement's constraint related it to one of its subviews.",
        seed: "001",
        help: """
        Seed 001's second listing re-creates every constraint of the placeholder with \
        `item: newView` and `toItem: newView` whenever there is a second item. That is right \
        only for constraints between the placeholder and itself (aspect ratio). A placement \
        whose subviews are laid out by constraints installed on it (`subview.leading = \
        placement.leading + 8`) gets `newView.leading = newView.leading + 8` instead: an \
        unsatisfiable constraint, and the subviews lose their layout.

        **Fix:** replace an item only when it is the placeholder: \
        `let first = constraint.firstItem === self ? newView : constraint.firstItem` (same for \
        `secondItem`), and move the subviews to the new view before adding the copies.
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view; its loop re-creating `self.constraints`, which maps `firstItem` and `secondItem` to the new view without checking that the item is the placeholder.",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class, and the constraints installed on it whose `firstItem` or `secondItem` is another view (one of its subviews).",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ]
    )

    /// Seed 001's second listing with `CardView`.
    static let swiftUnconditionalCopy = """
    for constraint in constraints {
        if constraint.secondItem != nil {
            view.addConstraint(NSLayoutConstraint(item: view, attribute: constraint.firstAttribute, relatedBy: constraint.relation, toItem: view, attribute: constraint.secondAttribute, multiplier: constraint.multiplier, constant: constraint.constant))
        } else {
            view.addConstraint(NSLayoutConstraint(item: view, attribute: constraint.firstAttribute, relatedBy: constraint.relation, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: constraint.constant))
        }
    }
    """

    private static let objcUnconditionalCopy = """
    for (NSLayoutConstraint *constraint in self.constraints) {
        [view addConstraint:[NSLayoutConstraint constraintWithItem:view attribute:constraint.firstAttribute relatedBy:constraint.relation toItem:(constraint.secondItem ? view : nil) attribute:constraint.secondAttribute multiplier:constraint.multiplier constant:constraint.constant]];
    }
    """

    /// A badge pinned to the placement by constraints installed on the placement.
    static let subviewConstraints = SubstitutionExample.labelSubview + """

    <constraints>
        <constraint firstAttribute="width" constant="240" id="Crd-Wid-001"/>
        <constraint firstItem="Bdg-00-001" firstAttribute="leading" secondItem="Crd-00-001" secondAttribute="leading" constant="8" id="Bdg-Lea-001"/>
        <constraint firstItem="Bdg-00-001" firstAttribute="top" secondItem="Crd-00-001" secondAttribute="top" constant="8" id="Bdg-Top-001"/>
    </constraints>
    """

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.swift("Swift: seed 001's second listing; the placement pins a badge label with constraints installed on it.",
                                      body: swiftUnconditionalCopy + "\n" + SubstitutionExample.swiftSubviewMove,
                                      storyboard: SubstitutionExample.storyboard(swift: true, content: subviewConstraints)),
            SubstitutionExample.objc("Objective-C: every second item becomes the new view.",
                                     body: SubstitutionExample.objcSubviewMove + "\n" + objcUnconditionalCopy,
                                     storyboard: SubstitutionExample.storyboard(swift: false, content: subviewConstraints)),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: seed 001's second listing; the placement has width and height only.",
                                      body: swiftUnconditionalCopy),
            SubstitutionExample.objc("Objective-C: seed 000's loop replaces an item only when it is the placeholder.",
                                     body: SubstitutionExample.objcSubviewMove + "\n" + SubstitutionExample.objcConstraintCopy,
                                     storyboard: SubstitutionExample.storyboard(swift: false, content: subviewConstraints)),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().compactMap { placement in
            guard let copy = placement.substitution.summary.constraintCopy, copy.itemMapping == .unconditional else { return nil }
            let placementID = placement.object.id
            let misread = placement.installedConstraints.filter { constraint in
                constraint.firstItem != placementID || (constraint.secondItem.map { $0 != placementID } ?? false)
            }
            guard !misread.isEmpty else { return nil }
            let names = misread.map { $0.readableDescription(in: placement.document, owner: placement.object) }
            return RuleViolation(
                className: placement.placedClass,
                message: "\(placement.replacementDescription); its constraint copy maps every item to the new view, so \(names.joined(separator: ", ")) become constraints of the new view to itself and the placement's subviews lose their layout.",
                locations: placement.locations(adding: misread.map(\.location)),
                fix: "Replace firstItem/secondItem by the new view only when it is the placeholder (=== self) and keep other items as they are.",
                identity: placement.identity())
        }
    }
}
