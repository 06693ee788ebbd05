import Foundation

/// The built `nibscan` executable run as a child process with a deadline, its output
/// captured in files (pipes could fill and block a large report).
public struct NibscanProcess {
    public struct Run {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The child's peak resident memory (`VmHWM`), sampled while it ran, in bytes.
        public var peakResidentBytes: Int
    }

    private struct MissingExecutable: Error, CustomStringConvertible {
        var path: String
        var description: String { "nibscan is not built at \(path): run swift build --build-tests first" }
    }

    public static var executable: URL {
        Bundle.main.bundleURL.appendingPathComponent("nibscan")
    }

    /// Runs `nibscan analyze ARGUMENTS`; with `unprivileged`, as user `nobody` through
    /// `setpriv`, so that file permissions apply even when the tests run as root.
    public static func analyze(_ arguments: [String], unprivileged: Bool = false) throws -> Run {
        try run(["analyze"] + arguments, unprivileged: unprivileged)
    }

    /// Runs `nibscan ARGUMENTS` with `environment` (the test's own when `nil`).
    public static func run(_ arguments: [String], environment: [String: String]? = nil, unprivileged: Bool = false) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw MissingExecutable(path: executable.path)
        }
        let command = [executable.path] + arguments
        if unprivileged {
            return try launch(URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command,
                              environment: environment)
        }
        return try launch(executable, arguments, environment: environment)
    }

    /// Runs any program (a CI script, a checker) the same way: output in files, a 120 s
    /// deadline, the peak memory sampled.
    public static func launch(_ program: URL, _ arguments: [String], environment: [String: String]? = nil,
                              currentDirectory: URL? = nil) throws -> Run {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let err = folder.appendingPathComponent("err")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let environment { process.environment = environment }
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        var peak = 0
        while process.isRunning && Date() < deadline {
            peak = max(peak, Self.peakResidentBytes(of: process.processIdentifier))
            Thread.sleep(forTimeInterval: 0.02)
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self),
                   peakResidentBytes: peak)
    }

    /// `VmHWM` of `/proc/PID/status` in bytes, 0 when it cannot be read.
    private static func peakResidentBytes(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
