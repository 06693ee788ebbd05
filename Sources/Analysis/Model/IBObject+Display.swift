extension IBObject {
    /// How messages name an element: its label or class, its element and its id, e.g.
    /// `ProfileCardView view (id "abc-12-xyz")`.
    public var displayName: String {
        var parts: [String] = []
        if let userLabel, !userLabel.isEmpty { parts.append("“\(userLabel)”") } else if let customClass, !customClass.isEmpty { parts.append(customClass) }
        parts.append(element)
        return parts.joined(separator: " ") + " (id \"\(id)\")"
    }
}
