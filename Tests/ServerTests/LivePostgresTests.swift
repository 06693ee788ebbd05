import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// A real server on 127.0.0.1 whose store is PostgreSQL: uploads go into the database,
/// the analysis runs from there, and a second node on the same database serves it.
final class LivePostgresTests: XCTestCase {
    private var url: String!
    private var servers: [LiveServer] = []

    override func setUpWithError() throws {
        url = try XCTUnwrap(try TestEngine.postgres.databaseURL())
    }

    override func tearDown() {
        servers.forEach { $0.stop() }
        servers = []
        super.tearDown()
    }

    private func startNode(withTokens: Bool = false) throws -> LiveServer {
        let server = try LiveServer(withTokens: withTokens) { $0.database = .postgres(url: self.url) }
        servers.append(server)
        return server
    }

    private func storedUploads(_ node: LiveServer) throws -> [String] {
        try node.server.store.withDatabase { try $0.query("SELECT id FROM uploads ORDER BY id").compactMap { $0.text("id") } }
    }

    func testAnUploadIsKeptInTheDatabaseAnalysedAndServedByAnyNode() throws {
        let first = try startNode()
        let second = try startNode()
        XCTAssertTrue(first.server.uploads is DatabaseUploadStore)
        let id = try XCTUnwrap(try first.upload(LiveServer.sampleZip(), query: "?repository=acme/app").json()["id"] as? String)
        XCTAssertEqual(try first.waitUntilFinal(id)["status"] as? String, "succeeded")
        let reference = try XCTUnwrap(first.server.store.record(id: id)?.uploadPath)
        XCTAssertEqual(try storedUploads(first), [reference])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: first.dataDirectory.appendingPathComponent("tmp").path), [],
                       "no upload stays on the node's disk")
        XCTAssertEqual(try second.request("GET", "/v1/analyses/\(id)").status, 200, "the other node serves the analysis")
        let report = try second.request("GET", "/v1/analyses/\(id)/report")
        XCTAssertEqual(report.status, 200)
        XCTAssertEqual(try second.request("DELETE", "/v1/analyses/\(id)").status, 204)
        XCTAssertEqual(try storedUploads(first), [], "the stored upload is removed with the analysis")
        XCTAssertEqual(try first.request("GET", "/v1/analyses/\(id)").status, 404)
    }

    func testWhileTheDatabaseIsDownRequestsFailWith503AndReadinessFailsThenBothRecover() throws {
        let node = try startNode()
        let accepted = try XCTUnwrap(try node.upload(LiveServer.sampleZip()).json()["id"] as? String)
        XCTAssertEqual(try node.waitUntilFinal(accepted)["status"] as? String, "succeeded")
        XCTAssertEqual(try node.request("GET", "/readyz").status, 200)
        let database = try TestPostgres.shared()
        try database.pause()
        do {
            defer { try? database.resume() }
            XCTAssertEqual(try node.request("GET", "/readyz").status, 503, "not ready while the database is unreachable")
            let refused = try node.upload(LiveServer.sampleZip())
            XCTAssertEqual(refused.status, 503)
            XCTAssertEqual(try refused.json()["type"] as? String, Problem.typeBase + "server.storage-unavailable")
            XCTAssertEqual(try node.request("GET", "/v1/analyses/\(accepted)").status, 503)
        }
        // Broken connections are dropped and new ones opened: the node recovers by itself.
        let deadline = Date(timeIntervalSinceNow: 20)
        var ready = 0
        while Date() < deadline {
            ready = try node.request("GET", "/readyz").status
            if ready == 200 { break }
            usleep(100_000)
        }
        XCTAssertEqual(ready, 200)
        XCTAssertEqual(try node.request("GET", "/v1/analyses/\(accepted)").status, 200, "nothing accepted before the outage is lost")
        let after = try XCTUnwrap(try node.upload(LiveServer.sampleZip()).json()["id"] as? String)
        XCTAssertEqual(try node.waitUntilFinal(after)["status"] as? String, "succeeded")
    }

    func testAReportLinkSignedByOneNodeOpensOnAnotherWithNoSecretConfigured() throws {
        let first = try startNode(withTokens: true)
        let second = try startNode(withTokens: true)
        let third = try startNode(withTokens: true)
        let key = try XCTUnwrap(first.server.context.links.reportLinks?.key)
        XCTAssertEqual(second.server.context.links.reportLinks?.key, key, "every node reads the one stored key")
        XCTAssertEqual(third.server.context.links.reportLinks?.key, key)
        XCTAssertEqual(try first.server.store.withDatabase { try $0.query("SELECT COUNT(*) AS n FROM server_secrets").first?.integer("n") }, 1)
        let id = try first.seed(status: .succeeded, report: Report(project: .init(name: "App", files: 0, bytes: 0), files: [], summary: .init()))
        let signer = try XCTUnwrap(first.server.context.links.reportLinks)
        let grant = signer.grant(for: id)
        let target = "/v1/analyses/\(id)/report?format=html&\(grant.query)"
        for node in [second, third] {
            let opened = try node.request("GET", target)
            XCTAssertEqual(opened.status, 200, opened.text)
            XCTAssertTrue(opened.header("Content-Security-Policy")?.hasSuffix("frame-ancestors 'none'") == true)
        }
        var tampered = grant
        tampered.expires += 1
        let refused = try second.request("GET", "/v1/analyses/\(id)/report?format=html&\(tampered.query)")
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(try refused.json()["type"] as? String, Problem.typeBase + "report-link.invalid")
        let expired = signer.grant(for: id, now: Date(timeIntervalSinceNow: -31 * 86_400))
        let late = try third.request("GET", "/v1/analyses/\(id)/report?format=html&\(expired.query)")
        XCTAssertEqual(late.status, 403)
        XCTAssertEqual(try late.json()["type"] as? String, Problem.typeBase + "report-link.expired")
        XCTAssertEqual(try second.request("GET", "/v1/analyses/\(id)/report").status, 401, "without the link, a token is needed as before")
    }

    func testNodesStartingTogetherAgreeOnOneKey() throws {
        let nodes = Locked<[LiveServer]>([])
        let failures = Locked<[String]>([])
        let url: String = self.url
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            do {
                let node = try LiveServer { $0.database = .postgres(url: url) }
                nodes.withLock { $0.append(node) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        servers += nodes.current
        XCTAssertEqual(failures.current, [])
        XCTAssertEqual(Set(servers.compactMap { $0.server.context.links.reportLinks?.key }).count, 1, "the first key stored wins on every node")
        XCTAssertEqual(try servers.first?.server.store.withDatabase { try $0.query("SELECT COUNT(*) AS n FROM server_secrets").first?.integer("n") }, 1)
    }

    func testAnIdempotencyKeyIsUniqueAcrossNodes() throws {
        let first = try startNode()
        let second = try startNode()
        let original = try first.upload(LiveServer.sampleZip(), headers: ["Idempotency-Key": "build-7"])
        let replay = try second.upload(LiveServer.sampleZip(), headers: ["Idempotency-Key": "build-7"])
        XCTAssertEqual(original.status, 202)
        XCTAssertEqual(try replay.json()["id"] as? String, try original.json()["id"] as? String)
        XCTAssertEqual(replay.header("Idempotent-Replayed"), "true")
        XCTAssertEqual(try first.server.store.list(.init()).count, 1)
        XCTAssertEqual(try storedUploads(first).count, 1, "the replayed upload is not kept")
    }
}

/// `LISTEN/NOTIFY` between nodes: what one node's store announces wakes the other's listener.
final class DatabaseNotificationsTests: XCTestCase {
    func testQueuedAndFinishedAnalysesAreAnnouncedToOtherNodes() throws {
        let url = try XCTUnwrap(try TestEngine.postgres.databaseURL())
        let store = AnalysisStore(database: try Database(.postgres(url: url)))
        let queued = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let listener = DatabaseNotifications(url: url, log: ServerLog { _ in }, onQueued: { queued.signal() }, onFinished: { finished.signal() })
        listener.start()
        defer { listener.stop() }
        // The listener wakes everyone once when it connects.
        XCTAssertEqual(queued.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        _ = try store.insert(AnalysisRecord(id: "n", createdAt: Date(), metadata: .init(), projectName: nil, uploadPath: nil,
                                            uploadBytes: 0, uploadSHA256: ""))
        XCTAssertEqual(queued.wait(timeout: .now() + 10), .success, "an insert on another connection wakes idle workers")
        XCTAssertEqual(finished.wait(timeout: .now() + 0.5), .timedOut)
        let claimed = try XCTUnwrap(try store.claimNext())
        _ = try store.finish(id: claimed.id, attempt: claimed.attempts, outcome: .failed(.init(code: "x", message: "y")))
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success, "a finish wakes ?wait= requests")
    }
}
