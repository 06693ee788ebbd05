/// The `baseline` section of a report compared with an earlier one: what a pull request
/// changed. Each finding of the report carries its own `new`/`unchanged` state; this
/// section adds the counts and the findings that disappeared.
public struct BaselineComparison: Codable, Sendable, Equatable {
    /// What the report was compared with: a file name, an analysis id; free text.
    public var reference: String?
    /// Findings not in the baseline.
    public var new: Int
    /// Findings also in the baseline.
    public var unchanged: Int
    /// Findings of the baseline no longer found, as the baseline reported them.
    public var fixed: [Finding]

    public init(reference: String? = nil, new: Int, unchanged: Int, fixed: [Finding]) {
        self.reference = reference
        self.new = new
        self.unchanged = unchanged
        self.fixed = fixed
    }
}
