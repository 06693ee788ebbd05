@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// The formats for the developer's desk: Xcode diagnostics that parse back to every
/// finding, and the terminal text with and without colour.
final class DeskFormatsTests: XCTestCase {
    /// `PATH:LINE:COL: error|warning|note: MESSAGE (RULE)`, or `nibscan: SEVERITY: …`.
    private struct Diagnostic: Equatable {
        var path: String?
        var line: Int?
        var column: Int?
        var severity: String
        var message: String
        var rule: String

        init?(_ line: String) {
            guard let match = line.wholeMatch(of: /(?:(.+):(\d+):(\d+)|nibscan): (error|warning|note): (.*) \(([a-z0-9.-]+)\)/) else {
                return nil
            }
            path = match.1.map(String.init)
            self.line = match.2.flatMap { Int($0) }
            column = match.3.flatMap { Int($0) }
            severity = String(match.4)
            message = String(match.5)
            rule = String(match.6)
        }
    }

    private func diagnostics(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func testXcodeLinesParseBackToEveryFindingOfARealProject() throws {
        let sample = Fixtures.examplesDirectory.appendingPathComponent("SampleApp")
        let report = try Analyzer().analysis(path: sample.path).report
        XCTAssertGreaterThan(report.findings.count, 3)
        let root = sample.standardizedFileURL.resolvingSymlinksInPath().path
        let lines = diagnostics(try report.rendered(as: .xcode, options: RenderOptions(absoluteRoot: root)))
        XCTAssertEqual(lines.count, report.findings.count, "one line per finding")
        var unmatched = report.findings
        for line in lines {
            let parsed = try XCTUnwrap(Diagnostic(line), line)
            let path = try XCTUnwrap(parsed.path, line)
            XCTAssertTrue(path.hasPrefix(root + "/"), "absolute under the analysed folder: \(line)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "Xcode can open \(path)")
            let index = try XCTUnwrap(unmatched.firstIndex { finding in
                let location = report.primaryLocation(of: finding)
                return finding.rule == parsed.rule && finding.message == parsed.message
                    && root + "/" + (location?.path ?? "") == path && location?.line == parsed.line
                    && XcodeReportRenderer.label(finding.severity) == parsed.severity
            }, "no finding for \(line)")
            unmatched.remove(at: index)
        }
        XCTAssertTrue(unmatched.isEmpty)
    }

    func testXcodeLinesForAZipUseRepositoryPathsAndStayOneLineEach() throws {
        let report = SyntheticReports.mixed
        let options = RenderOptions(pathMapping: PathMapping(addPrefix: "ios/"))
        let lines = diagnostics(try report.rendered(as: .xcode, options: options))
        XCTAssertEqual(lines.count, 4)
        let parsed = lines.compactMap(Diagnostic.init)
        XCTAssertEqual(parsed.count, 4, lines.joined(separator: "\n"))
        let placeholder = try XCTUnwrap(parsed.first { $0.rule == "placeholder-constraints-dropped" })
        XCTAssertEqual(placeholder.path, "ios/App/Base.lproj/Main.storyboard")
        XCTAssertEqual(placeholder.line, 42)
        XCTAssertEqual(placeholder.column, 7)
        XCTAssertEqual(placeholder.severity, "error")
        XCTAssertFalse(placeholder.message.contains("\r"), "the message's line break became a space")
        let unlocated = try XCTUnwrap(parsed.first { $0.rule == "missing-nib" })
        XCTAssertEqual(unlocated.path, "ios/App/Views/CardView.swift", "falls back to the class declaration")
        XCTAssertEqual(unlocated.column, 1)
        let info = try XCTUnwrap(parsed.first { $0.rule == "misplaced-view" })
        XCTAssertEqual(info.severity, "note")
        XCTAssertFalse(lines.joined().contains("\u{1B}"), "no escape sequence reaches the log")

        var noPlace = SyntheticReports.unlocatedFinding
        noPlace.className = nil
        let alone = diagnostics(try SyntheticReports.report(findings: [noPlace], classes: []).rendered(as: .xcode))
        XCTAssertEqual(alone, ["nibscan: error: No nib named CardView in the project (missing-nib)"])
        XCTAssertEqual(try SyntheticReports.clean.rendered(as: .xcode), Data(), "nothing found, nothing printed")
    }

    func testTextGroupsByFileWithFixesAndTheGatesVerdict() throws {
        let text = String(decoding: try SyntheticReports.mixed.rendered(as: .text), as: UTF8.self)
        XCTAssertFalse(text.contains("\u{1B}"), "no colour unless asked, and none from the project's text")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let storyboard = try XCTUnwrap(lines.firstIndex(of: "App/Base.lproj/Main.storyboard"))
        XCTAssertTrue(lines[storyboard + 1].hasPrefix("  42:7    error   "), lines[storyboard + 1])
        XCTAssertTrue(lines[storyboard + 1].hasSuffix("(placeholder-constraints-dropped)"))
        XCTAssertTrue(lines[storyboard + 2].contains("fix: Copy the placeholder's constraints"), lines[storyboard + 2])
        let swift = try XCTUnwrap(lines.firstIndex(of: "App/Views/CardView.swift"))
        XCTAssertTrue(lines[swift + 1].contains("No nib named CardView"), "a finding without a place is under its class's file")
        XCTAssertLessThan(lines.firstIndex(of: "App Folder/Profile Cell (v2).xib")!, storyboard, "files in path order")
        XCTAssertEqual(lines.last(where: { !$0.isEmpty }),
                       "nibscan: 2 errors, 1 warning, 1 info in 1 class; fails the gate (fail on error)")

        let passing = RenderOptions(failPolicy: FailPolicy(threshold: nil))
        let clean = String(decoding: try SyntheticReports.clean.rendered(as: .text, options: passing), as: UTF8.self)
        XCTAssertEqual(clean, "nibscan: no findings in 1 class; passes the gate (fail on never)\n")
    }

    func testTextInColourMarksEachSeverity() throws {
        let text = String(decoding: try SyntheticReports.mixed.rendered(as: .text, options: RenderOptions(color: true)), as: UTF8.self)
        XCTAssertTrue(text.contains("\u{1B}[1;31merror\u{1B}[0m"))
        XCTAssertTrue(text.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        XCTAssertTrue(text.contains("\u{1B}[1;36mnote\u{1B}[0m"))
        XCTAssertTrue(text.contains("\u{1B}[1;31mfails\u{1B}[0m the gate"))
        XCTAssertFalse(text.contains("\u{1B}[31m"), "the project's own escape sequence is gone")
    }
}
