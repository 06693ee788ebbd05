/// Something a type's code does to a view's layout that Interface Builder cannot see: it
/// fills a stack view, constrains a view, builds subviews, sets a scroll view's content size
/// or sizes table rows from their content. Xcode judges ambiguity without these, so the
/// hygiene rules ask them before repeating its `ambiguous="YES"`.
public struct CodeLayoutFact: Sendable, Equatable, Codable {
    /// What the code does.
    public enum Kind: String, Sendable, Codable {
        /// `stack.addArrangedSubview(v)` / `insertArrangedSubview`: the stack's content comes from code.
        case arrangedSubviews = "arranged-subviews"
        /// Anchors, SnapKit/Masonry `makeConstraints`, PureLayout `autoPin…`: the receiver is constrained in code.
        case constraints
        /// `addSubview(v)` on `self`: the type builds its own subviews.
        case addsSubview = "adds-subview"
        /// `contentSize = …` / `setContentSize:`: a scroll view's content size is set in code.
        case contentSize = "content-size"
        /// `rowHeight = UITableView.automaticDimension` (or returned from `heightForRowAt`):
        /// table rows are sized from their cells' content.
        case automaticRowHeight = "automatic-row-height"
    }

    public var kind: Kind
    /// The property the code acts on (`testsStackView`, `_label` → `label`); `nil` for `self`.
    public var receiver: String?
    /// For ``Kind/constraints``: the anchor or call that makes them (`topAnchor`,
    /// `makeConstraints`, `autoPinEdgesToSuperviewEdges`).
    public var member: String?
    public var location: SourceLocation
    public var context: SourceContext

    public init(kind: Kind, receiver: String?, member: String? = nil, location: SourceLocation, context: SourceContext) {
        self.kind = kind
        self.receiver = receiver
        self.member = member
        self.location = location
        self.context = context
    }
}
