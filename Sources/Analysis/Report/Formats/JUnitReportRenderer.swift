import Foundation

/// JUnit XML for CI test-report views (GitLab, Jenkins, Azure, CircleCI): one
/// `<testsuite>` per rule, named `nibscan.<rule>`, each finding a failing `<testcase>` whose
/// name is its location and class, and each suppressed finding a `<skipped>` one. A
/// report without findings is one passing test case, so the view shows that the check ran.
public struct JUnitReportRenderer: ReportRenderer {
    public var format: ReportFormat { .junit }
    public init() {}

    public func render(_ report: Report, options: RenderOptions) throws -> Data {
        let listed = report.findingsAndSuppressed
        let byRule = Dictionary(grouping: listed, by: \.rule)
        let tests = max(listed.count, 1)
        let skipped = listed.count - report.findings.count
        let seconds = String(format: "%.3f", Double(report.summary.durationMs) / 1_000)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(XMLText.attribute(report.tool.name))\" tests=\"\(tests)\""
        xml += " failures=\"\(report.findings.count)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds)\">\n"
        if listed.isEmpty {
            xml += "  <testsuite name=\"nibscan\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            xml += "    <testcase name=\"\(XMLText.attribute(report.project.name))\" classname=\"nibscan\"/>\n"
            xml += "  </testsuite>\n"
        }
        for rule in byRule.keys.sorted() {
            let findings = byRule[rule] ?? []
            let suppressed = findings.filter { $0.suppression != nil }.count
            let suite = XMLText.attribute("nibscan.\(rule)")
            xml += "  <testsuite name=\"\(suite)\" tests=\"\(findings.count)\" failures=\"\(findings.count - suppressed)\""
            xml += " errors=\"0\" skipped=\"\(suppressed)\">\n"
            for finding in findings {
                xml += testCase(for: finding, suite: suite, in: report, options: options)
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return Data(xml.utf8)
    }

    private func testCase(for finding: Finding, suite: String, in report: Report, options: RenderOptions) -> String {
        let location = report.anchoredLocation(of: finding)
        let path = options.pathMapping.map(location.path)
        let name = "\(path):\(location.line)" + (finding.className.map { " \($0)" } ?? "")
        var body = finding.messageWithFix
        if !finding.locations.isEmpty {
            body += "\nLocations:\n" + finding.locations
                .map { "  \(options.pathMapping.map($0.path)):\($0.line)\($0.column.map { ":\($0)" } ?? "")" }
                .joined(separator: "\n")
        }
        var xml = "    <testcase name=\"\(XMLText.attribute(name))\" classname=\"\(suite)\""
        xml += " file=\"\(XMLText.attribute(path))\" line=\"\(max(location.line, 1))\">\n"
        if let suppression = finding.suppression {
            let place = "\(options.pathMapping.map(suppression.location.path)):\(suppression.location.line)"
            let how = suppression.kind == .inSource ? "suppressed in source at \(place)" : "ignored by \(place)"
            let message = how + (suppression.reason.map { ": \($0)" } ?? "")
            xml += "      <skipped message=\"\(XMLText.attribute(message))\">\(XMLText.content(body))</skipped>\n    </testcase>\n"
            return xml
        }
        xml += "      <failure message=\"\(XMLText.attribute(finding.message))\" type=\"\(finding.severity.rawValue)\">"
        xml += XMLText.content(body)
        xml += "</failure>\n    </testcase>\n"
        return xml
    }
}
