/// A rule as the SARIF output describes it: from the catalogue when it has the rule,
/// otherwise the least that can honestly be said from the findings themselves.
struct RenderedRule: Equatable {
    var id: String
    var defaultSeverity: Severity
    var summary: String
    var help: String
    var category: String?
    var seed: String?

    init(_ description: RuleDescription) {
        id = description.id
        defaultSeverity = description.severity
        summary = description.summary
        help = description.help
        category = description.category.rawValue
        seed = description.seed
    }

    /// A rule missing from the catalogue: its severity is the highest its findings have.
    init(id: String, findings: [Finding]) {
        self.id = id
        defaultSeverity = findings.map(\.severity).max() ?? .warning
        summary = "nibscan rule \(id)."
        help = "Run `nibscan rules` for the description of `\(id)`."
        category = nil
        seed = findings.lazy.compactMap(\.seed).first
    }

    /// The catalogue's rules in its order, then rules only the findings name, by id
    /// (described as ``RuleCatalog/diagnostics`` describes them, when it has them).
    static func resolve(catalogue: [RuleDescription], findings: [Finding]) -> [RenderedRule] {
        var rules = catalogue.map(RenderedRule.init)
        let known = Set(rules.map(\.id))
        let missing = Dictionary(grouping: findings.filter { !known.contains($0.rule) }, by: \.rule)
        let diagnostics = Dictionary(RuleCatalog.diagnostics.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        rules += missing.keys.sorted().map { id in
            diagnostics[id].map(RenderedRule.init) ?? RenderedRule(id: id, findings: missing[id] ?? [])
        }
        return rules
    }
}
