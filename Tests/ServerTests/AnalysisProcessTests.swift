import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// An analysis child is started with its three pipes and nothing else: a descriptor the
/// server holds without close-on-exec (one it inherited, a socket) stays out of the child.
final class AnalysisProcessTests: XCTestCase {
    func testAChildGetsOnlyItsStandardStreams() throws {
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A stand-in worker that reports the descriptors it was started with and fails.
        let script = directory.appendingPathComponent("worker")
        try "#!/bin/sh\ncat > /dev/null\nfor fd in /proc/$$/fd/*; do printf '%s ' \"${fd##*/}\" >&2; done\nexit 3\n"
            .write(to: script, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(script.path, 0o755), 0)

        // Held as an inherited descriptor would be: open, and not close-on-exec (`dup2`
        // clears the flag), at a number nothing else takes.
        let held = open("/dev/null", O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThan(held, 2)
        let inheritable = dup2(held, 97)
        defer { close(held); close(inheritable) }
        XCTAssertEqual(inheritable, 97)
        XCTAssertEqual(fcntl(inheritable, F_GETFD) & FD_CLOEXEC, 0)

        var limits = AnalysisIsolation()
        limits.executable = script.path
        limits.wallSeconds = 20
        let process = AnalysisProcess(limits: limits, children: Locked([]))
        let job = AnalysisJob(uploadPath: "/nonexistent.zip", archiveLimits: ArchiveLimits(), interfaceBuilderLimits: InterfaceBuilderLimits())
        guard case .failed(let failure) = process.run(job) else { return XCTFail("the stand-in worker exits with status 3") }
        XCTAssertTrue(failure.message.contains("exited with status 3"), failure.message)
        let listed = failure.message.split(separator: ":").last.map { $0.split(separator: " ").map(String.init) } ?? []
        XCTAssertTrue(listed.contains("0") && listed.contains("2"), "the child's own descriptors are listed: \(failure.message)")
        XCTAssertFalse(listed.contains("97"), "an inheritable descriptor of the server reached the child: \(failure.message)")
    }
}
