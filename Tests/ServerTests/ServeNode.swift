import Foundation
import Glibc
import TestSupport

/// One real `nibscan serve` process (the built executable) on 127.0.0.1 with a free port,
/// its own temporary data directory and its log (stderr) in a file, so that tests can kill
/// it (`SIGKILL`, `SIGTERM`) as an orchestrator would and read what it logged.
final class ServeNode: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let name: String
    let port: Int
    let dataDirectory: URL
    private let logFile: URL
    private let process = Process()

    /// Starts `nibscan serve` on `database` under node id `name` with `arguments` added,
    /// and waits (bounded) until it listens and `/readyz` answers 200.
    init(name: String, database: String, arguments: [String] = []) throws {
        self.name = name
        dataDirectory = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-node")
        logFile = dataDirectory.appendingPathComponent("serve.log")
        try Data().write(to: logFile)
        process.executableURL = URL(fileURLWithPath: Fixtures.nibscanExecutable)
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--database", database, "--node-id", name,
                             "--data-dir", dataDirectory.appendingPathComponent("data").path,
                             "--openapi", Fixtures.packageRoot.appendingPathComponent("openapi.yaml").path] + arguments
        // Only what the tests pass: no NIBSCAN_* setting of the environment leaks in.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("NIBSCAN_") }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 30)
        var listening: Int?
        while listening == nil && process.isRunning && Date() < deadline {
            listening = Self.events(in: logFile, named: "listening").first?["port"] as? Int
            if listening == nil { usleep(20_000) }
        }
        guard let listening else {
            process.terminate()
            throw Failure(description: "node \(name) did not start: \(String(decoding: (try? Data(contentsOf: logFile)) ?? Data(), as: UTF8.self))")
        }
        port = listening
        while Date() < deadline {
            if (try? request("GET", "/readyz").status) == 200 { return }
            usleep(50_000)
        }
        throw Failure(description: "node \(name) on port \(port) never became ready")
    }

    var pid: pid_t { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data(),
                 timeout: TimeInterval = 30) throws -> RawHTTPClient.Response {
        try RawHTTPClient.request(port: port, method, target, headers: headers, body: body, timeout: timeout)
    }

    /// Uploads a zip; returns the response.
    func upload(_ zip: Data, query: String = "") throws -> RawHTTPClient.Response {
        try request("POST", "/v1/analyses\(query)", headers: ["Content-Type": "application/zip"], body: zip)
    }

    /// The event lines named `name` this node logged so far, oldest first.
    func events(_ name: String) -> [[String: Any]] {
        Self.events(in: logFile, named: name)
    }

    /// The ids this node logged as claimed (one entry per claim, so a repeat shows).
    func claimedIDs() -> [String] {
        events("analysis-claimed").compactMap { $0["analysisId"] as? String }
    }

    /// When an event line was logged (its `time`).
    static func time(of event: [String: Any]) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (event["time"] as? String).flatMap(formatter.date(from:))
    }

    /// The sum of the samples of `name` in `/metrics` whose labels include `labels`.
    func metric(_ name: String, labels: String = "") throws -> Double {
        let text = try request("GET", "/metrics").text
        return text.split(separator: "\n").filter { $0.hasPrefix(name + "{") && $0.contains(labels) }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits up to `timeout` seconds for the process to end; its exit status, or `nil`
    /// when it still runs or was killed by a signal.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning, process.terminationReason == .exit else { return nil }
        return process.terminationStatus
    }

    /// The processes this node started that still run (its analysis children), from `/proc`.
    func childProcesses() -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { Self.parent(of: $0) == pid }
    }

    /// Whether process `child` still runs (not gone, not a zombie).
    static func isAlive(_ child: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
              let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
        return state != "Z"
    }

    /// The parent of process `child` (`/proc/PID/stat`: the field after the state).
    private static func parent(of child: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8) else { return nil }
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// Waits up to `timeout` seconds until the process is gone or a zombie (read from
    /// `/proc`, which shows a kill at once, before `Process` notices).
    func waitForDeath(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Self.isAlive(pid) && Date() < deadline { usleep(20_000) }
        return !Self.isAlive(pid)
    }

    /// SIGTERM, then SIGKILL after 15 s; removes the data directory.
    func stop() {
        if process.isRunning {
            signal(SIGTERM)
            if waitForExit(timeout: 15) == nil && process.isRunning {
                signal(SIGKILL)
                process.waitUntilExit()
            }
        }
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    private static func events(in file: URL, named name: String) -> [[String: Any]] {
        guard let data = try? Data(contentsOf: file) else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            guard let line = try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any], line["event"] as? String == name else { return nil }
            return line
        }
    }
}
