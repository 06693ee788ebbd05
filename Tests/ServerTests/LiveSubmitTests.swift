import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// The built `nibscan submit` against the real server on 127.0.0.1: waiting and polling,
/// retries after a dropped connection and a 503, the idempotent retry, CI metadata, the
/// gate, clear failures, and a large folder streamed with flat memory.
final class LiveSubmitTests: XCTestCase {
    var live: LiveServer!

    override func setUpWithError() throws {
        live = try LiveServer()
    }

    override func tearDown() {
        live.stop()
    }

    /// A folder whose one finding is a `missing-nib` error.
    private func project() throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-submit")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try Data("""
        import UIKit

        final class SettingsViewController: UIViewController {
            init() { super.init(nibName: "SettingsView", bundle: nil) }
            required init?(coder: NSCoder) { fatalError() }
        }

        final class SettingsRoute {
            func open() -> UIViewController { SettingsViewController() }
        }
        """.utf8).write(to: folder.appendingPathComponent("SettingsViewController.swift"))
        return folder
    }

    private static let githubEnvironment = [
        "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": "0123456789abcdef",
        "GITHUB_REF": "refs/pull/7/merge", "GITHUB_HEAD_REF": "feature/badge", "GITHUB_SERVER_URL": "https://github.com",
    ]

    private func submit(_ folder: URL, port: Int? = nil, _ extra: [String] = [], environment: [String: String] = githubEnvironment) throws -> NibscanProcess.Run {
        var all = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        all.merge(environment) { $1 }
        let timeout = extra.contains("--timeout") ? [] : ["--timeout", "60"]
        return try NibscanProcess.run(["submit", folder.path, "--server", "http://127.0.0.1:\(port ?? live.port)"] + timeout + extra,
                                      environment: all)
    }

    private func analyses() throws -> [[String: Any]] {
        try XCTUnwrap(try live.request("GET", "/v1/analyses").json()["items"] as? [[String: Any]])
    }

    func testWaitingSubmissionWritesTheReportGatesAndSendsTheCIMetadata() throws {
        let folder = try project()
        let outputFolder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-submit-output")
        defer { try? FileManager.default.removeItem(at: outputFolder) }
        let output = outputFolder.appendingPathComponent("nibscan.sarif")
        let run = try submit(folder, ["--format", "sarif", "--output", output.path])
        XCTAssertEqual(run.status, 1, "the missing nib is an error: \(run.stderr)")
        XCTAssertEqual(run.stderr, "", "no progress off a terminal")
        XCTAssertEqual(run.stdout, "")
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["missing-nib"])
        let analysis = try XCTUnwrap(try analyses().first)
        let metadata = try XCTUnwrap(analysis["metadata"] as? [String: Any])
        XCTAssertEqual(metadata["repository"] as? String, "github.com/acme/app")
        XCTAssertEqual(metadata["branch"] as? String, "feature/badge")
        XCTAssertEqual(metadata["commit"] as? String, "0123456789abcdef")
        XCTAssertEqual(metadata["pullRequest"] as? Int, 7)

        XCTAssertEqual(try submit(folder, ["--fail-on", "never"]).status, 0)
    }

    func testAsyncSubmissionPollsUntilTheAnalysisIsDone() throws {
        let run = try submit(try project(), ["--wait", "0"], environment: [:])
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try Report.decode(jsonData: Data(run.stdout.utf8))
        XCTAssertEqual(report.findings.map(\.rule), ["missing-nib"])
        XCTAssertTrue(live.logLines.lines.contains { $0["route"] as? String == "/v1/analyses/{id}" && $0["method"] as? String == "GET" },
                      "it polled the analysis")
    }

    func testRetriesAfterADroppedConnectionAndA503() throws {
        let front = try FlakyFront(relayingTo: live.port, misbehaving: [.drop, .unavailable])
        defer { front.stop() }
        let run = try submit(try project(), port: front.port)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(try Report.decode(jsonData: Data(run.stdout.utf8)).findings.count, 1)
        XCTAssertGreaterThanOrEqual(front.connections, 3)
        XCTAssertEqual(try analyses().count, 1)
    }

    func testARetriedJobReusesTheAnalysis() throws {
        let folder = try project()
        XCTAssertEqual(try submit(folder).status, 1)
        XCTAssertEqual(try submit(folder).status, 1)
        XCTAssertEqual(try analyses().count, 1, "the same commit and path: one analysis")
        XCTAssertTrue(live.logLines.lines.contains { $0["method"] as? String == "POST" && $0["status"] as? Int == 200 })
        var other = Self.githubEnvironment
        other["GITHUB_SHA"] = "fedcba9876543210"
        XCTAssertEqual(try submit(folder, environment: other).status, 1)
        XCTAssertEqual(try analyses().count, 2, "another commit is another analysis")
    }

    func testGitIgnoredFilesAreLeftOut() throws {
        let folder = try project()
        try Data("Ignored/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Ignored"), withIntermediateDirectories: true)
        try Data("final class Left: UIView {}\n".utf8).write(to: folder.appendingPathComponent("Ignored/Left.swift"))
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", folder.path, "init", "-q"]
        try git.run()
        git.waitUntilExit()
        try XCTSkipUnless(git.terminationStatus == 0, "git is not installed")
        let run = try submit(folder)
        let paths = try Report.decode(jsonData: Data(run.stdout.utf8)).files.map(\.path)
        XCTAssertEqual(paths, ["SettingsViewController.swift"])
    }

    func testFailuresAreOneClearLine() throws {
        let folder = try project()
        let unreachable = try submit(folder, port: 1, ["--timeout", "3"])
        XCTAssertEqual(unreachable.status, 2)
        XCTAssertTrue(unreachable.stderr.hasPrefix("nibscan: cannot reach http://127.0.0.1:1: "), unreachable.stderr)
        XCTAssertTrue(unreachable.stderr.hasSuffix("(gave up after retrying)\n"), unreachable.stderr)
        XCTAssertEqual(unreachable.stderr.filter { $0 == "\n" }.count, 1)

        let secured = try LiveServer(withTokens: true)
        defer { secured.stop() }
        let refused = try submit(folder, port: secured.port, ["--token", "not-a-valid-token-at-all"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("nibscan: the service answered the upload with 401 auth."), refused.stderr)
        XCTAssertEqual(try submit(folder, port: secured.port, ["--token", LiveServer.adminToken]).status, 1)

        try Data("failOn: sometimes\n".utf8).write(to: folder.appendingPathComponent(".nibscan.yml"))
        let badConfiguration = try submit(folder)
        XCTAssertEqual(badConfiguration.status, 2)
        XCTAssertEqual(badConfiguration.stderr, "nibscan: \(folder.path)/.nibscan.yml:1:9: failOn takes one of error, warning, info, never, not 'sometimes'\n")
    }

    /// 80 MiB of generated files (incompressible) streamed: the client's peak memory stays
    /// far below the folder's size. The 500 MB figure is `scripts/bench submit`'s.
    func testALargeFolderIsStreamedWithFlatMemory() throws {
        let folder = try project()
        var generator = SeededGenerator(state: 15)
        for index in 0 ..< 80 {
            var bytes = [UInt8](repeating: 0, count: 1 << 20)
            for position in stride(from: 0, to: bytes.count, by: 8) {
                withUnsafeBytes(of: generator.next()) { bytes.replaceSubrange(position ..< position + 8, with: $0) }
            }
            try Data(bytes).write(to: folder.appendingPathComponent(String(format: "blob-%02d.bin", index)))
        }
        let run = try submit(folder, environment: [:])
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try Report.decode(jsonData: Data(run.stdout.utf8))
        XCTAssertEqual(report.project.files, 81)
        XCTAssertGreaterThan(report.project.bytes, 80 << 20)
        XCTAssertGreaterThan(run.peakResidentBytes, 0)
        XCTAssertLessThan(run.peakResidentBytes, 48 << 20, "peak RSS \(run.peakResidentBytes >> 20) MiB for an 80 MiB folder")
        print("nibscan submit: 80 MiB folder, peak RSS \(run.peakResidentBytes >> 20) MiB")
    }
}
