import Foundation
@testable import Server
import XCTest

final class BackgroundThreadsTests: XCTestCase {
    func testThreadsAreCountedUntilTheyReturn() {
        let threads = BackgroundThreads()
        let release = DispatchSemaphore(value: 0)
        let started = Locked(0)
        threads.start(3, name: "test-pool") {
            started.withLock { $0 += 1 }
            release.wait()
        }
        XCTAssertEqual(threads.running, 3)
        XCTAssertFalse(threads.waitForExit(timeout: 0.05), "blocked threads are still running")
        for _ in 0 ..< 3 { release.signal() }
        XCTAssertTrue(threads.waitForExit(timeout: 10))
        XCTAssertEqual(threads.running, 0)
        XCTAssertEqual(started.current, 3)
    }
}
