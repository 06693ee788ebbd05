import Foundation
import TestSupport

/// Runs an independent Python checker (jsonschema, junitparser, lxml) on a rendered output.
/// A missing interpreter or module fails the test with the fix, never skips it.
enum PythonChecker {
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs `script` with `python3`, the input file path as `sys.argv[1]`, and extra
    /// arguments after it; gives up after 120 seconds.
    static func run(script: String, input: Data, arguments: [String] = []) throws -> Outcome {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptURL = folder.appendingPathComponent("check.py")
        let inputURL = folder.appendingPathComponent("input")
        try Data(script.utf8).write(to: scriptURL)
        try input.write(to: inputURL)
        return try execute(["python3", scriptURL.path, inputURL.path] + arguments)
    }

    /// Throws (failing the test, naming `scripts/setup`) unless python3 imports every module.
    static func require(modules: [String]) throws {
        let imports = modules.map { "import \($0)" }.joined(separator: "; ")
        let outcome = try execute(["python3", "-c", imports])
        guard outcome.status == 0 else {
            throw CheckerMissing(message: "python3 with \(modules.joined(separator: ", ")) is needed: run scripts/setup (\(outcome.output))")
        }
    }

    struct CheckerMissing: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    private static func execute(_ command: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let collected = PipeDrain(pipe.fileHandleForReading)
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return Outcome(status: -1, output: "timed out after 120 s: \(command.joined(separator: " "))")
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: collected.wait(timeout: .now() + 10), as: UTF8.self))
    }
}
