import Foundation

/// GitLab Code Quality (a Code Climate issue array): the merge-request widget compares
/// the `fingerprint`s of the source and target branches to show what a change adds.
public struct CodeClimateReportRenderer: ReportRenderer {
    public var format: ReportFormat { .codeclimate }
    public init() {}

    struct Issue: Encodable {
        var type = "issue"
        var checkName: String
        var description: String
        var content: Content?
        var categories: [String]
        var fingerprint: String
        var severity: String
        var location: Location

        enum CodingKeys: String, CodingKey {
            case type, checkName = "check_name", description, content, categories, fingerprint, severity, location
        }
    }

    struct Content: Encodable {
        var body: String
    }

    struct Location: Encodable {
        var path: String
        var lines: Lines
    }

    struct Lines: Encodable {
        var begin: Int
    }

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        let fingerprints = report.uniqueFingerprints
        let issues = report.findings.indices.map { index in
            let finding = report.findings[index]
            let location = report.anchoredLocation(of: finding)
            return Issue(
                checkName: finding.rule,
                description: finding.message,
                content: finding.fix.isEmpty ? nil : Content(body: "Fix: \(finding.fix)"),
                categories: ["Bug Risk"],
                fingerprint: fingerprints[index],
                severity: Self.severity(finding.severity),
                location: Location(path: options.pathMapping.map(location.path),
                                   lines: Lines(begin: max(location.line, 1))))
        }
        var data = try Report.makeJSONEncoder().encode(issues)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Code Quality's scale is info, minor, major, critical, blocker: a crash at runtime is
    /// critical (blocker is left for the build itself), a conditional break major.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "major"
        case .info: "info"
        }
    }
}
