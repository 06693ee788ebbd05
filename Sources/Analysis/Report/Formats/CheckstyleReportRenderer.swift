import Foundation

/// Checkstyle XML (version 4.3), read by Jenkins Warnings NG, reviewdog, Danger and most
/// code-review tools: findings grouped by the file of their primary location, files by
/// path, each an `<error>` whose `source` is `nibscan.<rule>`.
public struct CheckstyleReportRenderer: ReportRenderer {
    public var format: ReportFormat { .checkstyle }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        let located = report.findings.map { (finding: $0, location: report.anchoredLocation(of: $0)) }
        let byFile = Dictionary(grouping: located) { options.pathMapping.map($0.location.path) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for path in byFile.keys.sorted() {
            xml += "  <file name=\"\(XMLText.attribute(path))\">\n"
            for (finding, location) in byFile[path] ?? [] {
                xml += "    <error line=\"\(max(location.line, 1))\""
                if let column = location.column { xml += " column=\"\(max(column, 1))\"" }
                xml += " severity=\"\(finding.severity.rawValue)\""
                xml += " message=\"\(XMLText.attribute(finding.messageWithFix))\""
                xml += " source=\"\(XMLText.attribute("nibscan.\(finding.rule)"))\"/>\n"
            }
            xml += "  </file>\n"
        }
        xml += "</checkstyle>\n"
        return Data(xml.utf8)
    }
}
