/// `placeholder-attributes-dropped`: the placement sets view properties (hidden, alpha, tag,
/// colours…) that the substitution does not copy to the nib-loaded view.
struct PlaceholderAttributesDroppedRule: Rule {
    static let description = RuleDescription(
        id: "placeholder-attributes-dropped",
        severity: .warning,
        category: .constraintCopy,
        summary: "Properties set on the placement in Interface Builder (hidden, alpha, tag, colours…) are lost when awakeAfter swaps it for a nib-loaded view.",
        seed: "000",
        help: """
        The attributes inspector's view properties — `hidden`, `alpha`, `tag`, `clipsToBounds`, \
        `userInteractionEnabled`, `contentMode`, background and tint colour — are decoded by the \
        placeholder's `init(coder:)`. The view loaded in `awakeAfter(using:)` has the nib root's \
        values instead: a placement hidden in the storyboard shows up, a tag used by \
        `viewWithTag(_:)` is gone. A property counts as lost only when the placement sets it to \
        something other than the UIKit default and other than the nib root's value.

        User-defined runtime attributes (and so `@IBInspectable` values), accessibility settings \
        and outlets are different: the nib loader applies them after decoding, to the object \
        `awakeAfter` returned, so they reach the new view (seed 001 relies on this).

        **Fix:** copy each property the storyboard sets (`view.isHidden = isHidden`, \
        `view.tag = tag`…) in the override, or set it on the nib's root view instead.
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view; the view properties it copies to the new view (in its body or a project helper it calls).",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class, and the properties it sets to something other than the UIKit default: `hidden`, `alpha`, `tag`, `clipsSubviews`, `userInteractionEnabled`, `contentMode`, colours.",
            "The same properties on the top-level view of the loaded nib, which must differ; when the nib is not in the upload, that its root sets other values is assumed and the finding is info.",
            "When the override hands `self` to a method the analysis does not read (a dependency's, or one it cannot resolve), that it does not carry the properties over is assumed and the finding is info.",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` adds one copy line per lost value (`view.isHidden = self.isHidden`, `view.alpha = self.alpha`…; Objective-C names and `;` in an Objective-C file) just before the substitution method's `return view`, with that line's indentation. It declines when a lost value is a runtime attribute, or when the method does not return the new view through one `return` of a variable. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped.",
        lostInSwap: "attributes"
    )

    private static let styledPlacement = #"hidden="YES" tag="7" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO""#

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.swift("Swift: the placement is hidden and tagged 7; the swap copies layout only.",
                                      body: SubstitutionExample.swiftLayoutCopy + "\n" + SubstitutionExample.swiftConstraintCopy,
                                      storyboard: SubstitutionExample.storyboard(swift: true, attributes: styledPlacement)),
            SubstitutionExample.objc("Objective-C: the hidden flag is copied, the tag is not.",
                                     body: SubstitutionExample.objcConstraintCopy + "\nview.hidden = self.hidden;",
                                     storyboard: SubstitutionExample.storyboard(swift: false, attributes: styledPlacement)),
            asInfo(SubstitutionExample.swift("Reported as info: the swap hands the placeholder to `copyAppearance(from:)`, which no source of the project declares (a library's), so what it copies is not read.",
                                             body: SubstitutionExample.swiftConstraintCopy + "\nview.copyAppearance(from: self)",
                                             storyboard: SubstitutionExample.storyboard(swift: true, attributes: styledPlacement))),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: hidden and tag are copied.",
                                      body: SubstitutionExample.swiftConstraintCopy + "\nview.isHidden = isHidden\nview.tag = tag",
                                      storyboard: SubstitutionExample.storyboard(swift: true, attributes: styledPlacement)),
            SubstitutionExample.objc("Objective-C: the placement sets nothing the nib root does not already have.",
                                     body: SubstitutionExample.objcConstraintCopy),
        ]
    )

    static let requirements: RuleRequirements = .sources

    /// `example`, expected at `info`.
    private static func asInfo(_ example: RuleExample) -> RuleExample {
        var lowered = example
        lowered.severity = .info
        return lowered
    }

    /// The view properties this rule compares, by UIKit name, with their Swift names.
    private static let swiftNames = ["hidden": "isHidden", "alpha": "alpha", "tag": "tag", "clipsToBounds": "clipsToBounds",
                                     "userInteractionEnabled": "isUserInteractionEnabled", "contentMode": "contentMode"]

    /// The missing copy lines, when every lost value is one of the view's own properties (a
    /// user-defined runtime attribute may name a key no property answers directly).
    private static func repair(copying names: [String], in substitution: Substitution) -> Repair {
        let properties = names.compactMap { name in swiftNames[name].map { (swift: $0, objc: name) } }
        guard properties.count == names.count else {
            return .declined("a runtime attribute the storyboard sets is lost too, and copying it needs more than one property line")
        }
        return substitution.copyLinesRepair(properties)
    }

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().compactMap { placement in
            let root = placement.loadedRoot(in: model)?.1.attributes ?? IBViewAttributes()
            let lost = changedProperties(placement.object.attributes, comparedWith: root).filter { !placement.copies($0.name) }
            guard !lost.isEmpty else { return nil }
            let names = lost.map { "\($0.name) (\($0.value))" }
            return RuleViolation(
                className: placement.placedClass,
                message: "\(placement.replacementDescription) without copying what the placement sets: \(names.joined(separator: ", ")) \(names.count == 1 ? "is" : "are") lost.",
                locations: placement.locations(),
                fix: "Copy " + lost.map { "\($0.name)" }.joined(separator: ", ") + " from self to the new view in \(placement.substitution.methodDescription).",
                evidence: placement.copyEvidence(lost.map(\.name).joined(separator: ", ")) + rootEvidence(placement, model),
                identity: placement.identity(lost.map(\.name)),
                repair: repair(copying: lost.map(\.name), in: placement.substitution))
        }
    }

    /// Without the nib's file, its root's values are unknown: "the root sets something else"
    /// is assumed.
    private static func rootEvidence(_ placement: SubstitutionPlacement, _ model: ProjectModel) -> [Evidence] {
        guard placement.loadedRoot(in: model) == nil else { return [] }
        return [.assumed("the nib's root view does not set the same values",
                         because: "\(placement.substitution.nibDescription) is not a file of the project the analysis could find, so its root's values are unknown")]
    }

    /// The properties the placement sets to something other than the UIKit default and other
    /// than the nib root's value (unset means the default), by UIKit name, with the
    /// placement's value as text.
    static func changedProperties(_ placed: IBViewAttributes, comparedWith root: IBViewAttributes) -> [(name: String, value: String)] {
        var changes: [(name: String, value: String)] = []
        func compare<Value: Equatable>(_ name: String, _ keyPath: KeyPath<IBViewAttributes, Value?>, default value: Value) {
            let mine = placed[keyPath: keyPath] ?? value
            if mine != value, mine != (root[keyPath: keyPath] ?? value) { changes.append((name, "\(mine)")) }
        }
        compare("hidden", \.hidden, default: false)
        compare("alpha", \.alpha, default: 1)
        compare("tag", \.tag, default: 0)
        compare("clipsToBounds", \.clipsSubviews, default: false)
        compare("userInteractionEnabled", \.userInteractionEnabled, default: true)
        compare("contentMode", \.contentMode, default: "scaleToFill")
        for key in placed.colorKeys where !root.colorKeys.contains(key) {
            changes.append((key, "set in the storyboard"))
        }
        return changes
    }
}
