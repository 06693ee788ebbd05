import CLibXML2

/// Auto Layout: constraints and size-class variation blocks.
extension IBDocumentBuilder {
    /// Adds a `<constraint>` installed on `owner`; returns its index.
    mutating func addConstraint(_ node: XMLStartElement, owner: Int, variationKey: String?, location: IBLocation) -> Int {
        var constraint = IBConstraint(index: constraints.count, id: "", owner: owner, firstItem: objects[owner].id,
                                      firstItemIsOwner: true, firstAttribute: "", variation: variationKey, location: location)
        reader.attributes(of: node) { name, value in
            switch name {
            case .id: constraint.id = value.string
            case .firstItem: constraint.firstItem = value.string; constraint.firstItemIsOwner = false
            case .firstAttribute: constraint.firstAttribute = value.string
            case .secondItem: constraint.secondItem = value.string
            case .secondAttribute: constraint.secondAttribute = value.string
            case .relation: constraint.relation = IBConstraint.Relation(rawValue: value.string) ?? .equal
            case .multiplier:
                let text = value.string
                constraint.multiplierText = text
                constraint.multiplier = IBConstraint.multiplier(parsing: text) ?? 1
            case .constant: constraint.constant = value.double ?? 0
            case .priority: constraint.priority = value.double ?? 1000
            case .identifier: constraint.identifier = value.string
            case .placeholder: constraint.isPlaceholder = value.isYes
            default: break
            }
        }
        constraints.append(constraint)
        return constraint.index
    }

    /// A `<variation>`: a constant override inside a constraint, or a size-class block of
    /// a view.
    mutating func startVariation(_ node: XMLStartElement, parent: IBElementContext, context: inout IBElementContext, location: IBLocation) {
        var key = ""
        var constant: Double?
        reader.attributes(of: node) { name, value in
            if name == .key { key = value.string }
            if name == .constant { constant = value.double }
        }
        if let constraint = parent.constraint {
            if let constant { constraints[constraint].constantVariations[key] = constant }
            return
        }
        guard let owner = parent.object else { return }
        context.variation = variations.count
        if key != "default" { context.sizeClassVariation = variations.count }
        variations.append(IBSizeClassVariation(key: key, owner: owner, location: location))
    }

    /// An `<include>`/`<exclude reference=…>` of a variation's `<mask>`.
    mutating func addMaskEntry(_ node: XMLStartElement, name: IBName, mask: IBVariationMask, variation: Int) {
        var reference: String?
        reader.attributes(of: node) { name, value in if name == .reference { reference = value.string } }
        guard let reference else { return }
        switch (mask, name) {
        case (.constraints, .include): variations[variation].includedConstraints.append(reference)
        case (.constraints, _): variations[variation].excludedConstraints.append(reference)
        case (.subviews, .include): variations[variation].includedSubviews.append(reference)
        case (.subviews, _): variations[variation].excludedSubviews.append(reference)
        }
    }
}
