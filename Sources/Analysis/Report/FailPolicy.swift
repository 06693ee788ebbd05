/// When a report fails a build: the CLI's `--fail-on`/`--fail-scope`, the server's gate
/// and the Markdown verdict all judge with it, so they never disagree.
public struct FailPolicy: Sendable, Equatable {
    /// Which findings count toward failing.
    public enum Scope: String, Sendable, CaseIterable {
        /// Every finding.
        case all
        /// Only findings the baseline did not have; a finding without baseline state
        /// counts as new (no baseline means nothing is known to be old).
        case new
    }

    /// The lowest severity that fails; `nil` never fails.
    public var threshold: Severity?
    public var scope: Scope

    public init(threshold: Severity? = .error, scope: Scope = .all) {
        self.threshold = threshold
        self.scope = scope
    }

    /// The findings that make the report fail, in report order.
    public func failingFindings(in report: Report) -> [Finding] {
        guard let threshold else { return [] }
        return report.findings.filter { finding in
            finding.severity >= threshold && (scope == .all || finding.baseline != .unchanged)
        }
    }

    /// Whether the report fails: exit status 1 on the command line.
    public func fails(_ report: Report) -> Bool {
        !failingFindings(in: report).isEmpty
    }
}
