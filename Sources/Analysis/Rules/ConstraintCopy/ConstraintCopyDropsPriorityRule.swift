/// `constraint-copy-drops-priority`: the copy loop re-creates the placeholder's constraints
/// as required ones (or without their identifiers) although the placement has optional ones.
struct ConstraintCopyDropsPriorityRule: Rule {
    static let description = RuleDescription(
        id: "constraint-copy-drops-priority",
        severity: .warning,
        category: .constraintCopy,
        summary: "The awakeAfter constraint copy turns optional constraints of the placement into required ones (or drops their identifiers).",
        seed: "000",
        help: """
        `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)` \
        creates a constraint with priority 1000 (required) and no identifier. A copy loop that \
        does not assign `priority` (and `identifier`) turns a placement's optional constraint — \
        a height of 44 at priority 750 that yields to content — into a required one: Auto Layout \
        then breaks constraints at runtime ("Unable to simultaneously satisfy constraints") and \
        code that looks constraints up by identifier finds nothing.

        **Fix:** set `copy.priority = constraint.priority` and `copy.identifier = \
        constraint.identifier` before adding each copy (and activate it only if the original \
        was active).
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view; its loop re-creating `self.constraints`, and whether it sets each copy's `priority` and `identifier`.",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class, and the constraints installed on it with a `priority` below 1000 or an `identifier`.",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ]
    )

    private static let optionalHeight = """
    <constraints>
        <constraint firstAttribute="width" constant="240" id="Crd-Wid-001"/>
        <constraint firstAttribute="height" constant="128" priority="750" id="Crd-Hei-001"/>
    </constraints>
    """

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.objc("Objective-C: seed 000's copy loop and a height at priority 750.",
                                     body: SubstitutionExample.objcLayoutCopy + "\n" + SubstitutionExample.objcConstraintCopy,
                                     storyboard: SubstitutionExample.storyboard(swift: false, content: optionalHeight)),
            SubstitutionExample.swift("Swift: the copy sets neither priority nor identifier.",
                                      body: SubstitutionExample.swiftConstraintCopy.replacingOccurrences(of: "    copy.priority = constraint.priority\n", with: "")
                                        .replacingOccurrences(of: "    copy.identifier = constraint.identifier\n", with: ""),
                                      storyboard: SubstitutionExample.storyboard(swift: true, content: optionalHeight)),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: the copy carries priority and identifier.",
                                      body: SubstitutionExample.swiftConstraintCopy,
                                      storyboard: SubstitutionExample.storyboard(swift: true, content: optionalHeight)),
            SubstitutionExample.objc("Objective-C: seed 000's copy loop, every placement constraint required.",
                                     body: SubstitutionExample.objcLayoutCopy + "\n" + SubstitutionExample.objcConstraintCopy),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().compactMap { placement in
            guard let copy = placement.substitution.summary.constraintCopy else { return nil }
            let constraints = placement.installedConstraints
            var losses: [(String, [IBConstraint])] = []
            let optional = constraints.filter { $0.priority < 1000 }
            if !copy.carriesPriority, !optional.isEmpty { losses.append(("priority", optional)) }
            let named = constraints.filter { $0.identifier != nil }
            if !copy.carriesIdentifier, !named.isEmpty { losses.append(("identifier", named)) }
            guard !losses.isEmpty else { return nil }
            let involved = Array(Set(losses.flatMap { $0.1.map(\.index) })).sorted().map { placement.document.constraints[$0] }
            let detail = losses.map { property, list in
                "\(property) of " + list.map { $0.readableDescription(in: placement.document, owner: placement.object) }.joined(separator: ", ")
            }.joined(separator: "; ")
            let effect = losses.contains { $0.0 == "priority" } ? "the copies become required and may conflict" : "the copies lose the identifiers code looks them up by"
            return RuleViolation(
                className: placement.placedClass,
                message: "\(placement.replacementDescription); its constraint copy does not carry the \(detail): \(effect).",
                locations: placement.locations(adding: involved.map(\.location)),
                fix: "In the copy loop set " + losses.map { "copy.\($0.0) = constraint.\($0.0)" }.joined(separator: " and ") + " before adding each copy.",
                identity: placement.identity(losses.map(\.0)))
        }
    }
}
