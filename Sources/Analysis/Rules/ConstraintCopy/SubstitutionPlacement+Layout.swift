/// What the frame and autoresizing rules ask of a placement and of the nib root that
/// replaces it.
extension SubstitutionPlacement {
    /// The placement is laid out by Auto Layout: Interface Builder wrote
    /// `translatesAutoresizingMaskIntoConstraints="NO"`.
    var usesAutoLayout: Bool { object.translatesAutoresizingMaskIntoConstraints == false }

    /// The placement is an arranged subview of a stack view, which sizes and places it
    /// whatever its frame and mask.
    var isArrangedByStackView: Bool {
        object.parent.map { document.objects[$0].element == "stackView" } ?? false
    }

    /// The nib's root view that replaces the placement, when the project holds the nib.
    func loadedRoot(in model: ProjectModel) -> (IBDocument, IBObject)? {
        substitution.loadedRoots.first.map { (model.document($0), model.object($0)) }
    }

    /// What the analysis could not read about the copy of `what` (`"the frame"`): calls that
    /// hand the placeholder to code it does not read, which may copy it. Empty when the whole
    /// copy was read.
    func copyEvidence(_ what: String) -> [Evidence] {
        let handoffs = substitution.summary.unreadHandoffs
        guard !handoffs.isEmpty else { return [] }
        return [.assumed("\(substitution.methodDescription) does not carry \(what) over",
                         because: "it hands self to \(handoffs.map { "\($0)()" }.joined(separator: ", ")), which the analysis does not read and which may copy it")]
    }

    /// Whether the substitution copies `attribute` (UIKit name) from the placeholder, or sets
    /// `translatesAutoresizingMaskIntoConstraints` to the literal this placement has.
    func copies(_ attribute: String) -> Bool {
        if substitution.summary.copiedAttributes.contains(attribute) { return true }
        guard attribute == "translatesAutoresizingMaskIntoConstraints",
              let literal = substitution.summary.literalFlags[attribute] else { return false }
        return literal == object.translatesAutoresizingMaskIntoConstraints
    }
}

extension IBRect {
    /// `(16, 80, 240 × 128)`.
    var readableDescription: String {
        "(\(IBConstraint.number(x)), \(IBConstraint.number(y)), \(IBConstraint.number(width)) × \(IBConstraint.number(height)))"
    }
}

extension IBAutoresizingMask {
    /// The flags as UIKit names them, e.g. `flexibleWidth, flexibleHeight`; `none` when empty.
    var readableDescription: String {
        let names: [(IBAutoresizingMask, String)] = [
            (.flexibleMinX, "flexibleLeftMargin"), (.widthSizable, "flexibleWidth"), (.flexibleMaxX, "flexibleRightMargin"),
            (.flexibleMinY, "flexibleTopMargin"), (.heightSizable, "flexibleHeight"), (.flexibleMaxY, "flexibleBottomMargin"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: ", ")
    }
}
