import Foundation

/// The report for a person at a terminal: findings grouped by file, each with its line,
/// severity, message and rule, the fix hint under it, then one summary line with the counts
/// and the gate's verdict (the exit status it gives). What `nibscan analyze` prints on a
/// terminal when no `--format` is asked for. With ``RenderOptions/color`` the severities
/// are coloured (ANSI SGR); text from the project never carries control characters
/// through, so a file cannot write escape sequences to the terminal.
public struct TextReportRenderer: ReportRenderer {
    public var format: ReportFormat { .text }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        let paint = Paint(enabled: options.color)
        var output = ""
        let placed = report.findings.map { (finding: $0, location: report.primaryLocation(of: $0)) }
        let byFile = Dictionary(grouping: placed) { $0.location.map { options.pathMapping.map($0.path) } }
        let files = byFile.keys.sorted { ($0 ?? "") < ($1 ?? "") }
        for file in files {
            output += paint(.bold, file.map(Self.clean) ?? "(the project)") + "\n"
            let entries = byFile[file, default: []].sorted { lhs, rhs in
                (lhs.location?.line ?? 0, rhs.finding.severity) < (rhs.location?.line ?? 0, lhs.finding.severity)
            }
            for entry in entries { output += lines(for: entry.finding, at: entry.location, paint: paint) }
            output += "\n"
        }
        output += summary(of: report, options: options, paint: paint) + "\n"
        return Data(output.utf8)
    }

    private func lines(for finding: Finding, at location: SourceLocation?, paint: Paint) -> String {
        let place = location.map { "\(max($0.line, 1)):\(max($0.column ?? 1, 1))" } ?? "-"
        let label = XcodeReportRenderer.label(finding.severity)
        let padding = String(repeating: " ", count: max(0, 8 - label.count))
        var text = "  " + place.padding(toLength: max(place.count, 7), withPad: " ", startingAt: 0) + " "
            + paint(Paint.style(of: finding.severity), label) + padding
            + Self.clean(finding.message) + " " + paint(.dim, "(\(finding.rule))") + "\n"
        let indent = String(repeating: " ", count: 2 + max(place.count, 7) + 1 + 8)
        if finding.baseline == .new { text += indent + paint(.dim, "new since the baseline") + "\n" }
        if !finding.fix.isEmpty { text += indent + paint(.dim, "fix: ") + Self.clean(finding.fix) + "\n" }
        return text
    }

    private func summary(of report: Report, options: RenderOptions, paint: Paint) -> String {
        var line = "nibscan: " + (report.findings.isEmpty ? "no findings" : Severity.countsPhrase(report.findings))
        line += " in \(report.summary.classesPhrase)"
        if let baseline = report.baseline {
            line += " (\(baseline.new) new, \(baseline.unchanged) unchanged, \(baseline.fixed.count) fixed)"
        }
        if let suppressed = report.summary.suppressed { line += ", \(suppressed) suppressed" }
        let gate = options.failPolicy
        let level = gate.threshold?.rawValue ?? "never"
        let scope = gate.scope == .new ? ", new findings only" : ""
        let verdict = gate.fails(report)
            ? paint(.error, "fails") + " the gate (fail on \(level)\(scope))"
            : paint(.pass, "passes") + " the gate (fail on \(level)\(scope))"
        return line + "; " + verdict
    }

    /// Project text on one line with no control characters (no escape sequences).
    private static func clean(_ text: String) -> String {
        XcodeReportRenderer.oneLine(text)
    }
}

/// ANSI styling that is a no-op when colour is off.
private struct Paint {
    enum Style: String {
        case bold = "1", dim = "2", error = "1;31", warning = "1;33", note = "1;36", pass = "1;32"
    }

    let enabled: Bool

    static func style(of severity: Severity) -> Style {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .info: .note
        }
    }

    func callAsFunction(_ style: Style, _ text: String) -> String {
        enabled ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
