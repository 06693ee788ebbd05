/// A rule's ``Repair``, worked out only when something asks for it. Most analyses never
/// apply a repair (only ``ProjectFixer`` and an analysis that checks repairs read them), and
/// finding one can cost more than the finding itself: the class an unknown class was renamed
/// to is sought among every unused class of its kind.
public struct ProposedRepair: Sendable, Equatable {
    private let make: @Sendable () -> Repair?

    /// A repair `make` works out when asked; `make` returns `nil` when the rule repairs
    /// nothing of this kind.
    public init(_ make: @escaping @Sendable () -> Repair?) {
        self.make = make
    }

    /// No repair: what a finding read back from a report proposes.
    public static let none = ProposedRepair { nil }

    /// The repair, worked out now (every time it is asked: the few readers ask once per finding).
    public var repair: Repair? { make() }

    /// Two proposals are equal when the repairs they work out are.
    public static func == (lhs: ProposedRepair, rhs: ProposedRepair) -> Bool {
        lhs.repair == rhs.repair
    }
}
