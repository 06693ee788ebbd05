/// `placeholder-frame-dropped`: a placement laid out by its frame is swapped for a nib view
/// that keeps the nib's frame.
struct PlaceholderFrameDroppedRule: Rule {
    static let description = RuleDescription(
        id: "placeholder-frame-dropped",
        severity: .warning,
        category: .constraintCopy,
        summary: "A view swapped in awakeAfter appears at the nib's position and size instead of the frame its placement has.",
        seed: "000",
        help: """
        A placement without Auto Layout (`translatesAutoresizingMaskIntoConstraints` left on) is \
        positioned only by the frame Interface Builder archived. The view loaded from the nib \
        in `awakeAfter(using:)` has the nib's frame (usually at 0,0 with the nib's size) and \
        nothing moves it: it shows up in the corner at the wrong size. Placements laid out by \
        constraints or arranged by a stack view are not affected: the superview's constraints \
        or the stack view place the new view.

        **Fix:** `view.frame = self.frame` in the override (seed 000 step 3), together with \
        `autoresizingMask` and `translatesAutoresizingMaskIntoConstraints`.
        """,
        reads: [
            "The placed class's nearest `awakeAfter(using:)` / `awakeAfterUsingCoder:` in its lineage in the sources (its own or inherited), an override that returns a nib-loaded view; neither its body nor a project helper it calls copies `frame` to the new view.",
            "The placement: an element of a storyboard or xib (not a nib's top-level view, not File's Owner) whose `customClass` is that class: laid out by its frame (its `translatesAutoresizingMaskIntoConstraints` not NO, a `<rect key=\"frame\">`), and its parent element, which is not a `stackView`.",
            "When the override hands `self` to a method the analysis does not read (a dependency's, or one it cannot resolve), that it does not carry the frame over is assumed and the finding is info.",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` adds `view.frame = self.frame` just before the substitution method's `return view`, with that line's indentation and in the file's language (`;` in Objective-C). It declines when the method does not return the new view through one `return` of a variable. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped.",
        lostInSwap: "frame"
    )

    private static let framePlacement = #"contentMode="scaleToFill""#
    private static let frameContent = #"<autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>"#

    static let examples = RuleExamples(
        triggering: [
            SubstitutionExample.swift("Swift: a frame-laid-out placement; the swap copies nothing.", body: "",
                                      storyboard: SubstitutionExample.storyboard(swift: true, attributes: framePlacement, content: frameContent, pinned: false)),
            SubstitutionExample.objc("Objective-C: only the subviews are moved.", body: SubstitutionExample.objcSubviewMove,
                                     storyboard: SubstitutionExample.storyboard(swift: false, attributes: framePlacement, content: frameContent, pinned: false)),
            SubstitutionExample.swiftThroughHelper("Swift: the helper copies from the object it is called on, which is not the placeholder.",
                                                   receiver: "loader", body: SubstitutionExample.swiftLayoutCopy,
                                                   storyboard: SubstitutionExample.storyboard(swift: true, attributes: framePlacement, content: frameContent, pinned: false)),
        ],
        nonTriggering: [
            SubstitutionExample.swift("Swift: the swap copies frame and autoresizing.", body: SubstitutionExample.swiftLayoutCopy,
                                      storyboard: SubstitutionExample.storyboard(swift: true, attributes: framePlacement, content: frameContent, pinned: false)),
            SubstitutionExample.objc("Objective-C: the placement uses Auto Layout, so its frame does not matter.", body: ""),
            SubstitutionExample.swiftThroughHelper("Swift: the override returns self.swapFromNib(…), a UIView helper that copies frame and autoresizing from self.",
                                                   receiver: "self", body: SubstitutionExample.swiftLayoutCopy,
                                                   storyboard: SubstitutionExample.storyboard(swift: true, attributes: framePlacement, content: frameContent, pinned: false)),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.substitutionPlacements().compactMap { placement in
            guard !placement.usesAutoLayout, !placement.isArrangedByStackView, !placement.copies("frame"), let frame = placement.object.frame else { return nil }
            let rootFrame = placement.loadedRoot(in: model)?.1.frame.map { " at the nib's frame \($0.readableDescription)" } ?? " at the nib's frame"
            return RuleViolation(
                className: placement.placedClass,
                message: "\(placement.replacementDescription) without copying its frame: the placement is laid out by its frame \(frame.readableDescription), but the new view appears\(rootFrame).",
                locations: placement.locations(),
                fix: "Add view.frame = self.frame (with autoresizingMask and translatesAutoresizingMaskIntoConstraints) to \(placement.substitution.methodDescription).",
                evidence: placement.copyEvidence("the frame"),
                identity: placement.identity(),
                repair: placement.substitution.copyLineRepair("frame"))
        }
    }
}
