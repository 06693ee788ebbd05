import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// One repository, one history: every form of its name is filed, listed and trended under
/// one canonical name on both engines, and rows stored under other forms move to it on
/// start, once.
final class RepositoryNameStorageTests: EngineTestCase {
    private var directory: URL!
    private var location: Database.Location!
    private var store: AnalysisStore!

    /// Forms a CI system, a person and an older nibscan gave for one repository.
    private let forms = ["acme/app", "github.com/acme/app", "https://github.com/acme/app", "https://github.com/Acme/App.git",
                         "git@github.com:acme/app.git", "ssh://git@github.com/acme/app", " Acme/App/ "]

    override func prepare(_ engine: TestEngine) throws {
        directory = try Fixtures.makeTemporaryDirectory()
        location = try AnalysisStoreTests.location(on: engine, in: directory)
        store = AnalysisStore(database: try Database(location))
    }

    override func cleanUp(_ engine: TestEngine) throws {
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func testEveryFormIsFiledListedAndTrendedAsOne() throws {
        try onEachEngine {
            let start = Date(timeIntervalSince1970: 1_796_000_000)
            for (index, form) in forms.enumerated() {
                let record = AnalysisRecord(id: "a\(index)", createdAt: start.addingTimeInterval(Double(index) * 86_400),
                                            metadata: .init(repository: form, branch: "main"), projectName: "p",
                                            uploadPath: nil, uploadBytes: 1, uploadSHA256: "ab")
                _ = try store.insert(record)
                let claimed = try XCTUnwrap(try store.claimNext())
                _ = try store.finish(id: claimed.id, attempt: claimed.attempts,
                                     outcome: .succeeded(report: Data("{}".utf8), summary: .init(errors: index, warnings: 0, infos: 0, classes: 1),
                                                         projectName: "p"))
            }
            XCTAssertEqual(try store.repositories(limit: 10, after: nil).map(\.name), ["github.com/acme/app"])
            for form in forms {
                XCTAssertEqual(try store.list(.init(repository: form, limit: 100)).count, forms.count, form)
                let trend = try store.trends(.init(repository: form, since: start, until: start.addingTimeInterval(30 * 86_400)))
                XCTAssertEqual(trend.points.map(\.summary.errors), Array(0 ..< forms.count), form)
            }
            XCTAssertEqual(try store.list(.init(repository: "acme/other")).count, 0)
        }
    }

    func testRowsUnderOtherFormsMoveToTheCanonicalNameOnStartAndOnlyOnce() throws {
        try onEachEngine {
            // Rows as an earlier nibscan stored them: the names exactly as uploaded.
            try store.withDatabase { database in
                for (index, form) in (forms + ["git.example.com/Team/App", "group/sub/App"]).enumerated() {
                    try database.query("""
                        INSERT INTO analyses (id, status, created_at, repository, upload_bytes, upload_sha256, attempts)
                        VALUES (?, 'queued', ?, ?, 1, 'ab', 0)
                        """, [.text("old\(index)"), .real(Double(index)), .text(form)])
                }
                try database.query("""
                    INSERT INTO webhook_subscriptions (id, url, events, repository, secret, created_at, updated_at)
                    VALUES ('w1', 'https://hooks.example.test/a', 'ping', 'https://GitHub.com/acme/app.git', 's', 0, 0)
                    """)
            }
            let restarted = AnalysisStore(database: try Database(location))
            let names = try restarted.withDatabase { database in
                try database.query("SELECT repository FROM analyses ORDER BY id").compactMap { $0.text("repository") }
            }
            XCTAssertEqual(Set(names.prefix(forms.count)), ["github.com/acme/app"])
            XCTAssertEqual(Array(names.suffix(2)), ["git.example.com/Team/App", "group/sub/App"],
                           "a host that may tell cases apart, and a name with no host, keep their case")
            let hook = try restarted.withDatabase { try $0.query("SELECT repository FROM webhook_subscriptions").first?.text("repository") }
            XCTAssertEqual(hook, "github.com/acme/app")

            let again = AnalysisStore(database: try Database(location))
            let namesAgain = try again.withDatabase { database in
                try database.query("SELECT repository FROM analyses ORDER BY id").compactMap { $0.text("repository") }
            }
            XCTAssertEqual(namesAgain, names, "a second start changes nothing")
        }
    }
}
