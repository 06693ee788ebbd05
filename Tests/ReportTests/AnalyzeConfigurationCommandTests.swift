import Analysis
import Foundation
import TestSupport
import XCTest

/// `nibscan analyze` with a `.nibscan.yml`: found at the folder's root or given with
/// `--config`, its gate and baseline used unless flags say otherwise, and exit 2 with the
/// file, line and column when it cannot be used.
final class AnalyzeConfigurationCommandTests: XCTestCase {
    /// A folder whose one finding is a `missing-nib` error.
    private func project(configuration: String? = nil) throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli-config")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try Data("""
        import UIKit

        final class SettingsViewController: UIViewController {
            init() {
                super.init(nibName: "SettingsView", bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
        }

        final class SettingsRoute {
            func open() -> UIViewController { SettingsViewController() }
        }
        """.utf8).write(to: folder.appendingPathComponent("SettingsViewController.swift"))
        if let configuration { try Data(configuration.utf8).write(to: folder.appendingPathComponent(".nibscan.yml")) }
        return folder
    }

    private func findings(_ run: NibscanProcess.Run) throws -> [String] {
        try Report.decode(jsonData: Data(run.stdout.utf8)).findings.map { "\($0.rule):\($0.severity.rawValue)" }
    }

    func testTheFoldersConfigurationIsApplied() throws {
        let plain = try NibscanProcess.analyze([try project().path])
        XCTAssertEqual(plain.status, 1)
        XCTAssertEqual(try findings(plain), ["missing-nib:error"])

        let lowered = try NibscanProcess.analyze([try project(configuration: "rules:\n  missing-nib: warning\n").path])
        XCTAssertEqual(lowered.status, 0, lowered.stderr)
        XCTAssertEqual(try findings(lowered), ["missing-nib:warning"])
    }

    func testFailOnFromTheConfigurationAndTheFlagWins() throws {
        let path = try project(configuration: "rules: {missing-nib: warning}\nfailOn: warning\n").path
        XCTAssertEqual(try NibscanProcess.analyze([path]).status, 1)
        XCTAssertEqual(try NibscanProcess.analyze([path, "--fail-on", "error"]).status, 0)
    }

    func testConfigFlagReplacesTheProjectsOwnAndItsBaselineIsRelativeToIt() throws {
        let path = try project(configuration: "rules: {missing-nib: off}\n").path
        let elsewhere = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli-config-file")
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let first = try NibscanProcess.analyze([try project().path])
        try Data(first.stdout.utf8).write(to: elsewhere.appendingPathComponent("main.json"))
        let configFile = elsewhere.appendingPathComponent("strict.yml")
        try Data("baseline: main.json\nfailScope: new\n".utf8).write(to: configFile)

        let run = try NibscanProcess.analyze([path, "--config", configFile.path])
        XCTAssertEqual(run.status, 0, "the only error is unchanged: \(run.stderr)")
        let report = try Report.decode(jsonData: Data(run.stdout.utf8))
        XCTAssertEqual(report.findings.map(\.baseline), [.unchanged])
        XCTAssertEqual(report.baseline?.reference, elsewhere.appendingPathComponent("main.json").path)
    }

    func testAnUnusableConfigurationExitsTwoNamingTheFileLineAndColumn() throws {
        let cases: [(String, String)] = [
            ("rules:\n  missing-nib: off\n  no-such-rule: off\n", ".nibscan.yml:3:3: unknown rule 'no-such-rule' ('nibscan rules' lists them)"),
            ("failOn: error\nexlude: [Pods]\n", ".nibscan.yml:2:1: unknown key 'exlude'; expected one of rules, exclude, include, dependencies, ignore, baseline, failOn, failScope"),
            ("exclude: Pods\n", ".nibscan.yml:1:10: expected a list of path patterns under exclude, found a single value"),
            ("failScope: new\n", "failScope: new (in .nibscan.yml) needs a baseline: set baseline there or give --baseline REPORT.json"),
        ]
        for (configuration, message) in cases {
            let run = try NibscanProcess.analyze([try project(configuration: configuration).path])
            XCTAssertEqual(run.status, 2, configuration)
            XCTAssertEqual(run.stderr, "nibscan: \(message)\n")
            XCTAssertEqual(run.stdout, "")
        }
        let missing = try NibscanProcess.analyze([try project().path, "--config", "/nonexistent/nibscan.yml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "nibscan: /nonexistent/nibscan.yml:1:1: no readable configuration file here\n")
    }
}
