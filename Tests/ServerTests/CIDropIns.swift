import Foundation
import TestSupport
import XCTest

/// What the tests of the CI drop-ins (the GitHub Action, the GitLab template) share: a
/// workspace holding a real project, `nibscan` on a `PATH` as in the image, and independent
/// checkers (PyYAML for the YAML files, jsonschema for SARIF).
enum CIDropIns {
    /// The folder of the workspace the project is copied to: a space, so escaping shows.
    static let projectFolder = "apps/Sample App"

    /// A fresh workspace with `Examples/SampleApp` at ``projectFolder``.
    static func workspace(_ test: XCTestCase) throws -> URL {
        let workspace = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-ci-workspace")
        test.addTeardownBlock { try? FileManager.default.removeItem(at: workspace) }
        let project = workspace.appendingPathComponent(projectFolder)
        try FileManager.default.createDirectory(at: project.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.examplesDirectory.appendingPathComponent("SampleApp"), to: project)
        return workspace
    }

    /// `PATH` with a folder holding `nibscan` (the build's) first, as `/usr/local/bin` in the image.
    static func searchPath(_ test: XCTestCase) throws -> String {
        let bin = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-ci-bin")
        test.addTeardownBlock { try? FileManager.default.removeItem(at: bin) }
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("nibscan").path, withDestinationPath: Fixtures.nibscanExecutable)
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// `file` read by PyYAML (`safe_load`) and handed back as JSON objects.
    static func yaml(_ file: URL) throws -> [String: Any] {
        let run = try python("import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1], encoding='utf-8'))))", file.path)
        guard run.status == 0, let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw CheckerFailure(description: "PyYAML cannot read \(file.path) (run scripts/setup for pyyaml): \(run.stderr)")
        }
        return object
    }

    /// The problems jsonschema finds in the SARIF file `file` against the official schema; empty when valid.
    static func sarifSchemaProblems(_ file: URL) throws -> String {
        let schema = Fixtures.sharedDirectory.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
        let run = try python("""
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[2], encoding="utf-8"))
        log = json.load(open(sys.argv[1], encoding="utf-8"))
        for error in jsonschema.Draft4Validator(schema).iter_errors(log):
            print("/".join(str(p) for p in error.path), error.message)
        """, file.path, schema.path)
        guard run.status == 0 else { throw CheckerFailure(description: "jsonschema did not run (scripts/setup): \(run.stderr)") }
        return run.stdout
    }

    private static func python(_ script: String, _ arguments: String...) throws -> NibscanProcess.Run {
        try NibscanProcess.launch(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments)
    }

    /// `key=value` lines (what `$GITHUB_OUTPUT` takes) as a dictionary.
    static func keyValues(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return values
    }

    struct CheckerFailure: Error, CustomStringConvertible {
        var description: String
    }
}
