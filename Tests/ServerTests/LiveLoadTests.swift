@testable import Server
import XCTest

/// Many clients at once: every upload is accepted and every analysis finishes.
final class LiveLoadTests: XCTestCase {
    func testFiftyConcurrentUploadsAllSucceed() throws {
        let live = try LiveServer { $0.workers = 2 }
        defer { live.stop() }
        let zip = LiveServer.sampleZip()
        let results = Locked<[Int: (Int, String?)]>([:])
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            do {
                let response = try live.upload(zip, query: "?repository=load&branch=b\(index)")
                results.withLock { $0[index] = (response.status, try? response.json()["id"] as? String) }
            } catch {
                results.withLock { $0[index] = (0, "\(error)") }
            }
        }
        let all = results.current
        XCTAssertEqual(all.count, 50)
        XCTAssertEqual(all.values.filter { $0.0 == 202 }.count, 50, "\(all.values.filter { $0.0 != 202 })")
        let ids = Set(all.values.compactMap(\.1))
        XCTAssertEqual(ids.count, 50)
        for id in ids { _ = try live.waitUntilFinal(id, timeout: 60) }
        XCTAssertEqual(try live.server.store.list(.init(repository: "load", limit: 100)).filter { $0.status.isFinal }.count, 50)
    }
}
