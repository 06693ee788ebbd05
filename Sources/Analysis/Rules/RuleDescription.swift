/// What a rule is, independent of any project: the catalogue that `nibscan rules`,
/// `GET /v1/rules`, SARIF's `tool.driver.rules` and the docs are all made from.
public struct RuleDescription: Codable, Sendable, Equatable {
    /// Families of ANALYSIS.md §4.
    public enum Category: String, Codable, Sendable, CaseIterable {
        case constraintCopy = "constraint-copy"
        case recursion
        case referenceIntegrity = "reference-integrity"
        case beyondCustomViews = "beyond-custom-views"
        case hygiene
    }

    /// Stable id, e.g. `placeholder-constraints-dropped`.
    public var id: String
    public var severity: Severity
    public var category: Category
    /// One sentence: what goes wrong at runtime.
    public var summary: String
    /// The seed article the hazard comes from (`000`…`004`), when one does.
    public var seed: String?
    /// Markdown help: why it breaks and how to fix it (SARIF `help`, the docs page).
    public var help: String
    /// What the rule must have read from the files before it reports an error or a warning,
    /// one fact a line ("the connection's class and its superclasses, read from the sources");
    /// a fact it has to assume instead keeps the finding at `info` (``SeverityPolicy``).
    public var reads: [String]
    /// How `nibscan fix` repairs a finding of the rule and when it declines (the docs page's
    /// "Fix" section); `nil` for a rule that repairs nothing. Not part of the catalogue's JSON.
    public var repairs: String? = nil
    /// For the substitution hazards, what the placement loses when `awakeAfter(using:)`
    /// swaps it ("constraints", "frame"…): the HTML report marks it on the placement's
    /// picture. Not part of the catalogue's JSON.
    public var lostInSwap: String? = nil

    enum CodingKeys: String, CodingKey {
        case id, severity, category, summary, seed, help, reads
    }

    public init(id: String, severity: Severity, category: Category, summary: String, seed: String? = nil, help: String,
                reads: [String] = [], repairs: String? = nil, lostInSwap: String? = nil) {
        self.id = id
        self.severity = severity
        self.category = category
        self.summary = summary
        self.seed = seed
        self.help = help
        self.reads = reads
        self.repairs = repairs
        self.lostInSwap = lostInSwap
    }
}
