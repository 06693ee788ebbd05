import Analysis
import Foundation

extension RepositoryOverview {
    /// Rules drawn as charts of their own; the table lists every rule.
    static let ruleCharts = 12

    /// The class of the part of a bar that stands for a rule's findings whose severities
    /// were not stored (grey: ``style``).
    private static let totalOnlyClass = "sev-unrecorded"

    /// Rules by their findings summed over the trend, most first, then by id.
    var ruleOrder: [String] {
        var totals: [String: Int] = [:]
        for point in points { for (rule, count) in point.ruleCounts { totals[rule, default: 0] += count } }
        return totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
    }

    /// The ``ruleCharts`` first of `rules`, each as one bar per bucket stacked by severity,
    /// under one legend. An analysis stored before its server kept severities per rule
    /// (before migration 7, or by a node of an earlier release) knows a rule's total only:
    /// its bar is that total in one grey part, and the section says so.
    func ruleCharts(_ rules: [String], scope: String) -> String {
        let drawn = rules.prefix(Self.ruleCharts)
        guard !drawn.isEmpty else { return "" }
        var figures = ""
        var legend: [TrendChart.Series] = []
        for (index, rule) in drawn.enumerated() {
            let series = self.series(of: rule)
            legend += series.filter { part in !legend.contains { $0.styleClass == part.styleClass } }
            let chart = TrendChart(id: "rule-\(index)", title: "Findings of \(rule)", summary: "Findings of \(rule) per \(bucket) by severity, \(scope)",
                                   since: trend.since, until: trend.until, dates: points.map(\.bucketStart), series: series, width: 340, height: 120)
            figures += "<figure>\(chart.stackedBars(slot: trend.bucket.width))<figcaption><code>\(XMLText.content(rule))</code> "
                + "\(points.last?.ruleCounts[rule] ?? 0) now</figcaption></figure>"
        }
        var html = "<h3>Findings by rule</h3>" + TrendChart.legend(legend)
        if legend.contains(where: { $0.styleClass == Self.totalOnlyClass }) {
            html += "<p class=\"note\">Grey bars are analyses stored before this server kept each rule's findings by severity "
                + "(or stored by a node of an earlier release): only their total is known.</p>"
        }
        html += "<div class=\"rules\">\(figures)</div>"
        if rules.count > drawn.count {
            html += "<p class=\"muted\">The \(drawn.count) rules with most findings of \(rules.count); the table has them all.</p>"
        }
        return html
    }

    /// `rule`'s findings at each point: by severity where they were stored, else their total
    /// as a part of its own (present only when some point needs it).
    private func series(of rule: String) -> [TrendChart.Series] {
        let bySeverity = points.map { $0.ruleSeverities[rule] ?? SeverityCounts() }
        let totals = points.map { $0.ruleSeverities[rule] == nil ? $0.ruleCounts[rule] ?? 0 : 0 }
        let parts = TrendChart.Series.severities(bySeverity)
        guard totals.contains(where: { $0 > 0 }) else { return parts }
        return parts + [.init(name: "findings, severity not recorded", styleClass: Self.totalOnlyClass, values: totals)]
    }

    /// A rule's findings at one point as the table gives them: `(2/0/1)`, errors, warnings
    /// and infos, or a word that they were not stored.
    static func breakdown(_ counts: SeverityCounts?) -> String {
        guard let counts else { return "<span class=\"muted\">(severity not recorded)</span>" }
        return "(\(counts.errors)/\(counts.warnings)/\(counts.infos))"
    }
}
