import Analysis
import Foundation
import XCTest

final class ReportJSONTests: XCTestCase {
    func testJSONUsesContractKeysAndUnescapedSlashes() throws {
        let finding = Finding(rule: "missing-nib", severity: .error, className: "CardView", message: "m",
                              locations: [SourceLocation(path: "App/Views/Card.swift", line: 3)],
                              fix: "f", fingerprint: "abc")
        let report = Report(project: .init(name: "p", files: 1, bytes: 2),
                            files: [FileEntry(path: "App/Views/Card.swift", kind: .swift, status: .analysed)],
                            findings: [finding], summary: .init(errors: 1))
        let json = String(decoding: try report.jsonData(pretty: false), as: UTF8.self)
        XCTAssertTrue(json.contains("\"class\":\"CardView\""))
        XCTAssertTrue(json.contains("\"path\":\"App/Views/Card.swift\""))
        XCTAssertTrue(json.contains("\"schemaVersion\":1"))
        XCTAssertEqual(try Report.decode(jsonData: report.jsonData()), report)
    }

    func testSeverityOrdering() {
        XCTAssertLessThan(Severity.info, Severity.warning)
        XCTAssertLessThan(Severity.warning, Severity.error)
    }
}
