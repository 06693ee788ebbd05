import Foundation
import TestSupport

/// The built `nibscan` executable run as a child process with a deadline, its output
/// captured in files (pipes could fill and block a large report).
struct NibscanProcess {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private struct MissingExecutable: Error, CustomStringConvertible {
        var path: String
        var description: String { "nibscan is not built at \(path): run swift build --build-tests first" }
    }

    static var executable: URL {
        Bundle.main.bundleURL.appendingPathComponent("nibscan")
    }

    /// Runs `nibscan analyze ARGUMENTS`; with `unprivileged`, as user `nobody` through
    /// `setpriv`, so that file permissions apply even when the tests run as root.
    static func analyze(_ arguments: [String], unprivileged: Bool = false) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw MissingExecutable(path: executable.path)
        }
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        let command = [executable.path, "analyze"] + arguments
        if unprivileged {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command
        } else {
            process.executableURL = executable
            process.arguments = Array(command.dropFirst())
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}
