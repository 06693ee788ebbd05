import Foundation

/// A pull-request comment: a hidden marker a bot finds to update its comment in place, a
/// one-line verdict, a table of the new findings (all findings without a baseline) with
/// links to the lines, and collapsed details. Always under GitHub's 65,536-character
/// comment limit: rows beyond ``byteLimit`` are cut, deterministically, with a count.
public struct MarkdownReportRenderer: ReportRenderer {
    /// The first line of every comment.
    public static let marker = "<!-- nibscan-report -->"
    /// The most UTF-8 bytes a comment takes (so also the most characters).
    public static let byteLimit = 64_000

    public var format: ReportFormat { .markdown }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        Data(document(for: report, options: options).utf8)
    }

    func document(for report: Report, options: RenderOptions) -> String {
        let footer = footer(for: report, options: options)
        var budget = MarkdownBudget(limit: Self.byteLimit - footer.utf8.count)
        budget.append("\(Self.marker)\n\(verdict(for: report, options: options))\n")

        let hasBaseline = report.baseline != nil
        let shown = report.findings.filter { !hasBaseline || $0.baseline != .unchanged }.inAttentionOrder
        let fixed = (report.baseline?.fixed ?? []).inAttentionOrder
        let unchanged = report.findings.filter { $0.baseline == .unchanged }.inAttentionOrder
        let suppressed = (report.suppressed ?? []).inAttentionOrder
        let noun = hasBaseline ? "new findings" : "findings"
        // Bytes kept for the sections after each one, so a long table never crowds them out.
        let suppressedRoom = suppressed.isEmpty ? 0 : 4_000
        let unchangedRoom = (unchanged.isEmpty ? 0 : 4_000) + suppressedRoom
        let fixedRoom = (fixed.isEmpty ? 0 : 6_000) + unchangedRoom
        let detailsRoom = (shown.isEmpty ? 0 : 16_000) + fixedRoom
        if shown.isEmpty {
            budget.append("\nNo \(noun).\n")
        } else {
            budget.appendSection(
                opening: "\n| Severity | Rule | Class | Message | Location |\n|---|---|---|---|---|\n",
                count: shown.count,
                item: { row(for: shown[$0], in: report, options: options) },
                closing: "",
                more: { "\n…and \($0) more \(noun), not shown.\n" },
                reserve: detailsRoom)
            budget.appendSection(
                opening: "\n<details><summary>Fixes and every location of the \(noun)</summary>\n\n",
                count: shown.count,
                item: { detail(for: shown[$0], in: report, options: options) },
                closing: "\n</details>\n",
                more: { "\n…and \($0) more.\n" },
                reserve: fixedRoom)
        }
        appendList("Fixed since the baseline", fixed, to: &budget, reserve: unchangedRoom, report: report, options: options)
        appendList("Unchanged since the baseline", unchanged, to: &budget, reserve: suppressedRoom, report: report, options: options)
        appendList("Suppressed", suppressed, to: &budget, reserve: 0, report: report, options: options)
        return budget.text + footer
    }

    /// A collapsed list of one line per finding, when there are any.
    private func appendList(_ title: String, _ findings: [Finding], to budget: inout MarkdownBudget, reserve: Int,
                            report: Report, options: RenderOptions) {
        guard !findings.isEmpty else { return }
        budget.appendSection(
            opening: "\n<details><summary>\(title) (\(findings.count))</summary>\n\n",
            count: findings.count,
            item: { summaryItem(for: findings[$0], in: report, options: options) },
            closing: "\n</details>\n",
            more: { "\n…and \($0) more.\n" },
            reserve: reserve)
    }

    private func verdict(for report: Report, options: RenderOptions) -> String {
        let icon = options.failPolicy.fails(report) ? "❌" : "✅"
        let suppressed = report.summary.suppressed.map { ", \($0) suppressed" } ?? ""
        guard let baseline = report.baseline else {
            let counts = report.findings.isEmpty ? "no findings" : Severity.countsPhrase(report.findings)
            return "\(icon) **nibscan**: \(counts) in \(report.summary.classesPhrase)\(suppressed)"
        }
        let new = report.findings.filter { $0.baseline != .unchanged }
        let newCounts = new.isEmpty ? "" : " (\(Severity.countsPhrase(new)))"
        return "\(icon) **nibscan**: \(baseline.new) new\(newCounts), \(baseline.unchanged) unchanged, \(baseline.fixed.count) fixed\(suppressed)"
    }

    private func row(for finding: Finding, in report: Report, options: RenderOptions) -> String {
        let cells = [
            Self.severityLabel(finding.severity),
            MarkdownText.code(finding.rule),
            finding.className.map { MarkdownText.code($0) } ?? "",
            MarkdownText.inline(finding.message),
            report.primaryLocation(of: finding).map { link($0, options: options) } ?? "",
        ]
        return "| " + cells.joined(separator: " | ") + " |\n"
    }

    private func detail(for finding: Finding, in report: Report, options: RenderOptions) -> String {
        var item = summaryItem(for: finding, in: report, options: options)
        if !finding.fix.isEmpty { item += "  Fix: \(MarkdownText.inline(finding.fix))\n" }
        if finding.locations.count > 1 {
            item += "  Locations: " + finding.locations.prefix(20).map { link($0, options: options) }.joined(separator: ", ") + "\n"
        }
        if let patch = finding.patch { item += repairBlock(patch, options: options) }
        return item
    }

    /// A checked repair as a `diff` block (`nibscan fix` applies it): the diff without its
    /// `diff --git` line, paths mapped to the repository; a longer fence when the diff itself
    /// holds three backticks.
    private func repairBlock(_ patch: FindingPatch, options: RenderOptions) -> String {
        let lines = PatchReportRenderer.mappingPaths(of: patch.diff, options: options).split(separator: "\n").filter { !$0.hasPrefix("diff --git ") }
        let fence = lines.contains { $0.contains("```") } ? "````" : "```"
        return "  Repair (checked; `nibscan fix` applies it): \(MarkdownText.inline(patch.summary))\n\n  \(fence)diff\n"
            + lines.map { "  " + $0 + "\n" }.joined() + "  \(fence)\n"
    }

    private func summaryItem(for finding: Finding, in report: Report, options: RenderOptions) -> String {
        var item = "- \(Self.severityLabel(finding.severity)) \(MarkdownText.code(finding.rule))"
        if let className = finding.className { item += " \(MarkdownText.code(className))" }
        item += ": \(MarkdownText.inline(finding.message))"
        if let location = report.primaryLocation(of: finding) { item += " (\(link(location, options: options)))" }
        if let suppression = finding.suppression {
            item += suppression.kind == .inSource ? " — suppressed in source at \(link(suppression.location, options: options))"
                : " — ignored by \(link(suppression.location, options: options))"
            if let reason = suppression.reason { item += ": \(MarkdownText.inline(reason))" }
        }
        return item + "\n"
    }

    /// `[path:line](url)` when the repository and commit are known, else `` `path:line` ``.
    private func link(_ location: SourceLocation, options: RenderOptions) -> String {
        let path = options.pathMapping.map(location.path)
        let label = "\(path):\(location.line)"
        guard let url = options.webURL(path: path, line: location.line) else { return MarkdownText.code(label) }
        return "[\(MarkdownText.inline(label))](\(url))"
    }

    private func footer(for report: Report, options: RenderOptions) -> String {
        var footer = "\n<sub>\(MarkdownText.inline(report.tool.name)) \(MarkdownText.inline(report.tool.version))"
        if let reportURL = options.reportURL, reportURL.utf8.count <= 2_000,
           let encoded = reportURL.addingPercentEncoding(withAllowedCharacters: Self.urlAllowed) {
            footer += " · [full report](\(encoded))"
        }
        return footer + "</sub>\n"
    }

    /// Characters left as they are in a link target; `(`, `)`, spaces and `<>` are encoded.
    private static let urlAllowed = CharacterSet.urlQueryAllowed.union(.urlPathAllowed)
        .union(CharacterSet(charactersIn: "#%")).subtracting(CharacterSet(charactersIn: "()<> "))

    static func severityLabel(_ severity: Severity) -> String {
        switch severity {
        case .error: "🛑 error"
        case .warning: "⚠️ warning"
        case .info: "ℹ️ info"
        }
    }
}
