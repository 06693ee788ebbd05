import Analysis
import Foundation
import TestSupport
import XCTest

/// The built `nibscan analyze` end to end: formats on stdout and in files, baselines, and
/// the exit status with its one-line reason.
final class AnalyzeCommandTests: XCTestCase {
    private func nibscan(_ arguments: [String]) throws -> NibscanProcess.Run {
        try NibscanProcess.analyze(arguments)
    }

    private func project() throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli-project")
        try Data("import UIKit\nfinal class CardView: UIView {}\n".utf8)
            .write(to: folder.appendingPathComponent("CardView.swift"))
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testEveryFormatOnStdout() throws {
        let path = try project().path
        for format in ReportFormat.allCases {
            let run = try nibscan([path, "--format", format.rawValue])
            XCTAssertEqual(run.status, 0, "\(format.rawValue): \(run.stderr)")
            // Xcode diagnostics and repairs of a project with no findings are nothing at all.
            XCTAssertEqual(run.stdout.isEmpty, format == .xcode || format == .patch, format.rawValue)
            XCTAssertEqual(run.stderr, "", format.rawValue)
        }
    }

    /// `nibscan ARGUMENTS` under a pseudo-terminal (`script`), with `environment` added to
    /// the test's own; `script` turns each line end into CR LF.
    private func onTerminal(_ arguments: [String], environment: [String: String]) throws -> NibscanProcess.Run {
        let quoted = ([NibscanProcess.executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        merged["NO_COLOR"] = environment["NO_COLOR"]
        return try NibscanProcess.launch(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", quoted.joined(separator: " "), "/dev/null"],
                                         environment: merged)
    }

    func testATerminalGetsReadableTextInColourAndAPipeTheJSONReport() throws {
        let sample = Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path
        let coloured = try onTerminal(["analyze", sample], environment: ["TERM": "xterm-256color"])
        XCTAssertEqual(coloured.status, 1, "the sample fails the default gate: \(coloured.stdout)")
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[1;31merror\u{1B}[0m"), coloured.stdout)
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[1;31mfails\u{1B}[0m the gate (fail on error)"), coloured.stdout)
        XCTAssertTrue(coloured.stdout.contains("fix: "), "the fix hint under a finding")
        XCTAssertFalse(coloured.stdout.hasPrefix("{"))

        for plain in [try onTerminal(["analyze", sample], environment: ["TERM": "xterm", "NO_COLOR": "1"]),
                      try onTerminal(["analyze", sample, "--color", "never"], environment: ["TERM": "xterm"]),
                      try onTerminal(["analyze", sample], environment: ["TERM": "dumb"])] {
            XCTAssertEqual(plain.status, 1)
            XCTAssertFalse(plain.stdout.contains("\u{1B}"), plain.stdout)
            XCTAssertTrue(plain.stdout.contains("errors") && plain.stdout.contains("fails the gate"), plain.stdout)
        }
        let asked = try onTerminal(["analyze", sample, "--format", "json"], environment: ["TERM": "xterm"])
        XCTAssertTrue(asked.stdout.hasPrefix("{"), "an asked format wins on a terminal too")

        let piped = try nibscan([sample])
        XCTAssertEqual(piped.status, 1)
        XCTAssertNoThrow(try Report.decode(jsonData: Data(piped.stdout.utf8)), "a pipe still gets the JSON report")
        let forced = try nibscan([sample, "--format", "text", "--color", "always"])
        XCTAssertTrue(forced.stdout.contains("\u{1B}[1;31merror"), "--color always colours a pipe too")
    }

    func testXcodeFormatPrintsAbsolutePathsForAFolder() throws {
        let sample = Fixtures.examplesDirectory.appendingPathComponent("SampleApp")
        let run = try nibscan([sample.path, "--format", "xcode"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let root = sample.standardizedFileURL.resolvingSymlinksInPath().path
        let lines = run.stdout.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix(root + "/") }, run.stdout)
    }

    func testBaselineMarksFixedFindingsAndOutputGoesToTheFile() throws {
        let path = try project().path
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli-baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let baselineURL = folder.appendingPathComponent("main.json")
        try SyntheticReports.mixed.jsonData().write(to: baselineURL)
        let reportURL = folder.appendingPathComponent("report.json")

        let run = try nibscan([path, "--baseline", baselineURL.path, "--fail-scope", "new", "--output", reportURL.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let report = try Report.decode(jsonData: Data(contentsOf: reportURL))
        XCTAssertEqual(report.baseline?.fixed.count, 4)
        XCTAssertEqual(report.baseline?.reference, baselineURL.path)
    }

    func testOneAnalysisWritesEveryAskedFormatWithSourceLinks() throws {
        let sample = Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli-reports")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sarifURL = folder.appendingPathComponent("n.sarif"), jsonURL = folder.appendingPathComponent("n.json")
        let htmlURL = folder.appendingPathComponent("n.html")
        let run = try nibscan([sample, "--format", "markdown", "--fail-on", "never", "--repository", "acme/app", "--commit", "c0ffee",
                               "--path-prefix", "Examples/SampleApp", "--report", "sarif:\(sarifURL.path)", "--report", "json:\(jsonURL.path)",
                               "--report", "html:\(htmlURL.path)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("](https://github.com/acme/app/blob/c0ffee/Examples/SampleApp/"), run.stdout)
        let page = try String(contentsOf: htmlURL, encoding: .utf8)
        XCTAssertTrue(page.contains("<figure class=\"scenes\">"), "an HTML report asked beside other formats draws the scenes")
        XCTAssertTrue(page.contains("href=\"https://github.com/acme/app/blob/c0ffee/Examples/SampleApp/SampleApp/Base.lproj/Main.storyboard#L14\""))
        XCTAssertFalse(try String(contentsOf: jsonURL, encoding: .utf8).contains("\"drawings\""), "the JSON format leaves the drawings out")
        let report = try Report.decode(jsonData: Data(contentsOf: jsonURL))
        XCTAssertGreaterThan(report.findings.count, 0)
        XCTAssertFalse(report.findings.contains { $0.locations.contains { $0.path.hasPrefix("Examples/") } }, "the JSON report keeps analysed paths")
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: sarifURL)) as? [String: Any])
        let run0 = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run0["versionControlProvenance"] as? [[String: Any]])?.first?["repositoryUri"] as? String, "https://github.com/acme/app")
        XCTAssertEqual((run0["results"] as? [Any])?.count, report.findings.count + (report.suppressed?.count ?? 0))

        let unlinked = try nibscan([sample, "--format", "markdown", "--fail-on", "never"])
        XCTAssertFalse(unlinked.stdout.contains("](https://github.com/"), "no repository, no links")
        let bad = try nibscan([sample, "--repository", "acme/app", "--commit", "c", "--source-link", "https://x/{repo}/{path}"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "nibscan: --source-link: source link template 'https://x/{repo}/{path}' cannot be used: unknown placeholder {repo}; known: {repository}, {commit}, {path}, {line}\n")
        let badEnvironment = try NibscanProcess.run(["analyze", sample], environment: ["NIBSCAN_SOURCE_LINK": "gitlab/{path}"])
        XCTAssertEqual(badEnvironment.status, 2)
        XCTAssertTrue(badEnvironment.stderr.hasPrefix("nibscan: NIBSCAN_SOURCE_LINK: "), badEnvironment.stderr)
    }

    func testBadUsageAndUnreadableInputExitTwoWithOneLine() throws {
        let path = try project().path
        let cases: [([String], String)] = [
            ([path, "--format", "xml"], "nibscan: --format takes one of json, sarif, markdown, github, junit, codeclimate, checkstyle, xcode, text, patch, html, not 'xml'\n"),
            ([path, "--max-compression-ratio", "0"], "nibscan: --max-compression-ratio takes a number of at least 1, not '0'\n"),
            ([path, "--max-ratio", "0"], "nibscan: --max-ratio takes a number of at least 1, not '0'\n"),
            ([path, "--max-xml-depth", "0"], "nibscan: --max-xml-depth takes a whole number of at least 1, not '0'\n"),
            ([path, "--fail-scope", "new"], "nibscan: --fail-scope new needs --baseline REPORT.json\n"),
            ([path, "--baseline", "/nonexistent/main.json"], "nibscan: cannot read baseline '/nonexistent/main.json': no such file\n"),
            ([path, "--baseline", path], "nibscan: cannot read baseline '\(path)': not a readable file\n"),
            ([], "nibscan: analyze needs a PATH (a .zip archive or a folder) (see 'nibscan analyze --help')\n"),
        ]
        for (arguments, message) in cases {
            let run = try nibscan(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertEqual(run.stderr, message)
            XCTAssertEqual(run.stdout, "")
        }
        let notJSON = try nibscan([path, "--baseline", path + "/CardView.swift"])
        XCTAssertEqual(notJSON.status, 2)
        XCTAssertTrue(notJSON.stderr.hasPrefix("nibscan: baseline '\(path)/CardView.swift' is not a nibscan JSON report: "))
    }

    func testHelpExitsZero() throws {
        let run = try nibscan(["--help"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, AnalyzeOptions.usage + "\n")
    }
}
