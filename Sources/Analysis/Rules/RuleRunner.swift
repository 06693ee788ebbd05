/// Runs rules over a project model and turns their violations into report findings,
/// sorted deterministically; says which rules were skipped and why.
public struct RuleRunner: Sendable {
    /// Findings and the notes explaining skipped checks.
    public struct Outcome: Sendable {
        public var findings: [Finding]
        public var notes: [String]
        /// What identifies each finding (its violation's `identity`: paths, IB object ids,
        /// symbols), parallel to `findings`: what an `ignore` entry's `id` is matched against.
        public var identities: [[String]] = []
        /// The ids of the rules that ran (neither skipped nor turned off).
        public var ranRules: Set<String> = []
        /// Findings a suppression accounts for, kept apart from `findings`.
        public var suppressed: [Finding] = []
    }

    public var rules: [any Rule.Type]
    /// Rules run side by side on up to this many threads.
    public var concurrency: Int

    public init(rules: [any Rule.Type] = RuleRegistry.all, concurrency: Int = 1) {
        self.rules = rules
        self.concurrency = max(1, concurrency)
    }

    public func run(_ model: ProjectModel) -> Outcome {
        var skipped: [String: [String]] = [:]
        var runnable: [RuleBox] = []
        for rule in rules {
            if let reason = rule.skipReason(in: model) {
                skipped[reason, default: []].append(rule.description.id)
            } else {
                runnable.append(RuleBox(rule: rule))
            }
        }
        let found = ConcurrentMap.map(runnable, concurrency: concurrency) { box in
            box.rule.check(model).map { (finding: Self.finding($0, of: box.rule.description), identity: $0.identity) }
        }.flatMap { $0 }
        let notes = skipped.keys.sorted().map { reason in "\(reason) (\(skipped[reason, default: []].joined(separator: ", ")))." }
        let order = Self.sortedIndices(found.map(\.finding))
        return Outcome(findings: order.map { found[$0].finding }, notes: notes, identities: order.map { found[$0].identity },
                       ranRules: Set(runnable.map { $0.rule.description.id }))
    }

    /// A rule type as a `Sendable` value for the worker threads.
    private struct RuleBox: Sendable {
        let rule: any Rule.Type
    }

    static func finding(_ violation: RuleViolation, of description: RuleDescription) -> Finding {
        Finding(
            rule: description.id,
            severity: violation.severity ?? description.severity,
            className: violation.className,
            message: violation.message,
            locations: violation.locations,
            fix: violation.fix,
            seed: description.seed,
            fingerprint: Fingerprint.make([description.id, violation.className ?? ""] + violation.identity)
        )
    }

    /// The positions of `findings` ordered by primary location, rule, then fingerprint.
    static func sortedIndices(_ findings: [Finding]) -> [Int] {
        findings.indices.sorted { leftIndex, rightIndex in
            let lhs = findings[leftIndex], rhs = findings[rightIndex]
            let left = lhs.locations.first ?? SourceLocation(path: "", line: 0)
            let right = rhs.locations.first ?? SourceLocation(path: "", line: 0)
            if left != right { return left < right }
            if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
            return lhs.fingerprint < rhs.fingerprint
        }
    }
}
