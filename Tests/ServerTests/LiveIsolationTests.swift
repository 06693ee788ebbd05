import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// Each analysis runs in its own child process: a child that crashes, runs out of memory
/// or runs too long fails only its own analysis, with a reason naming the limit, while the
/// server keeps serving (over loopback). The children misbehave on purpose through
/// ``AnalysisFault``, which only a test server enables.
final class LiveIsolationTests: XCTestCase {
    var live: LiveServer!

    override func setUpWithError() throws {
        live = try LiveServer { configuration in
            configuration.workerTestFaults = true
            configuration.workers = 2
            configuration.analysisIsolation.memoryBytes = 1 << 30
            // One CPU second is reached well before 15 wall-clock seconds even on a loaded machine.
            configuration.analysisIsolation.cpuSeconds = 1
            configuration.analysisIsolation.wallSeconds = 15
        }
    }

    override func tearDown() {
        live.stop()
    }

    private func submitFaulty(_ fault: AnalysisFault) throws -> String {
        let response = try live.upload(LiveServer.sampleZip(), query: "?repository=acme%2Fnibscan-test-fault-\(fault.rawValue)")
        XCTAssertEqual(response.status, 202, response.text)
        return try XCTUnwrap(try response.json()["id"] as? String)
    }

    func testAMisbehavingChildFailsOnlyItsAnalysis() throws {
        let expected: [(AnalysisFault, String, String)] = [
            (.crash, "analysis.crashed", "signal 11"),
            (.memory, "analysis.memory-limit", "more than 1073741824 bytes of memory"),
            (.spin, "analysis.time-limit", "more than 1 s of CPU time"),
            (.hang, "analysis.time-limit", "longer than 15 s"),
        ]
        for (fault, code, words) in expected {
            let id = try submitFaulty(fault)
            // Served while the child misbehaves: a health check and a normal analysis.
            XCTAssertEqual(try live.request("GET", "/livez").status, 200)
            let healthy = try live.upload(LiveServer.sampleZip(), query: "?wait=30")
            XCTAssertEqual(healthy.status, 200, healthy.text)
            XCTAssertEqual(try healthy.json()["status"] as? String, "succeeded", "\(fault)")
            let final = try live.waitUntilFinal(id, timeout: 40)
            XCTAssertEqual(final["status"] as? String, "failed", "\(fault)")
            let error = try XCTUnwrap(final["error"] as? [String: Any], "\(fault)")
            XCTAssertEqual(error["code"] as? String, code, "\(fault): \(error)")
            XCTAssertTrue((error["message"] as? String)?.contains(words) == true, "\(fault): \(error)")
            let report = try live.request("GET", "/v1/analyses/\(id)/report")
            XCTAssertEqual(report.header("Content-Type"), "application/problem+json", "\(fault)")
            XCTAssertEqual(try report.json()["type"] as? String, "https://nibscan.dev/problems/\(code)", "\(fault)")
        }
    }

    func testFaultNamesAreOrdinaryNamesWithoutTheTestSetting() throws {
        let server = try LiveServer()
        defer { server.stop() }
        let response = try server.upload(LiveServer.sampleZip(), query: "?wait=30&repository=acme%2Fnibscan-test-fault-crash")
        XCTAssertEqual(try response.json()["status"] as? String, "succeeded", response.text)
    }
}
