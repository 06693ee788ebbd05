import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// Trends and repositories from the stored summaries, on SQLite and on PostgreSQL, checked
/// against the analyses that made them.
final class TrendsStoreTests: EngineTestCase {
    private var directory: URL!
    private var store: AnalysisStore!
    /// Monday 2026-11-30 00:00 UTC.
    private let monday = Date(timeIntervalSince1970: 1_795_996_800)

    override func prepare(_ engine: TestEngine) throws {
        directory = try Fixtures.makeTemporaryDirectory()
        store = AnalysisStore(database: try Database(try AnalysisStoreTests.location(on: engine, in: directory)))
    }

    override func cleanUp(_ engine: TestEngine) throws {
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stores an analysis uploaded `hours` after Monday and finishes it.
    private func analysis(_ id: String, _ repository: String = "acme/app", branch: String? = "main", hours: Double,
                          errors: Int = 0, warnings: Int = 0, rules: [String: SeverityCounts] = [:], succeeds: Bool = true) throws {
        _ = try store.insert(AnalysisRecord(id: id, createdAt: monday.addingTimeInterval(hours * 3600), metadata: .init(repository: repository, branch: branch),
                                            projectName: "p", uploadPath: nil, uploadBytes: 1, uploadSHA256: "ab"))
        let claimed = try XCTUnwrap(try store.claimNext())
        XCTAssertEqual(claimed.id, id)
        let summary = Report.Summary(errors: errors, warnings: warnings, infos: 1, classes: 4)
        let outcome: AnalysisStore.Outcome = succeeds
            ? .succeeded(report: Data("{}".utf8), summary: summary, projectName: "p", ruleSeverities: rules)
            : .failed(.init(code: "archive.invalid", message: "m"))
        XCTAssertNotNil(try store.finish(id: id, attempt: claimed.attempts, outcome: outcome))
    }

    private func seedWeek() throws {
        try analysis("mon-early", hours: 1, errors: 5, rules: ["a.rule": .init(errors: 5)])
        try analysis("mon-late", hours: 20, errors: 2, warnings: 1, rules: ["a.rule": .init(errors: 2), "b.rule": .init(warnings: 1)])
        try analysis("mon-failed", hours: 22, succeeds: false)
        try analysis("wed", hours: 50, errors: 1, rules: ["a.rule": .init(errors: 1)])
        try analysis("wed-feature", branch: "feature", hours: 51, errors: 9, rules: ["c.rule": .init(errors: 9)])
        try analysis("next-week", hours: 24 * 8, warnings: 3, rules: ["b.rule": .init(warnings: 3)])
        try analysis("other", "acme/other", hours: 2, errors: 7)
    }

    func testADayBucketHoldsItsLatestSucceededAnalysis() throws {
        try onEachEngine {
            try seedWeek()
            let trend = try store.trends(.init(repository: "acme/app", branch: "main", since: monday, until: monday.addingTimeInterval(14 * 86_400)))
            XCTAssertFalse(trend.more)
            XCTAssertEqual(trend.points.map(\.analysisID), ["mon-late", "wed", "next-week"], "a failed analysis never makes a point")
            XCTAssertEqual(trend.points.map(\.bucketStart), [monday, monday.addingTimeInterval(2 * 86_400), monday.addingTimeInterval(8 * 86_400)])
            let first = try XCTUnwrap(trend.points.first)
            XCTAssertEqual(first.summary, Report.Summary(errors: 2, warnings: 1, infos: 1, classes: 4))
            XCTAssertEqual(first.ruleCounts, ["a.rule": 2, "b.rule": 1])
            XCTAssertEqual(first.ruleSeverities, ["a.rule": .init(errors: 2), "b.rule": .init(warnings: 1)])
        }
    }

    func testAWeekBucketStartsOnMondayAndTheBranchFilterIsOptional() throws {
        try onEachEngine {
            try seedWeek()
            let weekly = try store.trends(.init(repository: "acme/app", since: monday.addingTimeInterval(-86_400), until: monday.addingTimeInterval(14 * 86_400),
                                                bucket: .week))
            XCTAssertEqual(weekly.points.map(\.analysisID), ["wed-feature", "next-week"], "every branch, the latest of each week")
            XCTAssertEqual(weekly.points.map(\.bucketStart), [monday, monday.addingTimeInterval(7 * 86_400)])
            XCTAssertEqual(weekly.points.first?.ruleCounts, ["c.rule": 9])
            let tuesdayOn = try store.trends(.init(repository: "acme/app", branch: "main", since: monday.addingTimeInterval(86_400),
                                                   until: monday.addingTimeInterval(3 * 86_400)))
            XCTAssertEqual(tuesdayOn.points.map(\.analysisID), ["wed"], "since and until bound the uploads")
        }
    }

    func testPagesFollowTheCursorWithoutRepeatingABucket() throws {
        try onEachEngine {
            try seedWeek()
            var query = AnalysisStore.TrendQuery(repository: "acme/app", branch: "main", since: monday, until: monday.addingTimeInterval(14 * 86_400), limit: 2)
            let first = try store.trends(query)
            XCTAssertEqual(first.points.map(\.analysisID), ["mon-late", "wed"])
            XCTAssertTrue(first.more)
            query.after = first.points.last?.bucketStart
            let second = try store.trends(query)
            XCTAssertEqual(second.points.map(\.analysisID), ["next-week"])
            XCTAssertFalse(second.more)
        }
    }

    func testRepositoriesListTheirBranchesAndLatestAnalysis() throws {
        try onEachEngine {
            try seedWeek()
            let all = try store.repositories(limit: 10, after: nil)
            XCTAssertEqual(all.map(\.name), ["github.com/acme/app", "github.com/acme/other"])
            let app = try XCTUnwrap(all.first)
            XCTAssertEqual(app.latest.id, "next-week")
            XCTAssertEqual(app.branches.map(\.name), ["feature", "main"])
            XCTAssertEqual(app.branches.map(\.analyses), [1, 5])
            XCTAssertEqual(app.branches.map(\.latest.id), ["wed-feature", "next-week"])
            XCTAssertEqual(try store.repositories(limit: 10, after: "github.com/acme/app").map(\.name), ["github.com/acme/other"])
        }
    }

    func testARulesFindingsAreStoredBySeverityBesideTheirTotal() throws {
        try onEachEngine {
            try analysis("mixed", hours: 1, errors: 2, warnings: 1, rules: ["a.rule": .init(errors: 2, warnings: 1, infos: 3), "b.rule": .init(infos: 1)])
            let point = try XCTUnwrap(try store.trends(.init(repository: "acme/app", since: monday, until: monday.addingTimeInterval(86_400))).points.first)
            XCTAssertEqual(point.ruleCounts, ["a.rule": 6, "b.rule": 1], "the total is every severity's findings")
            XCTAssertEqual(point.ruleSeverities, ["a.rule": .init(errors: 2, warnings: 1, infos: 3), "b.rule": .init(infos: 1)])
            let row = try XCTUnwrap(try store.withDatabase {
                try $0.query("SELECT findings, errors, warnings, infos FROM analysis_rule_counts WHERE rule = 'a.rule'").first
            })
            XCTAssertEqual(["findings", "errors", "warnings", "infos"].map { row.integer($0) }, [6, 2, 1, 3])
        }
    }

    /// What a release before migration 7 wrote for a rule: its total only.
    private func storeTotalOnly(_ id: String, rule: String, findings: Int) throws {
        try store.withDatabase { database in
            try database.query("INSERT INTO analysis_rule_counts (analysis_id, rule, findings) VALUES (?, ?, ?)",
                               [.text(id), .text(rule), .integer(Int64(findings))])
        }
    }

    func testAnalysesStoredBeforeMigration7KeepTheirTotalsWithoutSeverities() throws {
        try onEachEngine {
            let location = try AnalysisStoreTests.location(on: engine, in: directory, name: "upgraded")
            store = AnalysisStore(database: try Database(location, migrations: Migration.all.filter { $0.version < 7 }))
            try analysis("before", hours: 1, errors: 2)
            try storeTotalOnly("before", rule: "a.rule", findings: 2)

            store = AnalysisStore(database: try Database(location))
            let versions = try store.withDatabase { try $0.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.integer("version") } }
            XCTAssertEqual(versions.last, 7)
            try analysis("after", hours: 25, errors: 1, rules: ["a.rule": .init(errors: 1), "b.rule": .init(warnings: 2)])
            // A node of the earlier release, still running during a rolling upgrade, finishes one more.
            try analysis("old-node", hours: 49, errors: 3)
            try storeTotalOnly("old-node", rule: "a.rule", findings: 3)

            let trend = try store.trends(.init(repository: "acme/app", since: monday, until: monday.addingTimeInterval(3 * 86_400)))
            XCTAssertEqual(trend.points.map(\.analysisID), ["before", "after", "old-node"])
            XCTAssertEqual(trend.points.map(\.ruleCounts), [["a.rule": 2], ["a.rule": 1, "b.rule": 2], ["a.rule": 3]], "every total is kept")
            XCTAssertEqual(trend.points.map(\.ruleSeverities), [[:], ["a.rule": .init(errors: 1), "b.rule": .init(warnings: 2)], [:]],
                           "rows without severities (NULL) give none, never zeros")
            let nulls = try store.withDatabase {
                try $0.query("SELECT COUNT(*) AS n FROM analysis_rule_counts WHERE errors IS NULL AND warnings IS NULL AND infos IS NULL").first?.integer("n")
            }
            XCTAssertEqual(nulls, 2)
        }
    }

    func testDeletingAnAnalysisRemovesItsRuleCounts() throws {
        try onEachEngine {
            try analysis("gone", hours: 1, rules: ["a.rule": .init(infos: 1)])
            _ = try store.delete(id: "gone")
            XCTAssertEqual(try store.withDatabase { try $0.query("SELECT COUNT(*) AS n FROM analysis_rule_counts").first?.integer("n") }, 0)
        }
    }
}

/// `/v1/trends` and `/v1/repositories` over loopback.
final class TrendsAPITests: XCTestCase {
    private var live: LiveServer!

    override func setUpWithError() throws {
        live = try LiveServer()
    }

    override func tearDown() {
        live?.stop()
        super.tearDown()
    }

    func testTheTrendOfARealAnalysisMatchesItsReport() throws {
        let id = try XCTUnwrap(try live.upload(LiveServer.sampleZip(), query: "?repository=acme/app&branch=main").json()["id"] as? String)
        let analysis = try live.waitUntilFinal(id)
        XCTAssertEqual(analysis["status"] as? String, "succeeded")
        let report = try JSONSerialization.jsonObject(with: live.request("GET", "/v1/analyses/\(id)/report").body) as? [String: Any]
        let findings = try XCTUnwrap(report?["findings"] as? [[String: Any]])
        let summary = try XCTUnwrap(report?["summary"] as? [String: Any])
        let trend = try live.request("GET", "/v1/trends?repository=acme/app&bucket=week")
        XCTAssertEqual(trend.status, 200)
        let items = try XCTUnwrap(try trend.json()["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?["analysisId"] as? String, id)
        for field in ["errors", "warnings", "infos", "classes"] { XCTAssertEqual(items.first?[field] as? Int, summary[field] as? Int, field) }
        var expected: [String: Int] = [:]
        for finding in findings { expected[finding["rule"] as? String ?? "", default: 0] += 1 }
        XCTAssertEqual(items.first?["rules"] as? [String: Int], expected)
        let repositories = try XCTUnwrap(try live.request("GET", "/v1/repositories").json()["items"] as? [[String: Any]])
        XCTAssertEqual(repositories.map { $0["name"] as? String }, ["github.com/acme/app"])
        XCTAssertEqual((repositories.first?["latestAnalysis"] as? [String: Any])?["id"] as? String, id)
    }

    func testEachRulesFindingsAreSplitBySeverityAsTheReportHasThem() throws {
        var zip = ZipBuilder()
        let folder = Fixtures.examplesDirectory.appendingPathComponent("SampleApp")
        for path in Fixtures.relativeFiles(under: folder) { zip.add("SampleApp/" + path, try Data(contentsOf: folder.appendingPathComponent(path))) }
        let id = try XCTUnwrap(try live.upload(zip.build(), query: "?repository=acme/app&branch=main").json()["id"] as? String)
        XCTAssertEqual(try live.waitUntilFinal(id)["status"] as? String, "succeeded")
        let report = try JSONSerialization.jsonObject(with: live.request("GET", "/v1/analyses/\(id)/report").body) as? [String: Any]
        let findings = try XCTUnwrap(report?["findings"] as? [[String: Any]])
        var expected: [String: [String: Int]] = [:]
        for finding in findings {
            let severity = try XCTUnwrap(finding["severity"] as? String)
            expected[finding["rule"] as? String ?? "", default: ["errors": 0, "warnings": 0, "infos": 0]][severity + "s", default: -100] += 1
        }
        XCTAssertEqual(Set(findings.compactMap { $0["severity"] as? String }), ["error", "warning", "info"], "the example has every severity")

        let trend = try live.request("GET", "/v1/trends?repository=acme/app")
        XCTAssertEqual(trend.status, 200)
        XCTAssertEqual(try OpenAPISchemas.problems(in: trend.body, against: "TrendPage"), "", "the page is what openapi.yaml says")
        let item = try XCTUnwrap((try trend.json()["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["ruleSeverities"] as? [String: [String: Int]], expected, "counted in the analysis child, carried through its header and storage")
        XCTAssertEqual(item["rules"] as? [String: Int], expected.mapValues { $0.values.reduce(0, +) }, "the totals are unchanged")
    }

    func testARuleCountedBeforeSeveritiesWereStoredHasNoneInTheTrend() throws {
        let findings = (0 ..< 2).map { Finding(rule: "rule.a", severity: .warning, message: "m", locations: [], fix: "f", fingerprint: "fp-\($0)") }
        let report = Report(project: .init(name: "App", files: 1, bytes: 1), files: [], findings: findings, summary: .init(warnings: 2))
        try live.seed(status: .succeeded, report: report, repository: "github.com/acme/app", branch: "main", severities: false)
        let trend = try live.request("GET", "/v1/trends?repository=acme/app")
        XCTAssertEqual(try OpenAPISchemas.problems(in: trend.body, against: "TrendPage"), "")
        let item = try XCTUnwrap((try trend.json()["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["rules"] as? [String: Int], ["rule.a": 2])
        XCTAssertEqual(item["ruleSeverities"] as? [String: [String: Int]], [:], "unknown, not zero")
    }

    func testBadParametersAre400NamingTheParameter() throws {
        for (query, parameter) in [("", "repository"), ("repository=a&bucket=month", "bucket"), ("repository=a&since=yesterday", "since"),
                                   ("repository=a&since=2026-12-01&until=2026-11-01", "since"), ("repository=a&limit=0", "limit"),
                                   ("repository=a&cursor=nope", "cursor")] {
            let response = try live.request("GET", "/v1/trends?\(query)")
            XCTAssertEqual(response.status, 400, query)
            XCTAssertTrue((try response.json()["detail"] as? String)?.contains("'\(parameter)'") == true, query)
        }
        XCTAssertEqual(try live.request("GET", "/v1/repositories?cursor=nope").status, 400)
    }
}
