/// `constraint-outlet-orphaned`: an outlet points at a constraint installed on a placement
/// that `awakeAfter` throws away.
struct ConstraintOutletOrphanedRule: Rule {
    static let description = RuleDescription(
        id: "constraint-outlet-orphaned",
        severity: .error,
        category: .constraintCopy,
        summary: "An outlet to a constraint installed on a swapped placement points at a constraint that no longer takes part in layout.",
        seed: "001",
        help: """
        Outlets follow a view swapped in `awakeAfter(using:)`, but not the constraints installed \
        on it: the decoder connects the outlet to the original `NSLayoutConstraint`, which stays \
        on the discarded placeholder. Even a copy loop creates new constraint objects. Changing \
        the outlet's `constant` (to animate a height, collapse a view) then does nothing.

        **Fix:** install the constraint on the superview instead (relate the placement to a \
        sibling or the superview), or look the copied constraint up after the swap (by \
        `identifier`) and point the property at it.
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view.",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class, and the constraints installed in its own `<constraints>` (build-time placeholder constraints left out).",
            "An `<outlet>` whose `destination` is one of those constraints, with its `property` and the element that holds it.",
            "Whether the outlet ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ]
    )

    private static let heightOutlet = """
    <connections>
        <outlet property="cardHeight" destination="Crd-Hei-001" id="Out-Hei-001"/>
    </connections>
    """

    private static let widthOutlet = """
    <connections>
        <outlet property="cardLeading" destination="Crd-Lea-001" id="Out-Lea-001"/>
    </connections>
    """

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.swift("Swift: the controller's cardHeight outlet is the placement's height constraint.",
                                      body: SubstitutionExample.swiftConstraintCopy,
                                      storyboard: SubstitutionExample.storyboard(swift: true, controller: heightOutlet)),
            SubstitutionExample.objc("Objective-C: the same outlet; seed 000's copy creates new constraints.",
                                     body: SubstitutionExample.objcConstraintCopy,
                                     storyboard: SubstitutionExample.storyboard(swift: false, controller: heightOutlet)),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: the outlet is the leading constraint, installed on the superview.",
                                      body: SubstitutionExample.swiftConstraintCopy,
                                      storyboard: SubstitutionExample.storyboard(swift: true, controller: widthOutlet)),
            SubstitutionExample.objc("Objective-C: no outlet points at a constraint of the placement.",
                                     body: SubstitutionExample.objcConstraintCopy),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().flatMap { placement in
            placement.installedConstraints.flatMap { constraint in
                placement.document.outlets(to: constraint.id).map { outlet in
                    let source = placement.document.object(withID: outlet.sourceID)
                    let owner = source.map { $0.customClass ?? $0.element } ?? outlet.sourceID
                    let property = outlet.property ?? "?"
                    return RuleViolation(
                        className: placement.placedClass,
                        message: "The outlet \(owner).\(property) points at \(constraint.readableDescription(in: placement.document, owner: placement.object)), installed on \(placement.placementDescription); \(placement.substitution.methodDescription) replaces the placement with a view loaded from \(placement.substitution.nibDescription), so the outlet holds a constraint that no longer takes part in layout.",
                        locations: [SourceLocation(placement.document, outlet.location), SourceLocation(placement.document, constraint.location)]
                            + placement.locations(),
                        fix: "Relate the constraint to the superview or a sibling (so it is installed there), or re-point \(property) at the copied constraint after the swap.",
                        identity: placement.identity([constraint.id, property]))
                }
            }
        }
    }
}
