/// What several formats need from a report beyond its fields: the one place a finding is
/// pinned to, unique fingerprints, the message with its fix.
extension Report {
    /// Where a format that takes one location per finding puts it: the first location,
    /// else the declaration of the finding's class, else nowhere.
    func primaryLocation(of finding: Finding) -> SourceLocation? {
        if let first = finding.locations.first { return first }
        guard let name = finding.className,
              let declared = classes.first(where: { $0.name == name })?.declared else { return nil }
        return SourceLocation(path: declared.path, line: declared.line)
    }

    /// One fingerprint per finding, in report order, unique within the report: the second
    /// finding sharing a fingerprint gets `/2`, the third `/3`. Tools that key alerts by
    /// fingerprint (code scanning, GitLab) would otherwise merge them.
    var uniqueFingerprints: [String] {
        Self.uniqueFingerprints(of: findings)
    }

    /// The findings, then the suppressed ones: what SARIF lists (code scanning shows a
    /// suppressed result as dismissed rather than not at all).
    var findingsAndSuppressed: [Finding] {
        findings + (suppressed ?? [])
    }

    /// ``uniqueFingerprints`` of any list of findings.
    static func uniqueFingerprints(of findings: [Finding]) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let occurrence = seen[finding.fingerprint, default: 0] + 1
            seen[finding.fingerprint] = occurrence
            return occurrence == 1 ? finding.fingerprint : "\(finding.fingerprint)/\(occurrence)"
        }
    }
}

extension Report {
    /// For a substitution hazard (a rule with ``RuleDescription/lostInSwap``): the nibs whose
    /// root view, of the finding's class, replaces the placement: the pictures show it
    /// beside the placement even when the finding does not name it.
    func swappedInNibs(of finding: Finding, rules: [RuleDescription]) -> [String] {
        guard let className = finding.className, rules.contains(where: { $0.id == finding.rule && $0.lostInSwap != nil }) else { return [] }
        return classes.first { $0.name == className }?.nibs.filter { $0.role == .rootView }.map(\.path) ?? []
    }

    /// The primary location, or the project root (`.`, line 1) for a finding that has no
    /// place at all: for formats where every entry must name a file.
    func anchoredLocation(of finding: Finding) -> SourceLocation {
        primaryLocation(of: finding) ?? SourceLocation(path: ".", line: 1)
    }
}

extension Finding {
    /// The message with the fix on a line of its own, for formats with one text field.
    var messageWithFix: String {
        fix.isEmpty ? message : "\(message)\nFix: \(fix)"
    }
}

extension Array where Element == Finding {
    /// The order a reader should see findings in: new before unchanged, then errors,
    /// warnings, infos; report order otherwise. Lists that are cut or capped (the PR
    /// comment, the runner's annotations) lose the least important ones.
    var inAttentionOrder: [Finding] {
        enumerated().sorted { lhs, rhs in
            (lhs.element.baseline != .unchanged ? 1 : 0, lhs.element.severity, rhs.offset)
                > (rhs.element.baseline != .unchanged ? 1 : 0, rhs.element.severity, lhs.offset)
        }.map(\.element)
    }
}
