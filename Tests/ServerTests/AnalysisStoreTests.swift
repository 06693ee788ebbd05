import Analysis
@testable import Server
import TestSupport
import XCTest

/// The analyses store, every test on SQLite and on PostgreSQL.
final class AnalysisStoreTests: EngineTestCase {
    var directory: URL!
    var location: Database.Location!
    var store: AnalysisStore!

    override func prepare(_ engine: TestEngine) throws {
        directory = try Fixtures.makeTemporaryDirectory()
        location = try Self.location(on: engine, in: directory)
        store = AnalysisStore(database: try Database(location))
    }

    override func cleanUp(_ engine: TestEngine) throws {
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// A fresh database on `engine`.
    static func location(on engine: TestEngine, in directory: URL, name: String = "db") throws -> Database.Location {
        try engine.databaseURL().flatMap(Database.Location.init(url:)) ?? .sqlite(path: directory.appendingPathComponent("\(name).sqlite").path)
    }

    func record(_ id: String, repository: String? = nil, key: String? = nil, fingerprint: String? = nil) -> AnalysisRecord {
        AnalysisRecord(id: id, createdAt: Date(), metadata: .init(repository: repository, branch: "main"), projectName: "p",
                       uploadPath: "/tmp/\(id).zip", uploadBytes: 10, uploadSHA256: "ab", idempotencyKey: key, requestFingerprint: fingerprint)
    }

    func testInsertReadAndDelete() throws {
        try onEachEngine {
            guard case .created(let created) = try store.insert(record("a", repository: "acme/app")) else { return XCTFail("expected created") }
            XCTAssertEqual(created.status, .queued)
            XCTAssertEqual(try store.record(id: "a")?.metadata.repository, "github.com/acme/app", "stored under its canonical name")
            XCTAssertEqual(try store.delete(id: "a")?.uploadPath, "/tmp/a.zip")
            XCTAssertNil(try store.record(id: "a"))
            XCTAssertNil(try store.delete(id: "a"))
        }
    }

    func testIdempotencyKeyReplaysOrConflicts() throws {
        try onEachEngine {
            _ = try store.insert(record("first", key: "k1", fingerprint: "f1"))
            XCTAssertEqual(try store.insert(record("second", key: "k1", fingerprint: "f1")), .replayed(try XCTUnwrap(store.record(id: "first"))))
            guard case .keyReused(let first) = try store.insert(record("third", key: "k1", fingerprint: "other")) else { return XCTFail("expected a conflict") }
            XCTAssertEqual(first.id, "first")
            XCTAssertNil(try store.record(id: "second"))
        }
    }

    func testListingIsNewestFirstFilteredAndStableUnderInserts() throws {
        try onEachEngine {
            for index in 0 ..< 5 { _ = try store.insert(record("r\(index)", repository: index.isMultiple(of: 2) ? "even" : "odd")) }
            let firstPage = try store.list(.init(limit: 2))
            XCTAssertEqual(firstPage.map(\.id), ["r4", "r3"])
            _ = try store.insert(record("late"))
            let secondPage = try store.list(.init(limit: 2, beforeSequence: firstPage.last?.sequence))
            XCTAssertEqual(secondPage.map(\.id), ["r2", "r1"], "an insert does not shift later pages")
            XCTAssertEqual(try store.list(.init(repository: "even")).map(\.id), ["r4", "r2", "r0"])
            XCTAssertEqual(try store.list(.init(repository: "even", branch: "main")).map(\.id), ["r4", "r2", "r0"])
            XCTAssertEqual(try store.list(.init(branch: "feature")).count, 0)
            XCTAssertEqual(try store.list(.init(status: .running)).count, 0)
        }
    }

    func testClaimFinishAndCompletionHookShareOneTransaction() throws {
        try onEachEngine {
            final class Recorder: AnalysisCompletionHook, @unchecked Sendable {
                var seen: [String] = []
                func analysisDidFinish(_ analysis: AnalysisRecord, in database: any DatabaseConnection) throws {
                    seen.append("\(analysis.id):\(analysis.status.rawValue)")
                    try database.query("CREATE TABLE IF NOT EXISTS hook_log (id TEXT)")
                    try database.query("INSERT INTO hook_log VALUES (?)", [.text(analysis.id)])
                }
            }
            let recorder = Recorder()
            store.addCompletionHook(recorder)
            _ = try store.insert(record("a"))
            let claimed = try XCTUnwrap(store.claimNext())
            XCTAssertEqual(claimed.status, .running)
            XCTAssertEqual(claimed.attempts, 1)
            XCTAssertNil(try store.claimNext(), "nothing else is queued")
            let summary = Report.Summary(errors: 1)
            let finished = try XCTUnwrap(store.finish(id: "a", attempt: 1, outcome: .succeeded(report: Data("{}".utf8), summary: summary, projectName: "App")))
            XCTAssertEqual(finished.status, .succeeded)
            XCTAssertEqual(finished.summary, summary)
            XCTAssertEqual(recorder.seen, ["a:succeeded"])
            XCTAssertEqual(try store.withDatabase { try $0.query("SELECT id FROM hook_log").count }, 1)
            XCTAssertNil(try store.finish(id: "a", attempt: 1, outcome: .failed(.init(code: "x", message: "y"))), "a final analysis is not finished twice")
        }
    }

    func testFailingHookRollsTheFinishBack() throws {
        try onEachEngine {
            struct Refusing: AnalysisCompletionHook {
                func analysisDidFinish(_ analysis: AnalysisRecord, in database: any DatabaseConnection) throws { throw ServerError.database("hook refused") }
            }
            store.addCompletionHook(Refusing())
            _ = try store.insert(record("a"))
            _ = try store.claimNext()
            XCTAssertThrowsError(try store.finish(id: "a", attempt: 1, outcome: .failed(.init(code: "x", message: "y"))))
            XCTAssertEqual(try store.record(id: "a")?.status, .running)
        }
    }

    func testRecoveryRequeuesThenFailsAfterMaxAttempts() throws {
        try onEachEngine {
            _ = try store.insert(record("a"))
            _ = try store.claimNext()
            XCTAssertEqual(try store.recoverInterrupted(maxAttempts: 2).requeued, 1)
            XCTAssertEqual(try store.record(id: "a")?.status, .queued)
            _ = try store.claimNext()
            let outcome = try store.recoverInterrupted(maxAttempts: 2)
            XCTAssertEqual(outcome.failed, 1)
            let failed = try XCTUnwrap(store.record(id: "a"))
            XCTAssertEqual(failed.status, .failed)
            XCTAssertEqual(failed.failure?.code, "analysis.interrupted")
        }
    }

    func testStaleAttemptCannotFinishAfterRequeue() throws {
        try onEachEngine {
            _ = try store.insert(record("a"))
            _ = try store.claimNext()
            XCTAssertTrue(try store.requeue(id: "a", attempt: 1))
            XCTAssertFalse(try store.requeue(id: "a", attempt: 1), "no longer running: nothing to hand back")
            XCTAssertNil(try store.finish(id: "a", attempt: 1, outcome: .failed(.init(code: "x", message: "y"))))
            XCTAssertEqual(try store.claimNext()?.attempts, 2)
        }
    }

    func testAClaimHandedBackBeforeItStartedKeepsItsAttempts() throws {
        try onEachEngine {
            _ = try store.insert(record("a"))
            XCTAssertEqual(try store.claimNext()?.attempts, 1)
            XCTAssertTrue(try store.requeue(id: "a", attempt: 1, started: false))
            XCTAssertEqual(try store.record(id: "a")?.status, .queued)
            XCTAssertEqual(try store.claimNext()?.attempts, 1, "a drain that claimed it uses none of its --max-attempts")
        }
    }

    func testMigrationsAreRecordedAndExtensible() throws {
        try onEachEngine {
            store = nil
            let extra = Migration(version: 99, name: "extra") { sql in "CREATE TABLE extra (x \(sql.integer))" }
            let upgraded = AnalysisStore(database: try Database(location, migrations: Migration.all + [extra]))
            let versions = try upgraded.withDatabase { try $0.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.integer("version") } }
            XCTAssertEqual(versions, Migration.all.map { Int64($0.version) } + [99])
            XCTAssertThrowsError(try Database(location), "an older binary refuses a newer schema") {
                XCTAssertTrue("\($0)".contains("newer than this nibscan knows"))
            }
        }
    }

    func testNodesStartingTogetherApplyTheMigrationsOnce() throws {
        try onEachEngine {
            store = nil
            let fresh = try Self.location(on: engine, in: directory, name: "fresh")
            let failures = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do { _ = try Database(fresh) } catch { failures.withLock { $0.append("\(error)") } }
            }
            XCTAssertEqual(failures.current, [])
            let versions = try Database(fresh).withConnection { try $0.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.integer("version") } }
            XCTAssertEqual(versions, Migration.all.map { Int64($0.version) })
        }
    }

    func testAnExpiredLeaseIsReclaimedByAnotherNodeUpToTheAttemptLimit() throws {
        try onEachEngine {
            let start = Date()
            let nodeA = AnalysisStore.ClaimPolicy(node: "a", lease: 10, maxAttempts: 2)
            let nodeB = AnalysisStore.ClaimPolicy(node: "b", lease: 10, maxAttempts: 2)
            _ = try store.insert(record("x"))
            XCTAssertEqual(try store.claimNext(nodeA, now: start)?.attempts, 1)
            XCTAssertNil(try store.claimNext(nodeB, now: start.addingTimeInterval(5)), "the lease holds")
            let reclaimed = try XCTUnwrap(try store.claimNext(nodeB, now: start.addingTimeInterval(11)), "node a died: its lease expired")
            XCTAssertEqual(reclaimed.attempts, 2)
            XCTAssertEqual(try store.renewLeases(["x": 1], lease: 10, now: start.addingTimeInterval(12)), ["x"], "node a lost it")
            XCTAssertNil(try store.finish(id: "x", attempt: 1, outcome: .failed(.init(code: "late", message: "m"))), "a stale attempt cannot finish")
            XCTAssertNil(try store.claimNext(nodeA, now: start.addingTimeInterval(30)), "two starts: it fails instead")
            let failed = try XCTUnwrap(try store.record(id: "x"))
            XCTAssertEqual(failed.status, .failed)
            XCTAssertEqual(failed.failure?.code, "analysis.interrupted")
        }
    }

    func testARenewedLeaseIsNotReclaimed() throws {
        try onEachEngine {
            let start = Date()
            _ = try store.insert(record("x"))
            _ = try store.claimNext(.init(node: "a", lease: 10), now: start)
            XCTAssertEqual(try store.renewLeases(["x": 1], lease: 10, now: start.addingTimeInterval(8)), [])
            XCTAssertNil(try store.claimNext(.init(node: "b", lease: 10), now: start.addingTimeInterval(12)))
            XCTAssertEqual(try store.claimNext(.init(node: "b", lease: 10), now: start.addingTimeInterval(19))?.attempts, 2)
        }
    }

    func testRecoveryOnASharedDatabaseTouchesOnlyTheRestartedNodesClaims() throws {
        try onEachEngine {
            _ = try store.insert(record("mine"))
            _ = try store.insert(record("theirs"))
            _ = try store.claimNext(.init(node: "a"))
            _ = try store.claimNext(.init(node: "b"))
            XCTAssertEqual(try store.recoverInterrupted(maxAttempts: 3, node: "a").requeued, 1)
            XCTAssertEqual(try store.record(id: "mine")?.status, .queued)
            XCTAssertEqual(try store.record(id: "theirs")?.status, .running, "node b is alive and running it")
        }
    }

    func testNodesClaimingAtOnceTakeDifferentAnalyses() throws {
        try onEachEngine {
            for index in 0 ..< 40 { _ = try store.insert(record("r\(index)")) }
            let nodes = try (0 ..< 4).map { _ in AnalysisStore(database: try Database(location)) }
            let (claimed, failures) = claimConcurrently(nodes: nodes.count, limit: 40) { number in
                try nodes[number].claimNext(.init(node: "n\(number)"))?.id
            }
            XCTAssertEqual(failures, [])
            XCTAssertEqual(claimed.count, 40)
            XCTAssertEqual(Set(claimed).count, 40, "no analysis was claimed twice")
        }
    }

    func testRetentionFindsOnlyOldFinishedUploads() throws {
        try onEachEngine {
            _ = try store.insert(record("a"))
            _ = try store.insert(record("b"))
            _ = try store.claimNext()
            _ = try store.finish(id: "a", attempt: 1, outcome: .failed(.init(code: "x", message: "y")))
            XCTAssertEqual(try store.expiredUploads(before: Date().addingTimeInterval(60)).map(\.id), ["a"])
            XCTAssertEqual(try store.expiredUploads(before: Date().addingTimeInterval(-60)).count, 0)
            try store.clearUpload(id: "a")
            XCTAssertNil(try store.record(id: "a")?.uploadPath)
            XCTAssertEqual(try store.storedUploadPaths(), ["/tmp/b.zip"])
        }
    }
}

/// What only the embedded engine promises.
final class SQLiteConnectionTests: XCTestCase {
    func testDatabaseIsWriteAheadLoggedAndSynchronous() throws {
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AnalysisStore(path: directory.appendingPathComponent("db.sqlite").path)
        let (mode, synchronous) = try store.withDatabase { database in
            (try database.query("PRAGMA journal_mode").first?.text("journal_mode"),
             try database.query("PRAGMA synchronous").first?.integer("synchronous"))
        }
        XCTAssertEqual(mode, "wal")
        XCTAssertEqual(synchronous, 2, "FULL: a commit is on disk before 202 is sent")
    }
}
