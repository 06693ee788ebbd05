/// `duplicate-constraint`: two constraints of one file that say the same thing, written
/// alike or reversed (`a.top = b.top - 8` and `b.top = a.top + 8`).
struct DuplicateConstraintRule: Rule {
    static let description = RuleDescription(
        id: "duplicate-constraint",
        severity: .warning,
        category: .hygiene,
        summary: "Two constraints relate the same items the same way; the copy is redundant and breaks as soon as one of them is edited.",
        help: """
        A constraint that repeats another one (same items, attributes, relation, multiplier \
        and constant, or the same relation written from the other item's side) adds nothing \
        while both agree, and produces an *Unable to simultaneously satisfy constraints* \
        conflict the day someone edits only one of them. Constraints of different size-class \
        variations and build-time placeholders are not compared.

        **Fix:** delete one of the two constraints.
        """,
        reads: [
            "Each constraint's `firstItem`, `firstAttribute`, `relation`, `secondItem`, `secondAttribute`, `multiplier` and `constant`, its size-class variation and whether Installed is unchecked, compared within one file (also written from the other item's side); build-time placeholder constraints left out.",
            "Whether the pair takes part in layout: when both have Installed unchecked and no size-class variation includes them, the finding is info.",
            "Whether the repeating constraint ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` removes the repeated constraint (the later one in the file), with its line, and points the outlets connected to it at the one kept. It declines when a size class installs the repeated constraint (removing it would change that configuration). An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped."
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("The label is centred twice, once from each side.", severity: .warning, files: [
                .init("App/Card.xib", ExampleXML.labelXib(constraints: [
                    #"<constraint firstItem="Lbl-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" constant="8" id="Top-00-001"/>"#,
                    #"<constraint firstItem="Root-00-001" firstAttribute="top" secondItem="Lbl-00-001" secondAttribute="top" constant="-8" id="Top-00-002"/>"#,
                ])),
            ]),
            RuleExample("The same pair with Installed unchecked on both, in every size class: neither takes part in layout, so info.", severity: .info, files: [
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" id="Root-00-001">
                    <subviews>
                        <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Lbl-00-001"/>
                    </subviews>
                    <constraints>
                        <constraint firstItem="Lbl-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" constant="8" id="Top-00-001"/>
                        <constraint firstItem="Root-00-001" firstAttribute="top" secondItem="Lbl-00-001" secondAttribute="top" constant="-8" id="Top-00-002"/>
                    </constraints>
                    <variation key="default">
                        <mask key="constraints">
                            <exclude reference="Top-00-001"/>
                            <exclude reference="Top-00-002"/>
                        </mask>
                    </variation>
                </view>
                """)),
            ]),
        ],
        nonTriggering: [
            RuleExample("Same items, different constants: two distinct constraints.", files: [
                .init("App/Card.xib", ExampleXML.labelXib(constraints: [
                    #"<constraint firstItem="Lbl-00-001" firstAttribute="top" secondItem="Root-00-001" secondAttribute="top" constant="8" id="Top-00-001"/>"#,
                    #"<constraint firstItem="Lbl-00-001" firstAttribute="top" relation="greaterThanOrEqual" secondItem="Root-00-001" secondAttribute="top" constant="4" id="Top-00-002"/>"#,
                ])),
            ]),
        ]
    )

    /// The table maps keys to positions (not constraint copies) and constraints are read in
    /// place: this rule visits every constraint of the project.
    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document -> [RuleViolation] in
            let constraints = document.constraints
            var firstByKey: [ConstraintKey: Int] = [:]
            firstByKey.reserveCapacity(constraints.count)
            var violations: [RuleViolation] = []
            for position in constraints.indices where !constraints[position].isPlaceholder {
                let key = ConstraintKey(constraints[position])
                if let original = firstByKey[key] ?? key.reversed.flatMap({ firstByKey[$0] }) {
                    violations.append(violation(constraints[position], repeating: constraints[original], in: document))
                } else {
                    firstByKey[key] = position
                }
            }
            return violations
        }
    }

    private static func violation(_ constraint: IBConstraint, repeating original: IBConstraint, in document: IBDocument) -> RuleViolation {
        let owner = document.objects[constraint.owner]
        return RuleViolation(
            className: owner.customClass,
            message: "The constraint \"\(constraint.id)\" on \(owner.displayName) in \(document.path) repeats \"\(original.id)\" (line \(original.location.line)).",
            locations: [SourceLocation(document, constraint.location), SourceLocation(document, original.location)],
            fix: "Delete one of the two constraints.",
            evidence: installation([constraint, original], in: document),
            identity: [document.path, constraint.id, original.id],
            repair: repair(removing: constraint, keeping: original, in: document)
        )
    }

    /// The repeated constraint removed, and the outlets to it moved to the one kept; not
    /// when a size class installs it (its variation names it).
    private static func repair(removing constraint: IBConstraint, keeping original: IBConstraint, in document: IBDocument) -> Repair {
        guard !document.variations.contains(where: { $0.includedConstraints.contains(constraint.id) }) else {
            return .declined("a size class installs \"\(constraint.id)\": removing it changes that configuration")
        }
        let outlets = document.connections.filter { $0.destination == constraint.id }.map { connection in
            AttributeEdit(path: document.path, line: connection.location.line, column: connection.location.column,
                          name: "destination", from: constraint.id, to: original.id)
        }
        return .edits(summary: "constraint \"\(constraint.id)\" removed" + (outlets.isEmpty ? "" : ", its outlets moved to \"\(original.id)\""),
                      outlets + [.removal(path: document.path, line: constraint.location.line, column: constraint.location.column)])
    }

    /// Constraints that Interface Builder keeps but installs in no configuration (unchecked
    /// *Installed*, with no size class that includes them) take no part in layout.
    private static func installation(_ pair: [IBConstraint], in document: IBDocument) -> [Evidence] {
        let included = Set(document.variations.flatMap(\.includedConstraints))
        guard pair.allSatisfy({ $0.excludedByDefault && !included.contains($0.id) }) else { return [] }
        return [.limiting("both constraints are installed in no configuration", to: .info,
                          because: "Installed is unchecked and no size class includes them, so neither takes part in layout")]
    }

    /// What a constraint means, independent of its id and position.
    private struct ConstraintKey: Hashable {
        var firstItem: String
        var firstAttribute: String
        var relation: IBConstraint.Relation
        var secondItem: String?
        var secondAttribute: String?
        var multiplier: Double
        var constant: Double
        var variation: String?
        var excludedByDefault: Bool

        init(_ constraint: borrowing IBConstraint) {
            firstItem = constraint.firstItem
            firstAttribute = constraint.firstAttribute
            relation = constraint.relation
            secondItem = constraint.secondItem
            secondAttribute = constraint.secondAttribute
            multiplier = Self.rounded(constraint.multiplier)
            constant = Self.rounded(constraint.constant)
            variation = constraint.variation
            excludedByDefault = constraint.excludedByDefault
        }

        /// `second = first / m - c / m`, with the relation flipped; `nil` when there is no
        /// second item or the multiplier is 0 (the key has no other spelling to look up).
        var reversed: ConstraintKey? {
            guard let secondItem, let secondAttribute, multiplier != 0 else { return nil }
            var flipped = self
            flipped.firstItem = secondItem
            flipped.firstAttribute = secondAttribute
            flipped.secondItem = firstItem
            flipped.secondAttribute = firstAttribute
            flipped.multiplier = Self.rounded(1 / multiplier)
            flipped.constant = Self.rounded(-constant / multiplier)
            switch relation {
            case .equal: flipped.relation = .equal
            case .lessThanOrEqual: flipped.relation = .greaterThanOrEqual
            case .greaterThanOrEqual: flipped.relation = .lessThanOrEqual
            }
            return flipped
        }

        /// Hashes the first item and attribute only: cheaper than every field, few keys share
        /// both, and equal keys still hash alike (equality compares every field).
        func hash(into hasher: inout Hasher) {
            hasher.combine(firstItem)
            hasher.combine(firstAttribute)
        }

        /// Six decimals: `16:9` and `1 / (9:16)` compare equal.
        private static func rounded(_ value: Double) -> Double {
            (value * 1e6).rounded() / 1e6
        }
    }
}
