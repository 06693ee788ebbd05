/// The one place that decides a finding's severity and confidence: from the rule's
/// severity for the case and the ``Evidence`` its chain of facts rests on. Rules say what
/// they read and what they assumed; they never lower a severity by a rule of thumb of
/// their own.
///
/// - A finding may be an error or a warning only while every link was read: an assumed
///   link (a dependency that may supply the class, a nib name the analysis could not
///   resolve) keeps it at `info`.
/// - A read link may cap it as well: a scene nothing reaches or a file no target ships
///   cannot break the product, so its finding is at most `info`.
public enum SeverityPolicy {
    /// The severity of a finding whose rule asks for `requested`, given its `evidence`.
    public static func severity(_ requested: Severity, evidence: [Evidence]) -> Severity {
        evidence.compactMap(\.ceiling).reduce(requested) { min($0, $1) }
    }

    /// `certain` when every link was read, else `assumed`.
    public static func confidence(of evidence: [Evidence]) -> Confidence {
        evidence.contains { $0.basis == .assumed } ? .assumed : .certain
    }

    /// The sentence a message gains when `evidence` lowered `requested` to `decided`: which
    /// links did it and why. `nil` when nothing was lowered.
    public static func loweringNote(_ requested: Severity, to decided: Severity, evidence: [Evidence]) -> String? {
        guard decided < requested else { return nil }
        let reasons = evidence.filter { ($0.ceiling ?? requested) < requested }.map { link in
            link.reason.map { "\(link.fact) (\($0))" } ?? link.fact
        }
        let basis = evidence.contains { $0.basis == .assumed && ($0.ceiling ?? requested) < requested } ? "assumed" : "read"
        return "Reported as \(decided.rawValue), not \(requested.rawValue), because of what was \(basis): \(reasons.joined(separator: "; "))."
    }
}
