import Analysis
import Foundation

/// A line chart of counts over time as inline SVG, drawn on the server so that the
/// repository page needs no script and no request beyond itself (its policy allows none).
/// Colours come from the page's stylesheet by class (a policy without `'unsafe-inline'`
/// ignores `style` attributes); every point has a `<title>`, and the chart a `<title>` and
/// `<desc>`, for screen readers and tooltips. The page shows the same numbers in a table.
struct TrendChart: Sendable {
    /// One line: a name for the legend and titles, the class that colours it, one count per date.
    struct Series: Sendable, Equatable {
        var name: String
        var styleClass: String
        var values: [Int]
    }

    /// Names the chart's `<title>` and `<desc>` in the document (unique on the page).
    var id: String
    var title: String
    var summary: String
    /// The x axis: `since` to `until`, and the date of each value.
    var since: Date
    var until: Date
    var dates: [Date]
    var series: [Series]

    /// The drawing's size in its own units (it scales to the page's width).
    var width = 720.0
    var height = 220.0
    private static let left = 44.0, right = 12.0, top = 12.0, bottom = 28.0

    /// The `<svg>` element, with a legend below it when it draws more than one line (a
    /// single line is named by its figure's caption).
    var svg: String {
        let plotWidth = width - Self.left - Self.right
        let plotHeight = height - Self.top - Self.bottom
        let maximum = max(1, series.flatMap(\.values).max() ?? 0)
        let span = max(1, until.timeIntervalSince(since))
        func x(_ date: Date) -> Double { Self.left + plotWidth * min(1, max(0, date.timeIntervalSince(since) / span)) }
        func y(_ value: Int) -> Double { Self.top + plotHeight * (1 - Double(value) / Double(maximum)) }
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
            + "<title id=\"\(id)-title\">\(XMLText.content(title))</title><desc id=\"\(id)-desc\">\(XMLText.content(summary))</desc>"
        for value in Set([0, maximum / 2, maximum]).sorted() {
            let level = Self.number(y(value))
            svg += "<line class=\"grid\" x1=\"\(Int(Self.left))\" x2=\"\(Int(width - Self.right))\" y1=\"\(level)\" y2=\"\(level)\"/>"
            svg += "<text class=\"axis\" x=\"\(Int(Self.left) - 6)\" y=\"\(level)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(value)</text>"
        }
        let baseline = Int(height - Self.bottom) + 16
        svg += "<text class=\"axis\" x=\"\(Int(Self.left))\" y=\"\(baseline)\">\(Self.day(since))</text>"
        svg += "<text class=\"axis\" x=\"\(Int(width - Self.right))\" y=\"\(baseline)\" text-anchor=\"end\">\(Self.day(until))</text>"
        for line in series {
            let points = zip(dates, line.values).map { "\(Self.number(x($0))),\(Self.number(y($1)))" }
            svg += "<g class=\"series \(XMLText.attribute(line.styleClass))\"><polyline points=\"\(points.joined(separator: " "))\"/>"
            for (date, value) in zip(dates, line.values) {
                svg += "<circle cx=\"\(Self.number(x(date)))\" cy=\"\(Self.number(y(value)))\" r=\"3\">"
                    + "<title>\(Self.day(date)): \(value) \(XMLText.content(line.name))</title></circle>"
            }
            svg += "</g>"
        }
        svg += "</svg>"
        guard series.count > 1 else { return svg }
        return svg + "<ul class=\"legend\">"
            + series.map { "<li class=\"\(XMLText.attribute($0.styleClass))\">\(XMLText.content($0.name))</li>" }.joined() + "</ul>"
    }

    /// `2026-11-30`.
    static func day(_ date: Date) -> String { String(HTTPDate.rfc3339(date).prefix(10)) }

    /// One decimal, enough at this size.
    private static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The chart's rules, after ``HTMLPage/baseStyle``: severity colours, and the accent
    /// colour for a rule's findings.
    static let style = """
        .chart{width:100%;height:auto;display:block}.chart .grid{stroke:var(--line);stroke-width:1}
        .chart .axis{fill:var(--muted);font-size:11px}.chart .series polyline{fill:none;stroke-width:2}
        .series.sev-error{stroke:var(--error);fill:var(--error)}.series.sev-warning{stroke:var(--warning);fill:var(--warning)}
        .series.sev-info{stroke:var(--info);fill:var(--info)}.series.findings{stroke:var(--accent);fill:var(--accent)}
        .legend{list-style:none;padding:0;margin:4px 0 16px}.legend li{display:inline-block;margin-right:14px}
        .legend li::before{content:"";display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px;background:currentColor}

        """
}
