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
        ThreadTeam.with(size: concurrency) { run(model, team: $0) }
    }

    /// ``run(_:)`` on the threads of `team` rather than ``concurrency`` threads of its own.
    func run(_ model: ProjectModel, team: ThreadTeam) -> Outcome {
        var skipped: [String: [String]] = [:]
        var runnable: [RuleBox] = []
        for rule in rules {
            if let reason = rule.skipReason(in: model) {
                skipped[reason, default: []].append(rule.description.id)
            } else {
                runnable.append(RuleBox(rule: rule))
            }
        }
        let found = ConcurrentMap.map(runnable, team: team) { box in
            box.rule.check(model).map { violation in
                (finding: Self.finding(violation, of: box.rule.description, reach: Self.reach(of: violation, box.rule.description, in: model)),
                 identity: violation.identity)
            }
        }.flatMap { $0 }
        var notes = skipped.keys.sorted().map { reason in "\(reason) (\(skipped[reason, default: []].joined(separator: ", ")))." }
        notes += Self.membershipNotes(model)
        let order = Self.sortedIndices(found.map(\.finding))
        return Outcome(findings: Self.distinguishingRepeatedFingerprints(order.map { found[$0].finding }), notes: notes,
                       identities: order.map { found[$0].identity }, ranRules: Set(runnable.map { $0.rule.description.id }))
    }

    /// The note of an upload without any `.xcodeproj` or `Package.swift`.
    public static let membershipUnknownNote = "No Xcode project or Swift package was found, so target membership unknown: every source and Interface Builder file is treated as built."

    /// What the report says about target membership: unknown without a project or package,
    /// else how many source and Interface Builder files no target builds.
    static func membershipNotes(_ model: ProjectModel) -> [String] {
        let build = model.build
        guard build.knowsTargets else { return [membershipUnknownNote] }
        let notBuilt = model.files.filter { [.swift, .objc, .xib, .storyboard, .nib].contains($0.kind) && build.isNotBuilt($0.path) }
        guard !notBuilt.isEmpty else { return [] }
        return ["\(notBuilt.count) source and Interface Builder file(s) are not in any target (their files entries have empty targets); findings located in them are info."]
    }

    /// A rule type as a `Sendable` value for the worker threads.
    private struct RuleBox: Sendable {
        let rule: any Rule.Type
    }

    /// What the model read about whether `violation`'s place ships and runs, asked only
    /// while it can still lower the finding (an info finding stays info: the question, a
    /// search of the sources for some nibs, is not worth asking).
    static func reach(of violation: RuleViolation, _ description: RuleDescription, in model: ProjectModel) -> [Evidence] {
        SeverityPolicy.severity(violation.severity ?? description.severity, evidence: violation.evidence) > .info
            ? model.reach(of: violation.locations) : []
    }

    /// The report finding of `violation`: its severity and confidence decided by
    /// ``SeverityPolicy`` from the rule's severity for the case, the violation's evidence and
    /// `reach` (whether what it concerns ships and runs, which the runner asks the model for
    /// every rule alike).
    static func finding(_ violation: RuleViolation, of description: RuleDescription, reach: [Evidence] = []) -> Finding {
        let requested = violation.severity ?? description.severity
        let evidence = violation.evidence + reach
        let severity = SeverityPolicy.severity(requested, evidence: evidence)
        let note = SeverityPolicy.loweringNote(requested, to: severity, evidence: evidence)
        return Finding(
            rule: description.id,
            severity: severity,
            className: violation.className,
            message: violation.message + (note.map { " " + $0 } ?? ""),
            locations: violation.locations,
            fix: violation.fix,
            seed: description.seed,
            fingerprint: Fingerprint.make([description.id, violation.className ?? ""] + violation.identity),
            confidence: SeverityPolicy.confidence(of: evidence),
            evidence: evidence.isEmpty ? nil : evidence,
            repair: violation.repair
        )
    }

    /// Gives every finding its own fingerprint. Identities leave out line numbers, so two
    /// findings of one kind in one place (two loads of the same nib in one method) share
    /// one: the second and later, in location order, get the shared fingerprint mixed with
    /// their rank. A baseline then tells them apart, and moving lines keeps each one's
    /// fingerprint as long as their order holds.
    static func distinguishingRepeatedFingerprints(_ findings: [Finding]) -> [Finding] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let rank = seen[finding.fingerprint, default: 0]
            seen[finding.fingerprint] = rank + 1
            guard rank > 0 else { return finding }
            var repeated = finding
            repeated.fingerprint = Fingerprint.make([finding.fingerprint, "occurrence", String(rank)])
            return repeated
        }
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
