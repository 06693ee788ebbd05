import Analysis
import Foundation
import TestSupport
import XCTest

/// The whole analysis of every real project in `../shared/realworld/` held to the hand review
/// in `docs/realworld-review.md`: the errors and warnings per project, rule and severity are
/// the pinned ones (`docs/realworld/pinned-counts.tsv`), so a new false alarm and a lost
/// finding both fail; and every finding the reviews judged real (the first review's, and the
/// review under the 2026-12 standard, `verdicts-standard.tsv`) is still reported, at any severity.
///
/// After a change that moves these counts on purpose, review what changed, record verdicts
/// for new findings in `docs/realworld/verdicts-standard.tsv`, and run
/// `scripts/realworld-review --pin`.
final class RealWorldReviewTests: XCTestCase {
    /// One report per project, made once for both tests.
    private static let reports: [String: Report] = {
        let folder = Fixtures.sharedDirectory.appendingPathComponent("realworld")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") && !$0.hasSuffix(".tsv") }.sorted()
        var reports: [String: Report] = [:]
        for name in names {
            reports[name] = try? Analyzer(configuration: .init(concurrency: 2)).analyze(path: folder.appendingPathComponent(name).path)
        }
        return reports
    }()

    private static func table(_ name: String) throws -> [[String: String]] {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/realworld/\(name)")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            let values = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, values + Array(repeating: "", count: max(0, header.count - values.count))))
        }
    }

    /// How many projects `../shared/realworld/MANIFEST.tsv` lists (one row each after the header).
    private static func manifestCount() throws -> Int {
        let manifest = Fixtures.sharedDirectory.appendingPathComponent("realworld/MANIFEST.tsv")
        return try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").count - 1
    }

    /// Project, rule, class and first location: how the review tables name a finding.
    private static func place(_ row: [String: String]) -> String {
        ["project", "rule", "class", "path", "line"].map { row[$0, default: ""] }.joined(separator: "\t")
    }

    /// The independent review's real findings (`../shared/realworld/independent-review.tsv`),
    /// in the columns of the review tables: its repository is the folder, its first location
    /// the place.
    private static func independentlyReal() throws -> [[String: String]] {
        let url = Fixtures.sharedDirectory.appendingPathComponent("realworld/independent-review.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().compactMap { line in
            let row = Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
            guard row["verdict"] == "real", let first = row["locations"]?.split(separator: "|").first,
                  let colon = first.lastIndex(of: ":") else { return nil }
            return ["project": row["repo", default: ""].replacingOccurrences(of: "/", with: "__"), "rule": row["rule", default: ""],
                    "class": row["class", default: ""], "path": String(first[..<colon]), "line": String(first[first.index(after: colon)...])]
        }
    }

    private func requireProjects() throws -> [String: Report] {
        let reports = Self.reports
        guard !reports.isEmpty else {
            throw XCTSkip("no projects in \(Fixtures.sharedDirectory.path)/realworld")
        }
        XCTAssertEqual(reports.count, try Self.manifestCount(), "every project ../shared/realworld/MANIFEST.tsv lists is analysed")
        return reports
    }

    func testErrorsAndWarningsPerProjectAndRuleAreThePinnedOnes() throws {
        let reports = try requireProjects()
        var expected: [String: Int] = [:]
        for row in try Self.table("pinned-counts.tsv") {
            expected["\(row["project", default: ""]) \(row["rule", default: ""]) \(row["severity", default: ""])"] = Int(row["count", default: ""]) ?? -1
        }
        var actual: [String: Int] = [:]
        for (project, report) in reports {
            for finding in report.findings where finding.severity != .info {
                actual["\(project) \(finding.rule) \(finding.severity.rawValue)", default: 0] += 1
            }
        }
        for key in Set(expected.keys).union(actual.keys).sorted() {
            XCTAssertEqual(actual[key, default: 0], expected[key, default: 0], "errors and warnings of \(key)")
        }
    }

    func testEveryFindingTheReviewJudgedRealIsStillReported() throws {
        let reports = try requireProjects()
        let review = try Self.table("verdicts-standard.tsv")
        let standard = review.filter { $0["verdict"] == "real" || $0["verdict"] == "real-wrong-severity" }
        // A finding the review under the standard overturned (judged false, with its evidence) no longer has to be reported.
        let overturned = Set(review.filter { $0["verdict"] == "false" }.map(Self.place))
        let earlier = try Self.table("verdicts-before.tsv").filter { $0["verdict"] != "false" } + Self.independentlyReal()
        for row in earlier.filter({ !overturned.contains(Self.place($0)) }) + standard {
            let project = row["project", default: ""]
            let found = reports[project]?.findings.contains { finding in
                finding.rule == row["rule"] && (finding.className ?? "") == row["class", default: ""]
                    && finding.locations.first?.path == row["path"] && finding.locations.first.map { String($0.line) } == row["line"]
            } ?? false
            XCTAssertTrue(found, "\(project): the real \(row["rule", default: ""]) at \(row["path", default: ""]):\(row["line", default: ""]) is reported")
        }
    }
}
