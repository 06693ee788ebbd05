import Analysis
import Foundation

/// A chart of counts over time as inline SVG, lines (``svg``) or stacked bars
/// (``stackedBars(slot:)``), drawn on the server so that the repository page needs no
/// script and no request beyond itself (its policy allows none). Colours come from the
/// page's stylesheet by class (a policy without `'unsafe-inline'` ignores `style`
/// attributes); every point or bar has a `<title>`, and the chart a `<title>` and
/// `<desc>`, for screen readers and tooltips. The page shows the same numbers in a table.
struct TrendChart: Sendable {
    /// One line, or one part of each bar: a name for the legend and titles, the class that
    /// colours it, one count per date.
    struct Series: Sendable, Equatable {
        var name: String
        var styleClass: String
        var values: [Int]

        /// Errors, warnings and infos in the severity colours, from one count of each per date.
        static func severities(_ counts: [SeverityCounts]) -> [Series] {
            [Series(name: "errors", styleClass: "sev-error", values: counts.map(\.errors)),
             Series(name: "warnings", styleClass: "sev-warning", values: counts.map(\.warnings)),
             Series(name: "infos", styleClass: "sev-info", values: counts.map(\.infos))]
        }
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

    /// The series as lines with a point per value, and a legend below when there is more
    /// than one line (a single line is named by its figure's caption).
    var svg: String {
        let lines = drawing(maximum: series.flatMap(\.values).max() ?? 0) { plot in
            series.map { line in
                let points = zip(dates, line.values).map { "\(Self.number(plot.x($0))),\(Self.number(plot.y($1)))" }
                return "<g class=\"series \(XMLText.attribute(line.styleClass))\"><polyline points=\"\(points.joined(separator: " "))\"/>"
                    + zip(dates, line.values).map { date, value in
                        "<circle cx=\"\(Self.number(plot.x(date)))\" cy=\"\(Self.number(plot.y(value)))\" r=\"3\">"
                            + "<title>\(Self.day(date)): \(value) \(XMLText.content(line.name))</title></circle>"
                    }.joined() + "</g>"
            }.joined()
        }
        return series.count > 1 ? lines + Self.legend(series) : lines
    }

    /// Where a date and a count fall in the drawing: counts from 0 at the bottom to
    /// `maximum` at the top, dates from `since` at the left to `until` at the right.
    struct Plot {
        var chart: TrendChart
        var maximum: Int

        var left: Double { TrendChart.left }
        var right: Double { chart.width - TrendChart.right }
        private var bottom: Double { chart.height - TrendChart.bottom }

        func x(_ date: Date) -> Double {
            let span = max(1, chart.until.timeIntervalSince(chart.since))
            return left + (right - left) * min(1, max(0, date.timeIntervalSince(chart.since) / span))
        }

        func y(_ value: Int) -> Double { bottom - (bottom - TrendChart.top) * Double(value) / Double(maximum) }
    }

    /// The `<svg>` element that every kind of chart shares: its title and description, a
    /// grid at 0, half and `maximum` (at least 1) with their counts, the span's first and
    /// last day below, and the `marks` drawn on that plot.
    func drawing(maximum: Int, marks: (Plot) -> String) -> String {
        let plot = Plot(chart: self, maximum: max(1, maximum))
        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-labelledby=\"\(id)-title \(id)-desc\" xmlns=\"http://www.w3.org/2000/svg\">"
            + "<title id=\"\(id)-title\">\(XMLText.content(title))</title><desc id=\"\(id)-desc\">\(XMLText.content(summary))</desc>"
        for value in Set([0, plot.maximum / 2, plot.maximum]).sorted() {
            let level = Self.number(plot.y(value))
            svg += "<line class=\"grid\" x1=\"\(Int(plot.left))\" x2=\"\(Int(plot.right))\" y1=\"\(level)\" y2=\"\(level)\"/>"
            svg += "<text class=\"axis\" x=\"\(Int(plot.left) - 6)\" y=\"\(level)\" text-anchor=\"end\" dominant-baseline=\"middle\">\(value)</text>"
        }
        let baseline = Int(height - Self.bottom) + 16
        svg += "<text class=\"axis\" x=\"\(Int(plot.left))\" y=\"\(baseline)\">\(Self.day(since))</text>"
        svg += "<text class=\"axis\" x=\"\(Int(plot.right))\" y=\"\(baseline)\" text-anchor=\"end\">\(Self.day(until))</text>"
        return svg + marks(plot) + "</svg>"
    }

    /// A list naming each series in its colour.
    static func legend(_ series: [Series]) -> String {
        "<ul class=\"legend\">" + series.map { "<li class=\"\(XMLText.attribute($0.styleClass))\">\(XMLText.content($0.name))</li>" }.joined() + "</ul>"
    }

    /// `2026-11-30`.
    static func day(_ date: Date) -> String { String(HTTPDate.rfc3339(date).prefix(10)) }

    /// One decimal, enough at this size.
    static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The chart's rules, after ``HTMLPage/baseStyle``: severity colours for lines, and for
    /// each part of a bar the colour its class gives (`.sev-error` …).
    static let style = """
        .chart{width:100%;height:auto;display:block}.chart .grid{stroke:var(--line);stroke-width:1}
        .chart .axis{fill:var(--muted);font-size:11px}.chart .series polyline{fill:none;stroke-width:2}
        .series.sev-error{stroke:var(--error);fill:var(--error)}.series.sev-warning{stroke:var(--warning);fill:var(--warning)}
        .series.sev-info{stroke:var(--info);fill:var(--info)}.chart .bar rect{fill:currentColor}
        .legend{list-style:none;padding:0;margin:4px 0 16px}.legend li{display:inline-block;margin-right:14px}
        .legend li::before{content:"";display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px;background:currentColor}

        """
}
