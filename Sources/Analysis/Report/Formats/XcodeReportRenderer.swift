import Foundation

/// Diagnostics as clang and swiftc print them, one line per finding:
/// `/abs/path/View.xib:26:5: error: MESSAGE (rule-id)`. Xcode turns such lines from a Run
/// Script build phase into issues on the file and line; editors, terminals and CI logs
/// make them clickable; `pre-commit` shows them as they are. Paths are absolute for an
/// analysed folder (``RenderOptions/absoluteRoot``), else repository paths
/// (``RenderOptions/pathMapping``). Info findings are `note`s; a finding with no place is
/// `nibscan: SEVERITY: …`, the form compilers use for a file-less diagnostic. Suppressed
/// findings are left out.
public struct XcodeReportRenderer: ReportRenderer {
    public var format: ReportFormat { .xcode }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        let lines = report.findings.inAttentionOrder.map { line(for: $0, in: report, options: options) }
        return Data(lines.map { $0 + "\n" }.joined().utf8)
    }

    private func line(for finding: Finding, in report: Report, options: RenderOptions) -> String {
        let place = report.primaryLocation(of: finding).map { location in
            "\(options.displayPath(location.path)):\(max(location.line, 1)):\(max(location.column ?? 1, 1))"
        } ?? "nibscan"
        var message = finding.message
        if finding.baseline == .new { message = "[new] " + message }
        return "\(place): \(Self.label(finding.severity)): \(Self.oneLine(message)) (\(finding.rule))"
    }

    /// The compilers' word for a severity.
    static func label(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// Line breaks and other control characters become spaces: each diagnostic is one line.
    static func oneLine(_ text: String) -> String {
        text.replacingScalars { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : nil }
    }
}
