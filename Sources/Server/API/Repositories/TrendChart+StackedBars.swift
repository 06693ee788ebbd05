import Analysis
import Foundation

extension TrendChart {
    /// The series stacked as one bar per date, the first series at the bottom: the parts of
    /// a whole (a rule's findings by severity) read at a glance where lines would cross.
    /// A bar spans `slot` seconds from its date (the trend's bucket) less a gap, is as high
    /// as the sum of its counts on a scale from 0 to the highest sum, and has a `<title>`
    /// naming its date and each part it shows; a date whose counts are all 0 draws nothing.
    func stackedBars(slot: TimeInterval) -> String {
        let totals = dates.indices.map { index in series.reduce(0) { $0 + $1.values[index] } }
        return drawing(maximum: totals.max() ?? 0) { plot in
            var bars = ""
            for (index, date) in dates.enumerated() where totals[index] > 0 {
                let start = plot.x(date), end = plot.x(date.addingTimeInterval(slot))
                let gap = (end - start) * 0.15
                let parts = series.filter { $0.values[index] > 0 }
                bars += "<g class=\"bar\"><title>\(Self.day(date)): "
                    + parts.map { "\($0.values[index]) \(XMLText.content($0.name))" }.joined(separator: ", ") + "</title>"
                var below = 0
                for part in parts {
                    let above = below + part.values[index]
                    bars += "<rect class=\"\(XMLText.attribute(part.styleClass))\" x=\"\(Self.number(start + gap))\" "
                        + "y=\"\(Self.number(plot.y(above)))\" width=\"\(Self.number(end - start - 2 * gap))\" "
                        + "height=\"\(Self.number(plot.y(below) - plot.y(above)))\"/>"
                    below = above
                }
                bars += "</g>"
            }
            return bars
        }
    }
}
