/// One Auto Layout `<constraint>`: which view installs it (the owner of the enclosing
/// `<constraints>`), what it relates, and the details a copy loop must carry over.
public struct IBConstraint: Sendable, Hashable {
    /// `relation` as written; absent means `equal`.
    public enum Relation: String, Sendable, Hashable, CaseIterable {
        case equal, lessThanOrEqual, greaterThanOrEqual
    }

    /// Position in `IBDocument.constraints`.
    public var index: Int
    public var id: String
    /// Index of the object whose `<constraints>` holds this constraint.
    public var owner: Int
    /// `firstItem`, or the owner's id when the attribute is absent.
    public var firstItem: String
    /// `true` when `firstItem` was absent and defaulted to the owner.
    public var firstItemIsOwner: Bool
    public var firstAttribute: String
    public var secondItem: String?
    public var secondAttribute: String?
    public var relation: Relation
    /// `multiplier` as a number: `"16:9"` is 16/9; 1 when absent.
    public var multiplier: Double
    /// The `multiplier` text as written, e.g. `"16:9"`.
    public var multiplierText: String?
    public var constant: Double
    /// 1000 (required) when absent.
    public var priority: Double
    public var identifier: String?
    /// `placeholder="YES"`: removed at build time.
    public var isPlaceholder: Bool
    /// The size class of a `<variation key="...">` that includes this constraint (or
    /// holds it), e.g. `widthClass=compact`; `nil` for constraints of every size class.
    public var variation: String?
    /// `true` when `<variation key="default">` excludes it: inactive outside its size class.
    public var excludedByDefault: Bool
    /// Per-size-class constant overrides (`<variation key="…" constant="30"/>` children).
    public var constantVariations: [String: Double]
    public var location: IBLocation

    public init(
        index: Int, id: String, owner: Int, firstItem: String, firstItemIsOwner: Bool,
        firstAttribute: String, secondItem: String? = nil, secondAttribute: String? = nil,
        relation: Relation = .equal, multiplier: Double = 1, multiplierText: String? = nil,
        constant: Double = 0, priority: Double = 1000, identifier: String? = nil,
        isPlaceholder: Bool = false, variation: String? = nil, excludedByDefault: Bool = false,
        constantVariations: [String: Double] = [:], location: IBLocation
    ) {
        self.index = index
        self.id = id
        self.owner = owner
        self.firstItem = firstItem
        self.firstItemIsOwner = firstItemIsOwner
        self.firstAttribute = firstAttribute
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.relation = relation
        self.multiplier = multiplier
        self.multiplierText = multiplierText
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        self.isPlaceholder = isPlaceholder
        self.variation = variation
        self.excludedByDefault = excludedByDefault
        self.constantVariations = constantVariations
        self.location = location
    }
}

/// A size-class `<variation key="...">` block of a view: the constraints (and subviews)
/// its `<mask>`s include or exclude for that size class.
public struct IBSizeClassVariation: Sendable, Hashable {
    /// e.g. `default`, `widthClass=compact`, `heightClass=regular-widthClass=regular`.
    public var key: String
    /// Index of the object the block belongs to.
    public var owner: Int
    public var includedConstraints: [String]
    public var excludedConstraints: [String]
    public var includedSubviews: [String]
    public var excludedSubviews: [String]
    public var location: IBLocation
    public init(
        key: String, owner: Int, includedConstraints: [String] = [], excludedConstraints: [String] = [],
        includedSubviews: [String] = [], excludedSubviews: [String] = [], location: IBLocation
    ) {
        self.key = key
        self.owner = owner
        self.includedConstraints = includedConstraints
        self.excludedConstraints = excludedConstraints
        self.includedSubviews = includedSubviews
        self.excludedSubviews = excludedSubviews
        self.location = location
    }
}
