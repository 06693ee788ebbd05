import Foundation

/// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` line per
/// finding, which the runner turns into annotations on the pull request's diff, then a
/// plain summary line for the log. The runner shows only the first few annotations of
/// each kind, so new findings come first, then the most severe. Suppressed findings get
/// no annotation; the summary line counts them.
public struct GitHubActionsReportRenderer: ReportRenderer {
    public var format: ReportFormat { .github }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        var lines = report.findings.inAttentionOrder.map { command(for: $0, in: report, options: options) }
        lines.append(summary(of: report))
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func command(for finding: Finding, in report: Report, options: RenderOptions) -> String {
        let name = switch finding.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
        var properties: [(String, String)] = []
        if let location = report.primaryLocation(of: finding) {
            properties.append(("file", options.pathMapping.map(location.path)))
            properties.append(("line", String(max(location.line, 1))))
            if let column = location.column { properties.append(("col", String(max(column, 1)))) }
        }
        let title = "nibscan \(finding.rule)" + (finding.className.map { " (\($0))" } ?? "")
        properties.append(("title", title))
        var message = finding.message
        if finding.baseline == .new { message = "[new] " + message }
        if !finding.fix.isEmpty { message += "\nFix: \(finding.fix)" }
        let others = finding.locations.dropFirst().map { "\(options.pathMapping.map($0.path)):\($0.line)" }
        if !others.isEmpty { message += "\nAlso: " + others.joined(separator: ", ") }
        let rendered = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(name) \(rendered)::\(Self.escapeData(message))"
    }

    private func summary(of report: Report) -> String {
        var line = "nibscan: \(Severity.countsPhrase(report.findings))"
        if let baseline = report.baseline {
            line += " (\(baseline.new) new, \(baseline.unchanged) unchanged, \(baseline.fixed.count) fixed)"
        }
        line += " in \(report.summary.classesPhrase)"
        if let suppressed = report.summary.suppressed { line += ", \(suppressed) suppressed" }
        return line
    }

    /// The runner's escaping of a command's message (`@actions/core` `escapeData`); other
    /// control characters, which the runner has no escape for, become U+FFFD so that
    /// terminal sequences and NULs never reach the log.
    static func escapeData(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "%": "%25"
            case "\r": "%0D"
            case "\n": "%0A"
            default: scalar.isUnprintableControl ? "\u{FFFD}" : nil
            }
        }
    }

    /// The runner's escaping of a property value (`escapeProperty`): also `:` and `,`,
    /// which would otherwise end the value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
