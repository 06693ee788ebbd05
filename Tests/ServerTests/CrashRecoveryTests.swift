import Foundation
@testable import Server
import TestSupport
import XCTest

/// Runs the built `nibscan` executable, kills it with SIGKILL and restarts it on the same
/// data directory: nothing accepted is lost, interrupted analyses run again.
final class CrashRecoveryTests: XCTestCase {
    /// One `nibscan serve` process and its log file.
    final class ServerProcess {
        let process = Process()
        let logURL: URL
        let port: Int

        init(dataDirectory: URL, logURL: URL) throws {
            self.logURL = logURL
            process.executableURL = try Self.executable()
            process.arguments = ["serve", "--port", "0", "--data-dir", dataDirectory.path, "--workers", "1", "--shutdown-grace", "2"]
            guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
                throw RawHTTPClient.Failure(description: "cannot create \(logURL.path)")
            }
            process.standardError = try FileHandle(forWritingTo: logURL)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            var found: Int?
            let deadline = Date(timeIntervalSinceNow: 15)
            while found == nil && Date() < deadline && process.isRunning {
                found = Self.events(in: logURL).first { $0["event"] as? String == "listening" }?["port"] as? Int
                if found == nil { usleep(50_000) }
            }
            guard let found else {
                process.terminate()
                throw RawHTTPClient.Failure(description: "nibscan serve did not log its port: \(String(decoding: (try? Data(contentsOf: logURL)) ?? Data(), as: UTF8.self))")
            }
            port = found
        }

        /// The `nibscan` built next to the test bundle (the build products folder).
        static func executable() throws -> URL {
            let bundle = Bundle(for: CrashRecoveryTests.self).bundleURL
            let candidates = [bundle.appendingPathComponent("nibscan"), bundle.deletingLastPathComponent().appendingPathComponent("nibscan")]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) && !$0.hasDirectoryPath }) else {
                throw RawHTTPClient.Failure(description: "no nibscan executable in \(candidates.map(\.path)); build with 'swift build --build-tests'")
            }
            return found
        }

        static func events(in url: URL) -> [[String: Any]] {
            let text = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }

        /// SIGKILL, then a bounded wait for the exit. Foundation learns of it when the last
        /// holder of a descriptor it gave the child closes it: an analysis child that kept the
        /// server's descriptors would leave this waiting for as long as that child lived.
        func kill9() {
            kill(process.processIdentifier, SIGKILL)
            let deadline = Date(timeIntervalSinceNow: 20)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            XCTAssertFalse(process.isRunning, "nibscan serve was not seen to exit within 20 s of SIGKILL")
        }

        /// SIGTERM, then the exit status (bounded wait).
        func terminate() -> Int32? {
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date(timeIntervalSinceNow: 20)
            while process.isRunning && Date() < deadline { usleep(50_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                return nil
            }
            return process.terminationStatus
        }
    }

    func testKillNineAndRestartLosesNothing() throws {
        let directory = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-crash")
        defer { try? FileManager.default.removeItem(at: directory) }
        let dataDirectory = directory.appendingPathComponent("data")
        let first = try ServerProcess(dataDirectory: dataDirectory, logURL: directory.appendingPathComponent("first.log"))
        var ids: [String] = []
        for index in 0 ..< 8 {
            let response = try RawHTTPClient.request(port: first.port, "POST", "/v1/analyses?branch=b\(index)",
                                                     headers: ["Content-Type": "application/zip"], body: LiveServer.sampleZip())
            XCTAssertEqual(response.status, 202)
            ids.append(try XCTUnwrap(try response.json()["id"] as? String))
        }
        first.kill9()

        // Reproduce the crash window deterministically: the kill may have caught any
        // analysis mid-run, so put some back to 'running' as a worker would have left them.
        let store = try AnalysisStore(path: dataDirectory.appendingPathComponent("nibscan.sqlite").path)
        try store.withDatabase { database in
            try database.query("UPDATE analyses SET status = 'running', attempts = 1, finished_at = NULL, error_code = NULL WHERE id IN (?, ?, ?)",
                               [.text(ids[0]), .text(ids[1]), .text(ids[2])])
            try database.query("UPDATE analyses SET status = 'running', attempts = 3 WHERE id = ?", [.text(ids[3])])
            try database.query("UPDATE analyses SET status = 'queued', attempts = 0, finished_at = NULL WHERE id = ?", [.text(ids[4])])
        }
        XCTAssertEqual(try store.list(.init(limit: 100)).count, 8, "every accepted upload survived the kill")

        let second = try ServerProcess(dataDirectory: dataDirectory, logURL: directory.appendingPathComponent("second.log"))
        let recovered = ServerProcess.events(in: second.logURL).first { $0["event"] as? String == "recovered" }
        // At least the three put back; more when the kill itself caught an analysis mid-run.
        XCTAssertGreaterThanOrEqual(recovered?["requeued"] as? Int ?? 0, 3)
        XCTAssertEqual(recovered?["failed"] as? Int, 1)
        let deadline = Date(timeIntervalSinceNow: 30)
        var statuses: [String: String] = [:]
        while Date() < deadline {
            for id in ids {
                let body = try RawHTTPClient.request(port: second.port, "GET", "/v1/analyses/\(id)").json()
                statuses[id] = body["status"] as? String
            }
            if statuses.values.allSatisfy({ $0 == "succeeded" || $0 == "failed" }) { break }
            usleep(100_000)
        }
        XCTAssertEqual(statuses.count, 8)
        XCTAssertTrue(statuses.values.allSatisfy { $0 == "succeeded" || $0 == "failed" }, "\(statuses)")
        let requeued = try RawHTTPClient.request(port: second.port, "GET", "/v1/analyses/\(ids[0])").json()
        XCTAssertEqual(requeued["attempts"] as? Int, 2, "the interrupted analysis ran again")
        let gaveUp = try RawHTTPClient.request(port: second.port, "GET", "/v1/analyses/\(ids[3])").json()
        XCTAssertEqual((gaveUp["error"] as? [String: Any])?["code"] as? String, "analysis.interrupted")
        XCTAssertEqual(second.terminate(), 0, "SIGTERM drains and exits 0")
        XCTAssertTrue(ServerProcess.events(in: second.logURL).contains { $0["event"] as? String == "stopped" })
    }
}
