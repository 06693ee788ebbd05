import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// The GitHub Action (`action.yml`, `ci/github/entrypoint.sh`) run the way Actions runs a
/// Docker action: every input as `INPUT_<NAME>` with its default, GitHub's variables set,
/// `nibscan` on the `PATH`; once analysing in the job and once submitting to a real server
/// on 127.0.0.1. Checked: the SARIF file (against the official schema), the step summary,
/// the outputs and the exit status that gates the job.
final class GitHubActionTests: XCTestCase {
    private static let root = Fixtures.packageRoot
    private static let sha = "0123456789abcdef0123456789abcdef01234567"

    private struct ActionRun {
        var process: NibscanProcess.Run
        var outputs: [String: String]
        var summary: String
        var workspace: URL
    }

    private func action() throws -> [String: Any] {
        try CIDropIns.yaml(Self.root.appendingPathComponent("action.yml"))
    }

    /// Runs the entrypoint in `workspace` with the action's inputs at their defaults but for `inputs`.
    private func runAction(_ inputs: [String: String], workspace: URL? = nil) throws -> ActionRun {
        let workspace = try workspace ?? CIDropIns.workspace(self)
        let files = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-action-files")
        addTeardownBlock { try? FileManager.default.removeItem(at: files) }
        let outputFile = files.appendingPathComponent("output"), summaryFile = files.appendingPathComponent("summary")
        try Data().write(to: outputFile)
        try Data().write(to: summaryFile)
        var environment = [
            "PATH": try CIDropIns.searchPath(self), "GITHUB_ACTIONS": "true", "CI": "true",
            "GITHUB_WORKSPACE": workspace.path, "GITHUB_OUTPUT": outputFile.path, "GITHUB_STEP_SUMMARY": summaryFile.path,
            "GITHUB_REPOSITORY": "acme/app", "GITHUB_SHA": Self.sha, "GITHUB_SERVER_URL": "https://github.com",
            "GITHUB_REF": "refs/pull/7/merge", "GITHUB_HEAD_REF": "feature/badge", "GITHUB_REF_NAME": "7/merge",
            "RUNNER_TEMP": files.path,
        ]
        let declared = try XCTUnwrap(try action()["inputs"] as? [String: [String: Any]])
        for (name, input) in declared {
            environment["INPUT_" + name.uppercased()] = inputs[name] ?? (input["default"] as? String ?? "")
        }
        XCTAssertEqual(Set(inputs.keys).subtracting(declared.keys), [], "inputs the action does not declare")
        let process = try NibscanProcess.launch(URL(fileURLWithPath: "/bin/bash"), [Self.root.appendingPathComponent("ci/github/entrypoint.sh").path],
                                                environment: environment, currentDirectory: workspace)
        return ActionRun(process: process, outputs: CIDropIns.keyValues(String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)),
                         summary: String(decoding: try Data(contentsOf: summaryFile), as: UTF8.self), workspace: workspace)
    }

    func testActionFileDeclaresWhatTheEntrypointReadsAndTheImageHolds() throws {
        let action = try action()
        let runs = try XCTUnwrap(action["runs"] as? [String: Any])
        XCTAssertEqual(runs["using"] as? String, "docker")
        XCTAssertEqual(runs["image"] as? String, "Dockerfile", "built from the project's Dockerfile")
        let entrypoint = try XCTUnwrap(runs["entrypoint"] as? String)
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        XCTAssertTrue(dockerfile.contains("COPY ci/github/entrypoint.sh \(entrypoint)\n"), "the image holds the entrypoint at \(entrypoint)")
        XCTAssertFalse(dockerfile.contains("\nUSER "), "Actions runs Docker actions as root; the server drops to nibscan in ci/docker/entrypoint.sh")
        XCTAssertTrue(dockerfile.contains("COPY ci/docker/entrypoint.sh /usr/local/bin/nibscan-entrypoint"))
        let script = try String(contentsOf: Self.root.appendingPathComponent("ci/github/entrypoint.sh"), encoding: .utf8)
        let read = Set(script.matches(of: /\$\(input ([A-Z-]+)\)/).map { $0.output.1.lowercased() })
        let inputs = try XCTUnwrap(action["inputs"] as? [String: [String: Any]])
        XCTAssertEqual(read, Set(inputs.keys), "the entrypoint reads exactly the declared inputs")
        for (name, input) in inputs {
            XCTAssertNotNil(input["description"] as? String, name)
            XCTAssertEqual(input["required"] as? Bool, false, "\(name): every input has a default")
        }
    }

    func testLocalRunWritesSARIFSummaryOutputsAndGates() throws {
        let failing = try runAction(["path": CIDropIns.projectFolder])
        XCTAssertEqual(failing.process.status, 1, "the sample's errors fail the default gate: \(failing.process.stderr)")
        let outputs = failing.outputs
        let declaredOutputs = try XCTUnwrap(try action()["outputs"] as? [String: Any])
        XCTAssertEqual(Set(outputs.keys), Set(declaredOutputs.keys), "every declared output is written, no other")
        let reportFile = failing.workspace.appendingPathComponent(try XCTUnwrap(outputs["report-file"]))
        let report = try Report.decode(jsonData: Data(contentsOf: reportFile))
        XCTAssertGreaterThan(report.summary.errors, 0)
        XCTAssertEqual(outputs["errors"], String(report.summary.errors))
        XCTAssertEqual(outputs["warnings"], String(report.summary.warnings))
        XCTAssertEqual(outputs["infos"], String(report.summary.infos))
        XCTAssertEqual(outputs["suppressed"], "0")
        XCTAssertEqual(outputs["new"], "", "no baseline")
        XCTAssertEqual(outputs["sarif-file"], "nibscan.sarif")
        try checkSARIF(failing.workspace.appendingPathComponent("nibscan.sarif"), results: report.findings.count)
        XCTAssertTrue(failing.summary.hasPrefix(MarkdownReportRenderer.marker), failing.summary)
        XCTAssertTrue(failing.summary.contains("](https://github.com/acme/app/blob/\(Self.sha)/apps/Sample%20App/SampleApp/"), failing.summary)
        XCTAssertTrue(failing.process.stdout.contains("::error file=apps/Sample App/SampleApp/"), "annotations on repository paths")

        let passing = try runAction(["path": CIDropIns.projectFolder, "fail-on": "never", "format": "markdown", "sarif-file": "out/scan.sarif"],
                                    workspace: failing.workspace)
        XCTAssertEqual(passing.process.status, 0, passing.process.stderr)
        XCTAssertTrue(passing.process.stdout.hasPrefix(MarkdownReportRenderer.marker))
        XCTAssertEqual(passing.outputs["sarif-file"], "out/scan.sarif")
        XCTAssertEqual(passing.outputs["report-file"], "out/scan.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: failing.workspace.appendingPathComponent("out/scan.sarif").path))

        let baselined = try runAction(["path": CIDropIns.projectFolder, "baseline": "nibscan.json", "fail-scope": "new"], workspace: failing.workspace)
        XCTAssertEqual(baselined.process.status, 0, "nothing new against the first run: \(baselined.process.stderr)")
        XCTAssertEqual(baselined.outputs["new"], "0")
        XCTAssertEqual(baselined.outputs["fixed"], "0")
        XCTAssertEqual(baselined.outputs["errors"], outputs["errors"])
    }

    func testBadInputsStopWithExitTwoAndNoOutputs() throws {
        let cases: [([String: String], String)] = [
            (["path": "../elsewhere"], "::error title=nibscan::path '../elsewhere' must be a folder inside the workspace"),
            (["path": "missing"], "::error title=nibscan::path 'missing' is not a folder of the workspace"),
            (["path": "100%\nsure"], "::error title=nibscan::path '100%25%0Asure' is not a folder of the workspace"),
            (["path": CIDropIns.projectFolder, "server-url": "http://127.0.0.1:9", "config": "x.yml"],
             "::error title=nibscan::config applies to local runs only"),
        ]
        for (inputs, annotation) in cases {
            let run = try runAction(inputs)
            XCTAssertEqual(run.process.status, 2, "\(inputs)")
            XCTAssertTrue(run.process.stdout.hasPrefix(annotation), run.process.stdout)
            XCTAssertEqual(run.outputs, [:])
        }
        let badGate = try runAction(["path": CIDropIns.projectFolder, "fail-on": "sometimes"])
        XCTAssertEqual(badGate.process.status, 2)
        XCTAssertTrue(badGate.process.stderr.contains("nibscan: --fail-on takes error, warning, info or never, not 'sometimes'"), badGate.process.stderr)
        XCTAssertEqual(badGate.outputs, [:])
        XCTAssertEqual(badGate.summary, "")
    }

    func testServerRunSubmitsAndPublishesTheServersReports() throws {
        let token = "ci-token-0123456789abcdef"
        let live = try LiveServer { $0.tokens = "submit,read \(token)" }
        defer { live.stop() }
        let server = "http://127.0.0.1:\(live.port)"
        let run = try runAction(["path": CIDropIns.projectFolder, "server-url": server, "token": token])
        XCTAssertEqual(run.process.status, 1, "the gate of the server's report: \(run.process.stderr)")
        let report = try Report.decode(jsonData: Data(contentsOf: run.workspace.appendingPathComponent(try XCTUnwrap(run.outputs["report-file"]))))
        XCTAssertEqual(run.outputs["errors"], String(report.summary.errors))
        XCTAssertGreaterThan(report.summary.errors, 0)
        try checkSARIF(run.workspace.appendingPathComponent("nibscan.sarif"), results: report.findings.count)
        XCTAssertTrue(run.summary.contains("](https://github.com/acme/app/blob/\(Self.sha)/apps/Sample%20App/SampleApp/"), run.summary)
        XCTAssertTrue(run.summary.contains("[full report](\(server)/v1/analyses/"), "the server's own Markdown, linking its report")
        let listed = try XCTUnwrap(try live.request("GET", "/v1/analyses", headers: ["Authorization": "Bearer \(token)"]).json()["items"] as? [[String: Any]])
        let metadata = listed.first?["metadata"] as? [String: Any]
        XCTAssertEqual(metadata?["commit"] as? String, Self.sha, "CI metadata from GitHub's variables")
        XCTAssertEqual(metadata?["repository"] as? String, "github.com/acme/app", "the canonical name")

        let refused = try runAction(["path": CIDropIns.projectFolder, "server-url": server, "token": "wrong-token-0123456789"], workspace: run.workspace)
        XCTAssertEqual(refused.process.status, 2)
        XCTAssertTrue(refused.process.stderr.contains("401"), refused.process.stderr)
    }

    /// The SARIF file is valid, names the repository and commit, and its paths are the repository's.
    private func checkSARIF(_ file: URL, results: Int, line: UInt = #line) throws {
        XCTAssertEqual(try CIDropIns.sarifSchemaProblems(file), "", line: line)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let provenance = (run["versionControlProvenance"] as? [[String: Any]])?.first
        XCTAssertEqual(provenance?["repositoryUri"] as? String, "https://github.com/acme/app", line: line)
        XCTAssertEqual(provenance?["revisionId"] as? String, Self.sha, line: line)
        let sarifResults = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(sarifResults.count, results, line: line)
        for result in sarifResults {
            let uri = (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
            XCTAssertTrue(uri?.hasPrefix("apps/Sample%20App/SampleApp/") == true, "\(uri ?? "no uri")", line: line)
        }
    }
}
