import Analysis
import Foundation
import TestSupport
import XCTest

/// docs/report.md stays true: its example is a schemaVersion 1 report exactly as nibscan
/// prints it, cut from a real analysis of the bundled example app.
final class ReportDocumentationTests: XCTestCase {
    private func documentedExample() throws -> String {
        let page = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/report.md"), encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: "```json\n"))
        let end = try XCTUnwrap(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        return String(page[start.upperBound..<end.lowerBound])
    }

    func testExampleIsPrintedAsNibscanPrintsIt() throws {
        let example = try documentedExample()
        let report = try Report.decode(jsonData: Data(example.utf8))
        XCTAssertEqual(report.schemaVersion, 1)
        XCTAssertEqual(String(decoding: try report.jsonData(), as: UTF8.self), example)
    }

    func testExampleIsCutFromARealAnalysisOfTheSampleApp() throws {
        let example = try Report.decode(jsonData: Data(try documentedExample().utf8))
        let real = try Analyzer().analyze(path: Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path)
        XCTAssertEqual(example.project, real.project)
        XCTAssertEqual(example.tool, real.tool)
        var summary = example.summary
        summary.durationMs = real.summary.durationMs
        XCTAssertEqual(summary, real.summary)
        XCTAssertTrue(example.files.allSatisfy(real.files.contains))
        XCTAssertTrue(example.findings.allSatisfy(real.findings.contains))
        for documented in example.classes {
            let actual = try XCTUnwrap(real.classes.first { $0.name == documented.name })
            XCTAssertEqual(documented.declared, actual.declared)
            XCTAssertEqual(documented.nibs, actual.nibs)
            XCTAssertEqual(documented.placements, actual.placements)
            for strategy in documented.strategies {
                let found = try XCTUnwrap(actual.strategies.first { $0.id == strategy.id && $0.variant == strategy.variant })
                XCTAssertTrue(strategy.evidence.allSatisfy(found.evidence.contains))
            }
        }
    }
}
