import Analysis
@testable import Server
import TestSupport
import XCTest

final class AnalysisStoreTests: XCTestCase {
    var directory: URL!
    var store: AnalysisStore!

    override func setUpWithError() throws {
        directory = try Fixtures.makeTemporaryDirectory()
        store = try AnalysisStore(path: directory.appendingPathComponent("db.sqlite").path)
    }

    override func tearDownWithError() throws {
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func record(_ id: String, repository: String? = nil, key: String? = nil, fingerprint: String? = nil) -> AnalysisRecord {
        AnalysisRecord(id: id, createdAt: Date(), metadata: .init(repository: repository, branch: "main"), projectName: "p",
                       uploadPath: "/tmp/\(id).zip", uploadBytes: 10, uploadSHA256: "ab", idempotencyKey: key, requestFingerprint: fingerprint)
    }

    func testInsertReadAndDelete() throws {
        guard case .created(let created) = try store.insert(record("a", repository: "acme/app")) else { return XCTFail("expected created") }
        XCTAssertEqual(created.status, .queued)
        XCTAssertEqual(try store.record(id: "a")?.metadata.repository, "acme/app")
        XCTAssertEqual(try store.delete(id: "a")?.uploadPath, "/tmp/a.zip")
        XCTAssertNil(try store.record(id: "a"))
        XCTAssertNil(try store.delete(id: "a"))
    }

    func testIdempotencyKeyReplaysOrConflicts() throws {
        _ = try store.insert(record("first", key: "k1", fingerprint: "f1"))
        XCTAssertEqual(try store.insert(record("second", key: "k1", fingerprint: "f1")), .replayed(try XCTUnwrap(store.record(id: "first"))))
        guard case .keyReused(let first) = try store.insert(record("third", key: "k1", fingerprint: "other")) else { return XCTFail("expected a conflict") }
        XCTAssertEqual(first.id, "first")
        XCTAssertNil(try store.record(id: "second"))
    }

    func testListingIsNewestFirstFilteredAndStableUnderInserts() throws {
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

    func testClaimFinishAndCompletionHookShareOneTransaction() throws {
        final class Recorder: AnalysisCompletionHook, @unchecked Sendable {
            var seen: [String] = []
            func analysisDidFinish(_ analysis: AnalysisRecord, in database: SQLiteDatabase) throws {
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

    func testFailingHookRollsTheFinishBack() throws {
        struct Refusing: AnalysisCompletionHook {
            func analysisDidFinish(_ analysis: AnalysisRecord, in database: SQLiteDatabase) throws { throw ServerError.database("hook refused") }
        }
        store.addCompletionHook(Refusing())
        _ = try store.insert(record("a"))
        _ = try store.claimNext()
        XCTAssertThrowsError(try store.finish(id: "a", attempt: 1, outcome: .failed(.init(code: "x", message: "y"))))
        XCTAssertEqual(try store.record(id: "a")?.status, .running)
    }

    func testRecoveryRequeuesThenFailsAfterMaxAttempts() throws {
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

    func testStaleAttemptCannotFinishAfterRequeue() throws {
        _ = try store.insert(record("a"))
        _ = try store.claimNext()
        XCTAssertTrue(try store.requeue(id: "a", attempt: 1))
        XCTAssertFalse(try store.requeue(id: "a", attempt: 1), "no longer running: nothing to hand back")
        XCTAssertNil(try store.finish(id: "a", attempt: 1, outcome: .failed(.init(code: "x", message: "y"))))
        XCTAssertEqual(try store.claimNext()?.attempts, 2)
    }

    func testAClaimHandedBackBeforeItStartedKeepsItsAttempts() throws {
        _ = try store.insert(record("a"))
        XCTAssertEqual(try store.claimNext()?.attempts, 1)
        XCTAssertTrue(try store.requeue(id: "a", attempt: 1, started: false))
        XCTAssertEqual(try store.record(id: "a")?.status, .queued)
        XCTAssertEqual(try store.claimNext()?.attempts, 1, "a drain that claimed it uses none of its --max-attempts")
    }

    func testDatabaseIsWriteAheadLoggedAndSynchronous() throws {
        let (mode, synchronous) = try store.withDatabase { database in
            (try database.query("PRAGMA journal_mode").first?.text("journal_mode"),
             try database.query("PRAGMA synchronous").first?.integer("synchronous"))
        }
        XCTAssertEqual(mode, "wal")
        XCTAssertEqual(synchronous, 2, "FULL: a commit is on disk before 202 is sent")
    }

    func testMigrationsAreRecordedAndExtensible() throws {
        let path = directory.appendingPathComponent("db.sqlite").path
        store = nil
        let extra = Migration(version: 99, name: "extra", sql: "CREATE TABLE extra (x INTEGER)")
        let upgraded = try AnalysisStore(path: path, migrations: Migration.all + [extra])
        let versions = try upgraded.withDatabase { try $0.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.integer("version") } }
        XCTAssertEqual(versions, Migration.all.map { Int64($0.version) } + [99])
        XCTAssertThrowsError(try AnalysisStore(path: path), "an older binary refuses a newer schema") {
            XCTAssertTrue("\($0)".contains("newer than this nibscan knows"))
        }
    }

    func testRetentionFindsOnlyOldFinishedUploads() throws {
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
