/// What an `awakeAfter(using:)` / `awakeAfterUsingCoder:` body does: whether it swaps the
/// decoded placeholder for a nib-loaded view, how it avoids recursion, and what it carries
/// over from the placeholder (ANALYSIS.md §4.1, §4.2).
public struct AwakeAfterSummary: Sendable, Equatable, Codable {
    /// How the body avoids loading itself again.
    public enum Guard: Sendable, Equatable, Codable {
        case none
        /// A static/global variable toggled around the load.
        case staticFlag(String)
        /// `subviews.count > 0` / `subviews.isEmpty`.
        case subviewsCount
        /// An instance property checked (typically set by a runtime attribute).
        case propertyFlag(String)
        /// A subclass (`_NIB_X`) overrides `awakeAfter` to return `self`.
        case privateSubclass(String)
        /// The class is a subclass loading its superclass's nib.
        case placeholderSubclass(String)
    }

    /// How the constraint copy maps `firstItem`/`secondItem` to the new view.
    public enum ItemMapping: String, Codable, Sendable {
        /// Replaced only when `== self` (seed 000).
        case conditional
        /// Always the new view (seed 001 second listing).
        case unconditional
    }

    /// The constraint re-creation loop over `self.constraints`.
    public struct ConstraintCopy: Sendable, Equatable, Codable {
        public var itemMapping: ItemMapping
        public var carriesPriority: Bool
        public var carriesIdentifier: Bool
        public var carriesActive: Bool
        public var location: SourceLocation
    }

    /// A `return` of a nib-loaded object (directly or through a local variable or helper).
    public var returnsNibLoadedObject: Bool
    /// A `return self` path.
    public var returnsSelf: Bool
    /// A `return super.awakeAfter(using:)` / `return [super awakeAfterUsingCoder:]` path:
    /// the decoded object itself, no substitution.
    public var returnsSuper: Bool
    /// A path returning something other than `self`, super's result or `nil`: a nib-loaded
    /// object or a helper's result (NibView's `nibLoader.awakeAfter(using:…)`), which may be
    /// another object than the decoded one.
    public var returnsOtherObject: Bool
    public var guardKind: Guard
    /// Placeholder attributes copied to the new view, by UIKit property name
    /// (`frame`, `autoresizingMask`, `translatesAutoresizingMaskIntoConstraints`, `hidden`, …),
    /// sorted and unique.
    public var copiedAttributes: [String]
    /// Attributes set to a boolean literal on the new view (`view.translatesAutoresizingMaskIntoConstraints = NO`),
    /// by UIKit name: a copy for a placement whose value is the same.
    public var literalFlags: [String: Bool]
    public var movesSubviews: Bool
    public var constraintCopy: ConstraintCopy?
    /// The project-local method the copies were found in (seed 000's
    /// `copyPropertiesFromPrototype:`), when not in the body itself.
    public var copyHelper: String?
    /// Calls that hand the placeholder (`self`) to code the analysis does not read (a
    /// method of a dependency, or one it could not resolve), by name: they may copy anything,
    /// so what the substitution does not copy is then assumed, not read.
    public var unreadHandoffs: [String] = []
    public var location: SourceLocation
    /// The one `return` of the new view through a local variable (`return view`): where a
    /// missing copy line goes, just before it; `nil` when the body returns it otherwise.
    public var returnedVariable: ReturnedVariable? = nil

    /// A `return NAME` statement: the variable and where the statement starts.
    public struct ReturnedVariable: Sendable, Equatable, Codable {
        public var name: String
        public var location: SourceLocation
    }
}
