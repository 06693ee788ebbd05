import Analysis
import Foundation
import TestSupport
import XCTest

/// Issue 8's promise, end to end with the real rules: a pull request that only moves code
/// around or renames an unrelated file brings no "new" finding against its baseline.
final class BaselineStabilityTests: XCTestCase {
    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-baseline")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    func testMovedLinesAndRenamedUnrelatedFileKeepEveryFindingUnchanged() throws {
        let before = try copySampleApp(named: "before")
        let after = try copySampleApp(named: "after")
        // Lines inserted above findings, in a source file and in a storyboard.
        try prepend("// Moved by a refactoring.\n\n\n", to: after.appendingPathComponent("Views/BadgeView.swift"))
        try insert("<!-- reordered -->\n", afterFirstLineOf: after.appendingPathComponent("Base.lproj/Main.storyboard"))
        // An unrelated file renamed.
        try FileManager.default.moveItem(at: after.appendingPathComponent("Views/SparklineView.swift"),
                                         to: after.appendingPathComponent("Views/ChartSparklineView.swift"))

        let baselineReport = try Analyzer().analyze(path: before.path)
        let current = try Analyzer().analyze(path: after.path)
        XCTAssertFalse(baselineReport.findings.isEmpty, "the sample app plants hazards")
        XCTAssertNotEqual(baselineReport.findings.flatMap(\.locations), current.findings.flatMap(\.locations),
                          "the edits must move some finding's lines for this test to mean anything")

        let compared = Baseline(report: baselineReport).compare(current)

        XCTAssertEqual(compared.findings.filter { $0.baseline != .unchanged }.map(\.rule), [])
        XCTAssertEqual(compared.baseline?.new, 0)
        XCTAssertEqual(compared.baseline?.fixed.count, 0)
    }

    func testAFixedHazardIsListedAsFixedAndANewOneAsNew() throws {
        let before = try copySampleApp(named: "before")
        let after = try copySampleApp(named: "after")
        // Fix the missing nib name; break an outlet name instead.
        try replace("\"SettingsView\"", with: "\"SettingsViewController\"",
                    in: after.appendingPathComponent("Settings/SettingsViewController.swift"))
        try replace("property=\"countLabel\"", with: "property=\"countLbl\"",
                    in: after.appendingPathComponent("Views/BadgeView.xib"))

        let compared = Baseline(report: try Analyzer().analyze(path: before.path))
            .compare(try Analyzer().analyze(path: after.path))

        XCTAssertEqual(compared.baseline?.fixed.map(\.rule), ["missing-nib"])
        // The renamed connection crashes, and the outlet it used to fill is now unused.
        XCTAssertEqual(compared.findings.filter { $0.baseline == .new }.map(\.rule).sorted(),
                       ["outlet-not-in-class", "unused-outlet"])
    }

    private func copySampleApp(named name: String) throws -> URL {
        let destination = workspace.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.examplesDirectory.appendingPathComponent("SampleApp"), to: destination)
        return destination.appendingPathComponent("SampleApp")
    }

    private func prepend(_ text: String, to url: URL) throws {
        try Data((text + String(decoding: try Data(contentsOf: url), as: UTF8.self)).utf8).write(to: url)
    }

    private func insert(_ text: String, afterFirstLineOf url: URL) throws {
        let contents = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        guard let newline = contents.firstIndex(of: "\n") else { return XCTFail("\(url.path) has one line") }
        try Data((contents[...newline] + text + contents[contents.index(after: newline)...]).utf8).write(to: url)
    }

    private func replace(_ old: String, with new: String, in url: URL) throws {
        let contents = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        XCTAssertTrue(contents.contains(old), "\(url.lastPathComponent) no longer contains \(old)")
        try Data(contents.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }
}
