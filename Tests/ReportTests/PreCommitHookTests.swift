import Foundation
import TestSupport
import XCTest

/// The repository's `.pre-commit-hooks.yaml`, run by the real `pre-commit` (PyPI; installed
/// by `scripts/setup`) on a git repository holding `Examples/SampleApp`.
final class PreCommitHookTests: XCTestCase {
    private func git(_ arguments: [String], in folder: URL) throws {
        let run = try NibscanProcess.launch(URL(fileURLWithPath: "/usr/bin/env"),
                                            ["git", "-c", "user.name=t", "-c", "user.email=t@example.test", "-c", "commit.gpgsign=false"] + arguments,
                                            currentDirectory: folder)
        XCTAssertEqual(run.status, 0, "git \(arguments.joined(separator: " ")): \(run.stderr)")
    }

    private func preCommit() throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/pre-commit" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try XCTUnwrap(path, "pre-commit is not installed: run scripts/setup (it installs scripts/requirements-test.txt)")
    }

    func testTheHookStopsACommitWithXcodeLinesAndPassesUnderAnOpenGate() throws {
        let preCommit = try preCommit()
        let work = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-pre-commit")
        defer { try? FileManager.default.removeItem(at: work) }
        let app = work.appendingPathComponent("app")
        try FileManager.default.copyItem(at: Fixtures.examplesDirectory.appendingPathComponent("SampleApp"), to: app)
        try git(["init", "-q"], in: app)
        try git(["add", "-A"], in: app)
        try git(["commit", "-q", "-m", "sample"], in: app)

        // A hook repository holding this checkout's .pre-commit-hooks.yaml as it is now
        // (committed or not): pre-commit reads nothing else of it for a `system` hook.
        let hooks = work.appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"),
                                         to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
        try git(["init", "-q"], in: hooks)
        try git(["add", "-A"], in: hooks)
        try git(["commit", "-q", "-m", "hooks"], in: hooks)

        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = NibscanProcess.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["PRE_COMMIT_HOME"] = work.appendingPathComponent("cache").path
        environment["NO_COLOR"] = "1"
        func runHook() throws -> NibscanProcess.Run {
            try NibscanProcess.launch(URL(fileURLWithPath: preCommit), ["try-repo", hooks.path, "nibscan", "--all-files", "--color", "never"],
                                      environment: environment, currentDirectory: app)
        }

        let failing = try runHook()
        XCTAssertEqual(failing.status, 1, "the sample's errors stop the commit: \(failing.stdout) \(failing.stderr)")
        XCTAssertTrue(failing.stdout.contains("nibscan") && failing.stdout.contains("Failed"), failing.stdout)
        let root = app.standardizedFileURL.resolvingSymlinksInPath().path
        let diagnostics = failing.stdout.split(separator: "\n").filter { $0.hasPrefix(root + "/") }
        XCTAssertFalse(diagnostics.isEmpty, failing.stdout)
        for line in diagnostics {
            XCTAssertNotNil(line.wholeMatch(of: /.+\.(xib|storyboard|swift|m|h):\d+:\d+: (error|warning|note): .+ \([a-z0-9.-]+\)/), String(line))
        }
        XCTAssertTrue(diagnostics.contains { $0.contains(": error: ") })

        try Data("failOn: never\n".utf8).write(to: app.appendingPathComponent(".nibscan.yml"))
        try git(["add", "-A"], in: app)
        try git(["commit", "-q", "-m", "open gate"], in: app)
        let passing = try runHook()
        XCTAssertEqual(passing.status, 0, passing.stdout + passing.stderr)
        XCTAssertTrue(passing.stdout.contains("Passed"), passing.stdout)
    }
}
