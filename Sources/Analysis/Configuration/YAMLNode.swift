/// One node of a YAML document with the place it starts: what the `.nibscan.yml` reader
/// checks keys and types against, so every complaint can name a line and a column.
struct YAMLNode: Sendable {
    /// A key and its value in a mapping, in document order.
    struct Pair: Sendable {
        var key: YAMLNode
        var value: YAMLNode
    }

    enum Content: Sendable {
        /// `plain` is false for quoted and block scalars: `"off"` is a string, `off` a word.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    var content: Content
    /// 1-based line and column (in characters, as libyaml counts them).
    var line: Int
    var column: Int
    /// Nodes in this subtree once aliases are expanded, itself included: what bounds a
    /// document whose aliases multiply (the "billion laughs").
    var expandedSize: Int

    /// The scalar's text, when the node is a scalar.
    var scalarText: String? {
        if case let .scalar(text, _) = content { return text }
        return nil
    }

    /// Whether the node is YAML's null: an empty plain scalar, `~` or `null`.
    var isNull: Bool {
        if case let .scalar(text, plain) = content { return plain && ["", "~", "null", "Null", "NULL"].contains(text) }
        return false
    }

    /// What the node is, in the words of an error message.
    var kindName: String {
        switch content {
        case .scalar: isNull ? "nothing (null)" : "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
