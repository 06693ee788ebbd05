/// `placeholder-autoresizing-dropped`: the substitution does not copy
/// `translatesAutoresizingMaskIntoConstraints` or `autoresizingMask` from the placement.
struct PlaceholderAutoresizingDroppedRule: Rule {
    static let description = RuleDescription(
        id: "placeholder-autoresizing-dropped",
        severity: .warning,
        category: .constraintCopy,
        summary: "A view swapped in awakeAfter keeps the nib's autoresizing settings instead of its placement's; with Auto Layout they conflict.",
        seed: "000",
        help: """
        A nib's root view translates its autoresizing mask into constraints. When the placement \
        it replaces uses Auto Layout (`translatesAutoresizingMaskIntoConstraints="NO"`), the \
        superview's constraints attach to a view that also carries autoresizing constraints for \
        its nib frame: "Unable to simultaneously satisfy constraints" and a view stuck at the \
        nib's size (error). For a placement laid out by frame, a different `autoresizingMask` \
        makes the new view grow or stick differently from what Interface Builder showed \
        (warning).

        **Fix:** copy `translatesAutoresizingMaskIntoConstraints` and `autoresizingMask` from \
        `self` to the new view in the override (seed 000 step 3).
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view; whether it copies `translatesAutoresizingMaskIntoConstraints` (or sets it to the placement's value) and `autoresizingMask`.",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class: its `translatesAutoresizingMaskIntoConstraints` (NO: Auto Layout, the error case), its `autoresizingMask`, and whether its parent is a `stackView`.",
            "The top-level view of the loaded nib in the upload: its `translatesAutoresizingMaskIntoConstraints` and `autoresizingMask`; without that nib nothing is reported.",
            "When the override hands `self` to a method the analysis does not read (a dependency's, or one it cannot resolve), that it does not carry these settings over is assumed and the finding is info.",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` adds the missing copy line, `view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints` (or `autoresizingMask`), just before the substitution method's `return view`, with that line's indentation and in the file's language (`;` in Objective-C). It declines when the method does not return the new view through one `return` of a variable. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped.",
        lostInSwap: "autoresizing"
    )

    private static let framePlacement = #"contentMode="scaleToFill""#
    private static let frameContent = #"<autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>"#

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.swift("Swift: an Auto Layout placement replaced by a nib root that translates its mask.",
                                      body: "view.frame = frame\n" + SubstitutionExample.swiftConstraintCopy),
            SubstitutionExample.objc("Objective-C: a frame-laid-out placement whose mask differs from the nib's.", body: "view.frame = self.frame;",
                                     storyboard: SubstitutionExample.storyboard(swift: false, attributes: framePlacement, content: frameContent, pinned: false)),
            SubstitutionExample.swift("Swift: a literal that is not the Auto Layout placement's value.",
                                      body: "view.frame = frame\nview.translatesAutoresizingMaskIntoConstraints = true\n" + SubstitutionExample.swiftConstraintCopy),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: the swap copies the layout properties.",
                                      body: SubstitutionExample.swiftLayoutCopy + "\n" + SubstitutionExample.swiftConstraintCopy),
            SubstitutionExample.objc("Objective-C: the nib's root view already uses Auto Layout.", body: SubstitutionExample.objcConstraintCopy,
                                     nib: SubstitutionExample.nib(swift: false, rootAttributes: #"translatesAutoresizingMaskIntoConstraints="NO""#)),
            SubstitutionExample.swift("Swift 1/2: the setter call copies the flag, read through its getter method.",
                                      body: "view.setFrame(frame)\nview.setTranslatesAutoresizingMaskIntoConstraints(translatesAutoresizingMaskIntoConstraints())\n"
                                          + SubstitutionExample.swiftConstraintCopy),
            SubstitutionExample.objc("Objective-C: a literal NO that is the Auto Layout placement's value.",
                                     body: "view.frame = self.frame;\nview.translatesAutoresizingMaskIntoConstraints = NO;\n" + SubstitutionExample.objcConstraintCopy),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().compactMap { placement in
            guard let (_, root) = placement.loadedRoot(in: model) else { return nil }
            if placement.usesAutoLayout {
                guard !placement.copies("translatesAutoresizingMaskIntoConstraints"),
                      root.translatesAutoresizingMaskIntoConstraints != false else { return nil }
                return RuleViolation(
                    className: placement.placedClass,
                    message: "\(placement.replacementDescription) without copying translatesAutoresizingMaskIntoConstraints: the placement uses Auto Layout but the nib's root view translates its autoresizing mask, so the superview's constraints conflict with the autoresizing constraints of the nib's frame.",
                    locations: placement.locations() + [SourceLocation(model.document(placement.substitution.loadedRoots[0]), root)],
                    fix: "Add view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints to \(placement.substitution.methodDescription).",
                    severity: .error,
                    evidence: placement.copyEvidence("translatesAutoresizingMaskIntoConstraints"),
                    identity: placement.identity(["auto-layout"]),
                    repair: placement.substitution.copyLineRepair("translatesAutoresizingMaskIntoConstraints"))
            }
            guard !placement.isArrangedByStackView else { return nil }
            let placed = placement.object.autoresizingMask ?? []
            let nib = root.autoresizingMask ?? []
            guard !placement.copies("autoresizingMask"), placed != nib else { return nil }
            return RuleViolation(
                className: placement.placedClass,
                message: "\(placement.replacementDescription) without copying autoresizingMask: the placement resizes with \(placed.readableDescription), the new view with the nib's \(nib.readableDescription).",
                locations: placement.locations(),
                fix: "Add view.autoresizingMask = self.autoresizingMask to \(placement.substitution.methodDescription).",
                evidence: placement.copyEvidence("the autoresizing mask"),
                identity: placement.identity(["autoresizing-mask"]),
                repair: placement.substitution.copyLineRepair("autoresizingMask"))
        }
    }
}
