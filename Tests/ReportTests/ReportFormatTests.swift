import Analysis
import Foundation
import XCTest

final class ReportFormatTests: XCTestCase {
    func testMediaTypes() {
        XCTAssertEqual(ReportFormat.json.mediaType, "application/json")
        XCTAssertEqual(ReportFormat.sarif.mediaType, "application/sarif+json")
        XCTAssertEqual(ReportFormat.markdown.mediaType, "text/markdown; charset=utf-8")
        XCTAssertEqual(ReportFormat.github.mediaType, "text/plain; charset=utf-8")
        XCTAssertEqual(ReportFormat.junit.mediaType, "application/xml")
        XCTAssertEqual(ReportFormat.checkstyle.mediaType, "application/xml")
        XCTAssertEqual(ReportFormat.codeclimate.mediaType, "application/json")
    }

    func testInitFromMediaType() {
        XCTAssertEqual(ReportFormat(mediaType: "application/json"), .json)
        XCTAssertEqual(ReportFormat(mediaType: "Application/SARIF+JSON; charset=utf-8"), .sarif)
        XCTAssertEqual(ReportFormat(mediaType: " text/markdown "), .markdown)
        XCTAssertEqual(ReportFormat(mediaType: "text/plain"), .github)
        XCTAssertNil(ReportFormat(mediaType: "application/xml"), "JUnit or Checkstyle: ambiguous")
        XCTAssertNil(ReportFormat(mediaType: "image/png"))
        XCTAssertNil(ReportFormat(mediaType: ""))
    }

    func testAcceptNegotiation() {
        XCTAssertEqual(ReportFormat.negotiate(accept: nil), .json)
        XCTAssertEqual(ReportFormat.negotiate(accept: ""), .json)
        XCTAssertEqual(ReportFormat.negotiate(accept: "*/*"), .json)
        XCTAssertEqual(ReportFormat.negotiate(accept: "application/sarif+json"), .sarif)
        XCTAssertEqual(ReportFormat.negotiate(accept: "text/markdown, application/json;q=0.5"), .markdown)
        XCTAssertEqual(ReportFormat.negotiate(accept: "text/markdown;q=0.4, application/json;q=0.5"), .json)
        XCTAssertEqual(ReportFormat.negotiate(accept: "text/*"), .markdown)
        XCTAssertEqual(ReportFormat.negotiate(accept: "text/*;q=0.9, text/plain"), .github)
        XCTAssertEqual(ReportFormat.negotiate(accept: "application/json;q=0, */*;q=0.1"), .sarif,
                       "an explicit q=0 excludes even when a wildcard would allow it")
        XCTAssertEqual(ReportFormat.negotiate(accept: "application/sarif+json;q=0.8;charset=utf-8, text/html;q=0.5"), .sarif)
        XCTAssertEqual(ReportFormat.negotiate(accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"), .html,
                       "what a browser sends gets the page")
        XCTAssertEqual(ReportFormat.negotiate(accept: "TEXT/MARKDOWN"), .markdown)
    }

    func testUnacceptableAndMalformedAccept() {
        XCTAssertNil(ReportFormat.negotiate(accept: "image/png"))
        XCTAssertNil(ReportFormat.negotiate(accept: "application/xml"))
        XCTAssertNil(ReportFormat.negotiate(accept: "*/*;q=0"))
        XCTAssertNil(ReportFormat.negotiate(accept: "garbage"))
        XCTAssertNil(ReportFormat.negotiate(accept: "*/json"))
        XCTAssertNil(ReportFormat.negotiate(accept: "application/json;q=2"), "an invalid q drops the range")
        XCTAssertEqual(ReportFormat.negotiate(accept: "application/json;q=abc, text/plain;q=0.1"), .github)
    }

    func testEveryFormatRendersTheReportAndNamesItself() throws {
        for format in ReportFormat.allCases {
            XCTAssertEqual(format.renderer.format, format)
            let data = try SyntheticReports.mixed.rendered(as: format, options: .init(rules: SyntheticReports.catalogue))
            XCTAssertFalse(data.isEmpty, format.rawValue)
            XCTAssertNotNil(String(data: data, encoding: .utf8), "\(format.rawValue) is UTF-8")
            XCTAssertEqual(data, try SyntheticReports.mixed.rendered(as: format, options: .init(rules: SyntheticReports.catalogue)),
                           "\(format.rawValue) is deterministic")
        }
        XCTAssertEqual(try Report.decode(jsonData: SyntheticReports.mixed.rendered(as: .json)), SyntheticReports.mixed)
    }

    func testFailPolicy() {
        let report = SyntheticReports.mixed
        XCTAssertTrue(FailPolicy().fails(report))
        XCTAssertEqual(FailPolicy(threshold: .warning).failingFindings(in: report).count, 3)
        XCTAssertEqual(FailPolicy(threshold: .info).failingFindings(in: report).count, 4)
        XCTAssertFalse(FailPolicy(threshold: nil).fails(report))
        XCTAssertFalse(FailPolicy().fails(SyntheticReports.clean))

        let onlyWarningNew = Baseline(findings: [SyntheticReports.placeholderFinding, SyntheticReports.unlocatedFinding])
            .compare(report)
        XCTAssertFalse(FailPolicy(threshold: .error, scope: .new).fails(onlyWarningNew), "both errors are old")
        XCTAssertTrue(FailPolicy(threshold: .warning, scope: .new).fails(onlyWarningNew))
        XCTAssertTrue(FailPolicy(threshold: .error, scope: .new).fails(report), "no baseline: every finding is new")
    }
}
