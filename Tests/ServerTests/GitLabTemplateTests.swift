import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// The GitLab CI template (`ci/gitlab/nibscan.gitlab-ci.yml`): read with PyYAML, its
/// `.nibscan` job's script run as a GitLab runner runs it (one shell, GitLab's predefined
/// variables and the job's variables expanded), and the Code Quality report it declares
/// checked against GitLab's format; once analysing in the job, once through a server.
final class GitLabTemplateTests: XCTestCase {
    private static let template = Fixtures.packageRoot.appendingPathComponent("ci/gitlab/nibscan.gitlab-ci.yml")
    private static let sha = "89abcdef0123456789abcdef0123456789abcdef"
    private static let severities: Set<String> = ["info", "minor", "major", "critical", "blocker"]

    private func job() throws -> [String: Any] {
        try XCTUnwrap(try CIDropIns.yaml(Self.template)[".nibscan"] as? [String: Any], "the hidden job .nibscan")
    }

    func testTemplateDeclaresTheCodeQualityReportItsScriptWrites() throws {
        let job = try job()
        let script = try XCTUnwrap(job["script"] as? [String])
        let codeQuality = try XCTUnwrap((job["artifacts"] as? [String: Any]).flatMap { $0["reports"] as? [String: Any] }?["codequality"] as? String)
        XCTAssertTrue(script.contains { $0.contains("--format codeclimate --output \(codeQuality)") }, "the script writes \(codeQuality)")
        XCTAssertEqual((job["artifacts"] as? [String: Any])?["when"] as? String, "always", "reports are kept when the gate fails")
        let paths = try XCTUnwrap((job["artifacts"] as? [String: Any])?["paths"] as? [String])
        for path in paths { XCTAssertTrue(script.contains { $0.contains(":\(path)") }, "the script writes the artifact \(path)") }
        let image = try XCTUnwrap(job["image"] as? [String: Any])
        XCTAssertEqual(image["entrypoint"] as? [String], [""], "GitLab needs a shell, not the image's nibscan entrypoint")
        let variables = try XCTUnwrap(job["variables"] as? [String: String])
        XCTAssertEqual(Set(variables.keys), ["NIBSCAN_IMAGE", "NIBSCAN_PATH", "NIBSCAN_FAIL_ON", "NIBSCAN_SERVER", "NIBSCAN_SOURCE_LINK"])
        XCTAssertNoThrow(try SourceLinkTemplate(try XCTUnwrap(variables["NIBSCAN_SOURCE_LINK"]).replacingOccurrences(of: "$CI_PROJECT_URL", with: "https://gitlab.com/g/a")))
    }

    func testLocalJobWritesGitLabCodeQuality() throws {
        let (run, workspace) = try runJob([:])
        XCTAssertEqual(run.status, 1, "the sample's errors fail the job: \(run.stderr)")
        try checkCodeQuality(workspace)
        let markdown = try String(contentsOf: workspace.appendingPathComponent("nibscan.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("](https://gitlab.example.com/group/sub/app/-/blob/\(Self.sha)/apps/Sample%20App/SampleApp/"), markdown)
        let passing = try runJob(["NIBSCAN_FAIL_ON": "never"]).0
        XCTAssertEqual(passing.status, 0, passing.stderr)
    }

    func testServerJobWritesGitLabCodeQuality() throws {
        let live = try LiveServer { $0.sourceLink = try? SourceLinkTemplate("https://code.example.com/{repository}/-/blob/{commit}/{path}#L{line}") }
        defer { live.stop() }
        let (run, workspace) = try runJob(["NIBSCAN_SERVER": "http://127.0.0.1:\(live.port)"])
        XCTAssertEqual(run.status, 1, run.stderr)
        try checkCodeQuality(workspace)
        let markdown = try String(contentsOf: workspace.appendingPathComponent("nibscan.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("](https://code.example.com/group/sub/app/-/blob/\(Self.sha)/apps/Sample%20App/SampleApp/"),
                      "the server's --source-link, with the uploaded folder's prefix: \(markdown)")
        let listed = try XCTUnwrap(try live.request("GET", "/v1/analyses").json()["items"] as? [[String: Any]])
        let metadata = listed.first?["metadata"] as? [String: Any]
        XCTAssertEqual(metadata?["repository"] as? String, "gitlab.example.com/group/sub/app", "the canonical name")
        XCTAssertEqual(metadata?["pullRequest"] as? Int, 12)
    }

    /// The job's script in one bash (`-eo pipefail`, as GitLab's runner), in `CI_PROJECT_DIR`.
    private func runJob(_ overrides: [String: String]) throws -> (NibscanProcess.Run, URL) {
        let workspace = try CIDropIns.workspace(self)
        var environment = [
            "PATH": try CIDropIns.searchPath(self), "CI": "true", "GITLAB_CI": "true", "CI_PROJECT_DIR": workspace.path,
            "CI_COMMIT_SHA": Self.sha, "CI_COMMIT_REF_NAME": "feature/badge", "CI_PROJECT_PATH": "group/sub/app",
            "CI_PROJECT_URL": "https://gitlab.example.com/group/sub/app", "CI_SERVER_URL": "https://gitlab.example.com",
            "CI_PIPELINE_SOURCE": "merge_request_event", "CI_MERGE_REQUEST_IID": "12",
            "CI_MERGE_REQUEST_SOURCE_BRANCH_NAME": "feature/badge", "CI_DEFAULT_BRANCH": "main",
        ]
        let job = try job()
        var variables = try XCTUnwrap(job["variables"] as? [String: String])
        variables["NIBSCAN_PATH"] = CIDropIns.projectFolder
        variables.merge(overrides) { $1 }
        for (name, value) in variables { environment[name] = Self.expand(value, environment) }
        let script = try XCTUnwrap(job["script"] as? [String]).joined(separator: "\n")
        let run = try NibscanProcess.launch(URL(fileURLWithPath: "/bin/bash"), ["-eo", "pipefail", "-c", script],
                                            environment: environment, currentDirectory: workspace)
        return (run, workspace)
    }

    /// `$NAME` of a job variable replaced the way GitLab expands variables in variables.
    private static func expand(_ value: String, _ environment: [String: String]) -> String {
        value.replacing(/\$([A-Z_][A-Z0-9_]*)/) { environment[String($0.output.1)] ?? "" }
    }

    /// GitLab's Code Quality format: an array of issues, each with a description, a
    /// check name, a unique fingerprint, a severity GitLab knows, and a location whose
    /// path is a file of the repository and whose `lines.begin` is a line.
    private func checkCodeQuality(_ workspace: URL, line: UInt = #line) throws {
        let data = try Data(contentsOf: workspace.appendingPathComponent("gl-code-quality-report.json"))
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]], "an array of objects", line: line)
        let report = try Report.decode(jsonData: Data(contentsOf: workspace.appendingPathComponent("nibscan.json")))
        XCTAssertEqual(issues.count, report.findings.count, line: line)
        XCTAssertGreaterThan(issues.count, 0, line: line)
        var fingerprints: Set<String> = []
        for issue in issues {
            XCTAssertFalse((issue["description"] as? String ?? "").isEmpty, line: line)
            XCTAssertFalse((issue["check_name"] as? String ?? "").isEmpty, line: line)
            let fingerprint = try XCTUnwrap(issue["fingerprint"] as? String, line: line)
            XCTAssertTrue(fingerprints.insert(fingerprint).inserted, "fingerprint \(fingerprint) repeats", line: line)
            XCTAssertTrue(Self.severities.contains(issue["severity"] as? String ?? ""), "\(issue["severity"] ?? "none")", line: line)
            let location = try XCTUnwrap(issue["location"] as? [String: Any], line: line)
            let path = try XCTUnwrap(location["path"] as? String, line: line)
            XCTAssertTrue(FileManager.default.fileExists(atPath: workspace.appendingPathComponent(path).path), "\(path) is a repository path", line: line)
            let begin = try XCTUnwrap((location["lines"] as? [String: Any])?["begin"] as? Int, line: line)
            XCTAssertGreaterThanOrEqual(begin, 1, line: line)
        }
    }
}
