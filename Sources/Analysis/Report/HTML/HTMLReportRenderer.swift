import Foundation

/// The report as one page a person would rather read than the JSON: the verdict and
/// counts, every finding grouped by file with a wireframe of the Interface Builder scene it
/// names (``SceneFigure``), and the inventory of custom classes with their strategies and
/// evidence, filterable by severity, rule and strategy without any script (``HTMLFilters``).
/// It is self-contained (``HTMLPage``): readable offline, from a file or from the server.
public struct HTMLReportRenderer: ReportRenderer {
    public var format: ReportFormat { .html }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        Data(page(for: report, options: options).html.utf8)
    }

    /// The page, whose ``HTMLPage/contentSecurityPolicy`` the server sends with it.
    public func page(for report: Report, options: RenderOptions) -> HTMLPage {
        let context = HTMLReportContext(report: report, options: options)
        let filters = HTMLFilters(report: report)
        var body = header(report, options: options)
        body += filters.controls
        body += findingsSection(context, figures: SceneFigure(drawings: report.drawings ?? []))
        body += classesSection(context)
        body += notesSection(report)
        body += "<footer class=\"muted\"><p>\(XMLText.content(report.tool.name)) \(XMLText.content(report.tool.version))</p></footer>"
        return HTMLPage(title: "nibscan: \(report.project.name)", style: Self.style + filters.style + SceneFigure.style, body: body)
    }

    private func header(_ report: Report, options: RenderOptions) -> String {
        var html = "<header><h1>\(XMLText.content(report.project.name))</h1>"
        let fails = options.failPolicy.fails(report)
        html += "<p class=\"counts\"><span class=\"\(fails ? "verdict-fail" : "verdict-pass")\">\(fails ? "fails the gate" : "passes the gate")</span>"
        for severity in [Severity.error, .warning, .info] {
            let count = report.findings.count(where: { $0.severity == severity })
            html += "<span class=\"sev-\(severity.rawValue)\">\(XMLText.content(severity.counted(count)))</span>"
        }
        html += "<span>\(XMLText.content(report.summary.classesPhrase)), \(report.summary.nibs) nibs, \(report.summary.storyboards) storyboards</span>"
        if let suppressed = report.summary.suppressed { html += "<span class=\"muted\">\(suppressed) suppressed</span>" }
        html += "</p>"
        var provenance: [String] = []
        if let repository = options.repository {
            let name = XMLText.content(repository)
            provenance.append(options.sourceLinks?.repositoryURL.map { "<a href=\"\(XMLText.attribute($0))\">\(name)</a>" } ?? name)
        }
        if let branch = options.branch { provenance.append("branch <code>\(XMLText.content(branch))</code>") }
        if let commit = options.commit { provenance.append("commit <code>\(XMLText.content(String(commit.prefix(12))))</code>") }
        if let baseline = report.baseline {
            provenance.append("\(baseline.new) new, \(baseline.unchanged) unchanged, \(baseline.fixed.count) fixed since the baseline")
        }
        if !provenance.isEmpty { html += "<p class=\"muted\">\(provenance.joined(separator: " · "))</p>" }
        return html + "</header>"
    }

    private func notesSection(_ report: Report) -> String {
        guard let notes = report.notes, !notes.isEmpty else { return "" }
        return "<section id=\"notes\"><h2>What the analysis could not check</h2>"
            + notes.map { "<p class=\"note\">\(XMLText.content($0))</p>" }.joined() + "</section>"
    }

    /// The report's own rules, after ``HTMLPage/baseStyle``.
    static let style = """
        .finding{border:1px solid var(--line);border-radius:8px;padding:8px 12px;margin:8px 0}
        .finding-error{border-left:4px solid var(--error)}.finding-warning{border-left:4px solid var(--warning)}
        .finding-info{border-left:4px solid var(--info)}.finding p{margin:4px 0}
        .rule{font-weight:600}.fix{color:var(--muted)}.locations{margin:4px 0;padding-left:18px}
        details summary{cursor:pointer;color:var(--muted)}
        .evidence li.assumed{color:var(--warning)}
        .inventory td:first-child{white-space:nowrap}.strategy{display:inline-block;background:var(--panel);border-radius:4px;\
        padding:0 6px;margin:0 4px 2px 0}

        """
}

/// What the parts of the HTML report look up more than once: the findings by file and the
/// severities of each class's findings.
struct HTMLReportContext {
    let report: Report
    let options: RenderOptions
    /// Every severity among the findings of each class, for the inventory's filter.
    let severitiesByClass: [String: Set<Severity>]
    /// Rules of the findings of each class.
    let rulesByClass: [String: Set<String>]
    /// Strategy ids of each class, for the findings' strategy filter.
    let strategiesByClass: [String: [String]]

    init(report: Report, options: RenderOptions) {
        self.report = report
        self.options = options
        var severities: [String: Set<Severity>] = [:]
        var rules: [String: Set<String>] = [:]
        for finding in report.findings {
            guard let name = finding.className else { continue }
            severities[name, default: []].insert(finding.severity)
            rules[name, default: []].insert(finding.rule)
        }
        severitiesByClass = severities
        rulesByClass = rules
        strategiesByClass = Dictionary(report.classes.map { ($0.name, $0.strategies.map(\.id)) }, uniquingKeysWith: { first, _ in first })
    }

    /// `path:line` as a link to the line on the web when the repository and commit are
    /// known, else as plain text.
    func link(_ path: String, line: Int) -> String {
        let mapped = options.pathMapping.map(path)
        let label = XMLText.content("\(mapped):\(line)")
        guard let url = options.webURL(path: mapped, line: line) else { return "<code>\(label)</code>" }
        return "<a class=\"mono\" href=\"\(XMLText.attribute(url))\">\(label)</a>"
    }
}
