import Analysis
import Foundation

/// What a repository page shows, read once from the store, for either representation:
/// ``RepositoryResource`` (JSON) or ``page(reportLink:)`` (HTML).
struct RepositoryOverview: Sendable {
    var summary: AnalysisStore.RepositorySummary
    var trend: AnalysisStore.TrendQuery
    var points: [AnalysisStore.TrendPoint]

    private var name: String { summary.name }
    var bucket: String { trend.bucket.rawValue }

    /// The repository page for a browser: each branch's latest analysis with a link to its
    /// report, then the trend as charts (findings by severity, then bars stacked by severity
    /// for each of the ``ruleCharts`` rules with most findings) and a table of every number.
    /// - Parameter reportLink: the link of an analysis's report (signed when signed links are on).
    func page(reportLink: (String) -> String) -> HTMLPage {
        let resource = RepositoryResource(self)
        var body = "<header><h1>\(XMLText.content(name))</h1><p class=\"muted\">\(summary.branches.count) "
            + (summary.branches.count == 1 ? "branch" : "branches") + " · <a href=\"\(XMLText.attribute(resource.links.`self`))?format=json\">JSON</a>"
            + " · <a href=\"\(XMLText.attribute(resource.links.trends))\">trend API</a></p></header>"
        body += branchesSection(reportLink: reportLink)
        body += trendSection
        return HTMLPage(title: "nibscan: \(name)", style: TrendChart.style + Self.style, body: body)
    }

    private func branchesSection(reportLink: (String) -> String) -> String {
        var html = "<section id=\"branches\"><h2>Branches</h2><table><caption class=\"muted\">The latest analysis of each branch</caption>"
            + "<thead><tr><th scope=\"col\">Branch</th><th scope=\"col\">Status</th><th scope=\"col\">Commit</th><th scope=\"col\">Uploaded</th>"
            + "<th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Infos</th><th scope=\"col\">Report</th></tr></thead><tbody>"
        for branch in summary.branches {
            let analysis = branch.latest
            let counts = [analysis.summary?.errors, analysis.summary?.warnings, analysis.summary?.infos]
            html += "<tr><th scope=\"row\">\(branch.name.map { "<code>\(XMLText.content($0))</code>" } ?? "<span class=\"muted\">none</span>")</th>"
                + "<td class=\"status-\(analysis.status.rawValue)\">\(analysis.status.rawValue)</td>"
                + "<td>\(analysis.metadata.commit.map { "<code>\(XMLText.content(String($0.prefix(12))))</code>" } ?? "")</td>"
                + "<td>\(HTTPDate.rfc3339(analysis.createdAt))</td>"
                + counts.map { "<td>\($0.map(String.init) ?? "")</td>" }.joined()
                + "<td>" + (analysis.status == .succeeded
                    ? "<a href=\"\(XMLText.attribute(reportLink(analysis.id)))\">report</a>" : "") + "</td></tr>"
        }
        return html + "</tbody></table></section>"
    }

    private var trendSection: String {
        let scope = trend.branch.map { "branch \($0)" } ?? "every branch"
        var html = "<section id=\"trend\"><h2>Findings over time</h2><p class=\"muted\">The latest succeeded analysis of each "
            + "\(bucket), \(TrendChart.day(trend.since)) to \(TrendChart.day(trend.until)), \(XMLText.content(scope)).</p>"
        guard !points.isEmpty else { return html + "<p>No analysis succeeded in this span.</p></section>" }
        let summaries = points.map { SeverityCounts(errors: $0.summary.errors, warnings: $0.summary.warnings, infos: $0.summary.infos) }
        let severities = TrendChart(id: "severities", title: "Findings by severity", summary: "Errors, warnings and infos per \(bucket), \(scope)",
                                    since: trend.since, until: trend.until, dates: points.map(\.bucketStart), series: TrendChart.Series.severities(summaries))
        html += "<figure class=\"wide\">\(severities.svg)<figcaption>Findings by severity</figcaption></figure>"
        let rules = ruleOrder
        html += ruleCharts(rules, scope: scope)
        return html + table(rules: rules) + "</section>"
    }

    private func table(rules: [String]) -> String {
        var html = "<table class=\"numbers\"><caption class=\"muted\">The numbers of the charts</caption><thead><tr>"
            + "<th scope=\"col\">\(trend.bucket == .week ? "Week of" : "Day")</th><th scope=\"col\">Analysis</th><th scope=\"col\">Errors</th>"
            + "<th scope=\"col\">Warnings</th><th scope=\"col\">Infos</th><th scope=\"col\">Findings by rule (errors/warnings/infos)</th></tr></thead><tbody>"
        for point in points {
            let byRule = rules.compactMap { rule in point.ruleCounts[rule].map { "<code>\(XMLText.content(rule))</code> \($0) \(Self.breakdown(point.ruleSeverities[rule]))" } }
            html += "<tr><th scope=\"row\">\(TrendChart.day(point.bucketStart))</th>"
                + "<td><code>\(XMLText.content(String(point.analysisID.prefix(8))))</code></td><td>\(point.summary.errors)</td>"
                + "<td>\(point.summary.warnings)</td><td>\(point.summary.infos)</td><td>\(byRule.joined(separator: ", "))</td></tr>"
        }
        return html + "</tbody></table>"
    }

    /// The page's own rules.
    static let style = """
        .status-failed{color:var(--error)}.status-succeeded{color:var(--ok)}.status-queued,.status-running{color:var(--muted)}
        figure{margin:12px 0}figcaption{color:var(--muted);font-size:12px}caption{text-align:left;padding:4px 0}
        figure.wide{max-width:720px}.rules{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:4px 16px}
        .rules figure{margin:4px 0}.sev-unrecorded{color:var(--muted)}

        """
}
