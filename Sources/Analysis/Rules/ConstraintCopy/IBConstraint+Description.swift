/// How findings name a constraint: `width = 240`, `height ≥ 44 (priority 750)`,
/// `width = 16:9 × height`, `leading = subview.leading + 8`.
extension IBConstraint {
    func readableDescription(in document: IBDocument, owner: IBObject) -> String {
        var text = "\(itemName(firstItem, document: document, owner: owner))\(firstAttribute) \(relationSymbol)"
        if let secondItem, let secondAttribute {
            let factor = multiplier == 1 ? "" : "\(multiplierText ?? Self.number(multiplier)) × "
            text += " \(factor)\(itemName(secondItem, document: document, owner: owner))\(secondAttribute)"
            if constant != 0 { text += constant < 0 ? " − \(Self.number(-constant))" : " + \(Self.number(constant))" }
        } else {
            text += " \(Self.number(constant))"
        }
        if priority < 1000 { text += " (priority \(Self.number(priority)))" }
        if let identifier { text += " [\(identifier)]" }
        return text
    }

    private var relationSymbol: String {
        switch relation {
        case .equal: "="
        case .lessThanOrEqual: "≤"
        case .greaterThanOrEqual: "≥"
        }
    }

    /// Nothing for the owner in a constraint of the owner alone, otherwise the item's user label, class or element.
    private func itemName(_ id: String, document: IBDocument, owner: IBObject) -> String {
        let relatesOthers = firstItem != owner.id || (secondItem.map { $0 != owner.id } ?? false)
        if id == owner.id, !relatesOthers { return "" }
        guard let item = document.object(withID: id) else { return "\(id)." }
        return "\(item.userLabel ?? item.customClass ?? item.element)."
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
