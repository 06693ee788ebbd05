/// Moves the findings that a `// nibscan:disable…` comment or an `ignore` entry of the
/// configuration accounts for into `suppressed`, each with where it was suppressed, and
/// adds an `unused-suppression` finding for each suppression that matched nothing.
struct SuppressionResolver {
    let directives: [SourceSuppressionDirective]
    let scope: ConfiguredScope

    init(files: [ProjectFile], scope: ConfiguredScope) {
        directives = SourceSuppressionDirective.directives(in: files)
        self.scope = scope
    }

    func resolve(_ outcome: RuleRunner.Outcome) -> RuleRunner.Outcome {
        let ignores = scope.configuration.ignore
        guard !directives.isEmpty || !ignores.isEmpty else { return outcome }
        let directivesByPath = Dictionary(grouping: directives.indices) { directives[$0].location.path }
        var usedDirectiveRules: Set<[Int]> = []
        var usedIgnores: Set<Int> = []
        var resolved = outcome
        resolved.findings = []
        resolved.identities = []
        for (index, finding) in outcome.findings.enumerated() {
            let identity = index < outcome.identities.count ? outcome.identities[index] : []
            var suppression: Suppression?
            for location in finding.locations {
                for position in directivesByPath[location.path] ?? [] {
                    let directive = directives[position]
                    guard let ruleIndex = directive.rules.firstIndex(of: finding.rule), directive.covers(location) else { continue }
                    usedDirectiveRules.insert([position, ruleIndex])
                    suppression = suppression ?? Suppression(kind: .inSource, location: directive.location, reason: directive.reason)
                }
            }
            for (position, entry) in ignores.enumerated() where matches(entry, finding, identity: identity) {
                usedIgnores.insert(position)
                suppression = suppression ?? Suppression(kind: .external, location: entry.location, reason: entry.reason)
            }
            if let suppression {
                var suppressed = finding
                suppressed.suppression = suppression
                resolved.suppressed.append(suppressed)
            } else {
                resolved.findings.append(finding)
                resolved.identities.append(identity)
            }
        }
        let unused = unusedDiagnostics(outcome: outcome, usedDirectiveRules: usedDirectiveRules, usedIgnores: usedIgnores)
        guard !unused.isEmpty else { return resolved }
        let all = resolved.findings + unused
        let order = RuleRunner.sortedIndices(all)
        let identities = resolved.identities + Array(repeating: [], count: unused.count)
        resolved.findings = order.map { all[$0] }
        resolved.identities = order.map { identities[$0] }
        return resolved
    }

    private func matches(_ entry: ProjectConfiguration.Ignore, _ finding: Finding, identity: [String]) -> Bool {
        guard entry.rule == finding.rule else { return false }
        if let className = entry.className, className != finding.className { return false }
        if let objectId = entry.objectId, !identity.contains(objectId) { return false }
        return finding.locations.contains { entry.path.matches(scope.relative($0.path)) }
    }

    /// One `unused-suppression` finding per rule id of a comment, and per `ignore` entry,
    /// that matched nothing; none for rules that did not run, nor when the diagnostic is off.
    private func unusedDiagnostics(outcome: RuleRunner.Outcome, usedDirectiveRules: Set<[Int]>, usedIgnores: Set<Int>) -> [Finding] {
        let description = UnusedSuppression.description
        let setting = scope.configuration.rules[description.id]
        if setting == .off { return [] }
        var severity = description.severity
        if case let .severity(configured) = setting { severity = configured }
        let known = RuleCatalog.configurableIDs
        func diagnostic(_ message: String, at location: SourceLocation, fix: String, identity: [String]) -> Finding {
            Finding(rule: description.id, severity: severity, message: message, locations: [location], fix: fix,
                    fingerprint: Fingerprint.make([description.id, ""] + identity))
        }
        var unused: [Finding] = []
        for (position, directive) in directives.enumerated() {
            let place = "\(directive.location.path):\(directive.location.line)"
            if directive.rules.isEmpty {
                unused.append(diagnostic("The comment \(directive.keyword) at \(place) names no rule, so it suppresses nothing.",
                                         at: directive.location, fix: "Name the rule to suppress: // \(directive.keyword) RULE-ID.",
                                         identity: [directive.location.path, directive.keyword]))
            }
            for (ruleIndex, rule) in directive.rules.enumerated() where !usedDirectiveRules.contains([position, ruleIndex]) {
                let reach = directive.reach == .nextLine ? "on line \(directive.location.line + 1)" : "below line \(directive.location.line)"
                let message: String
                if !known.contains(rule) {
                    message = "The comment \(directive.keyword) \(rule) at \(place) names no rule nibscan has ('nibscan rules' lists them)."
                } else if outcome.ranRules.contains(rule) {
                    message = "The comment \(directive.keyword) \(rule) at \(place) suppresses nothing: no \(rule) finding is located \(reach) of this file."
                } else {
                    continue
                }
                unused.append(diagnostic(message, at: directive.location,
                                         fix: "Remove \(rule) from the comment, or move the comment above the line the finding points at.",
                                         identity: [directive.location.path, directive.keyword, rule]))
            }
        }
        for (position, entry) in scope.configuration.ignore.enumerated()
            where !usedIgnores.contains(position) && outcome.ranRules.contains(entry.rule) {
            var filter = "path \(entry.path.pattern)"
            if let className = entry.className { filter += ", class \(className)" }
            if let objectId = entry.objectId { filter += ", id \(objectId)" }
            unused.append(diagnostic("The ignore entry for \(entry.rule) (\(filter)) at \(entry.location.path):\(entry.location.line) matches no finding.",
                                     at: entry.location, fix: "Remove the entry from \(scope.configuration.source), or correct its rule, path, class or id.",
                                     identity: [entry.location.path, entry.rule, entry.path.pattern, entry.className ?? "", entry.objectId ?? ""]))
        }
        return unused
    }
}
