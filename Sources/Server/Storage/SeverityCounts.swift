import Analysis

/// One rule's findings in one analysis, counted by severity. Trends keep these beside the
/// total per rule so that a dashboard can tell a rule's errors from its infos over time
/// (a rule's findings may be errors in one place and infos in another: evidence lowers
/// their severity one by one).
public struct SeverityCounts: Codable, Sendable, Equatable {
    public var errors: Int
    public var warnings: Int
    public var infos: Int

    public init(errors: Int = 0, warnings: Int = 0, infos: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.infos = infos
    }

    /// Findings of every severity.
    public var total: Int { errors + warnings + infos }

    /// The counts of `findings` per rule id: what an analysis stores for trends.
    public static func byRule(_ findings: [Finding]) -> [String: SeverityCounts] {
        findings.reduce(into: [:]) { counts, finding in
            switch finding.severity {
            case .error: counts[finding.rule, default: .init()].errors += 1
            case .warning: counts[finding.rule, default: .init()].warnings += 1
            case .info: counts[finding.rule, default: .init()].infos += 1
            }
        }
    }
}
