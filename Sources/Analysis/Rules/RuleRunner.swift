/// Runs rules over a project model and turns their violations into report findings,
/// sorted deterministically; says which rules were skipped and why.
public struct RuleRunner: Sendable {
    /// Findings and the notes explaining skipped checks.
    public struct Outcome: Sendable {
        public var findings: [Finding]
        public var notes: [String]
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
        let findings = ConcurrentMap.map(runnable, concurrency: concurrency) { box in
            box.rule.check(model).map { Self.finding($0, of: box.rule.description) }
        }.flatMap { $0 }
        let notes = skipped.keys.sorted().map { reason in "\(reason) (\(skipped[reason, default: []].joined(separator: ", ")))." }
        return Outcome(findings: Self.distinguishingRepeatedFingerprints(Self.sorted(findings)), notes: notes)
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

    /// Findings ordered by primary location, rule, then fingerprint.
    static func sorted(_ findings: [Finding]) -> [Finding] {
        findings.sorted { lhs, rhs in
            let left = lhs.locations.first ?? SourceLocation(path: "", line: 0)
            let right = rhs.locations.first ?? SourceLocation(path: "", line: 0)
            if left != right { return left < right }
            if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
            return lhs.fingerprint < rhs.fingerprint
        }
    }
}
