import Foundation
@testable import Server
import TestSupport
import XCTest

/// The `warning` lines a server starts with when it listens beyond loopback without a
/// setting that matters there. Servers for other hosts are only constructed (which is
/// where settings are judged), never bound: tests listen on loopback only.
final class StartupWarningsTests: XCTestCase {
    private let tokens = "admin token-0123456789abcdef"

    /// The log lines of constructing a server for `host`.
    private func startupLines(host: String, publicURL: String? = nil, tokens: String? = nil,
                              file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = NibscanServer.Configuration(dataDirectory: directory.path)
        configuration.http.host = host
        configuration.publicURL = publicURL
        configuration.tokens = tokens ?? self.tokens
        let buffer = LiveServer.LogBuffer()
        let server = try NibscanServer(configuration: configuration, log: ServerLog { buffer.append($0) })
        withExtendedLifetime(server) {}
        return buffer.lines
    }

    private func warnings(_ lines: [[String: Any]]) -> [[String: Any]] {
        lines.filter { $0["event"] as? String == "warning" }
    }

    func testEveryHostBeyondLoopbackWithoutAPublicURLWarnsOnceNamingTheSetting() throws {
        for host in ["0.0.0.0", "::", "192.0.2.10", "10.1.2.3", "fd00::1", "::ffff:10.0.0.1"] {
            let found = warnings(try startupLines(host: host))
            XCTAssertEqual(found.count, 1, "\(host): \(found)")
            let warning = try XCTUnwrap(found.first)
            XCTAssertEqual(warning["code"] as? String, "server.public-url-unset")
            XCTAssertEqual(warning["setting"] as? String, "--public-url")
            XCTAssertEqual(warning["environment"] as? String, "NIBSCAN_PUBLIC_URL")
            XCTAssertEqual(warning["host"] as? String, host)
            let message = try XCTUnwrap(warning["message"] as? String)
            XCTAssertTrue(message.hasPrefix("listening on \(host) without --public-url"), message)
            XCTAssertTrue(message.contains("Host header"), message)
            XCTAssertNotNil(warning["time"], "a structured line like every other")
        }
    }

    func testAPublicURLSilencesIt() throws {
        XCTAssertEqual(warnings(try startupLines(host: "0.0.0.0", publicURL: "https://nibscan.example.com")).count, 0)
        XCTAssertEqual(warnings(try startupLines(host: "::", publicURL: "https://nibscan.example.com/base/")).count, 0)
    }

    func testLoopbackInAnySpellingStartsWithoutWarnings() throws {
        for host in ["127.0.0.1", "127.0.0.2", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            XCTAssertTrue(NibscanServer.isLoopback(host), host)
            XCTAssertEqual(warnings(try startupLines(host: host)).count, 0, host)
        }
        for host in ["0.0.0.0", "::", "128.0.0.1", "::2", "::ffff:10.0.0.1", "1::1", "not-an-address"] {
            XCTAssertFalse(NibscanServer.isLoopback(host), host)
        }
    }

    func testWithoutTokensBeyondLoopbackTheServerIsRefusedNotWarnedAbout() throws {
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = NibscanServer.Configuration(dataDirectory: directory.path)
        configuration.http.host = "0.0.0.0"
        let buffer = LiveServer.LogBuffer()
        XCTAssertThrowsError(try NibscanServer(configuration: configuration, log: ServerLog { buffer.append($0) })) {
            XCTAssertEqual(($0 as? ServerError).map { "\($0)" }?.contains("no tokens are configured"), true, "\($0)")
        }
        XCTAssertEqual(warnings(buffer.lines).count, 0)
    }

    func testARunningLoopbackServerLogsNoWarning() throws {
        let live = try LiveServer()
        defer { live.stop() }
        XCTAssertNotNil(live.logLines.first { $0["event"] as? String == "listening" })
        XCTAssertEqual(warnings(live.logLines.lines).count, 0)
    }
}
