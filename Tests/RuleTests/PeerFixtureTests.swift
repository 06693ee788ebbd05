import Analysis
import TestSupport
import XCTest

/// The counts IBLinter's tests assert on its own fixtures (`corpus/peer-iblinter/expected.tsv`).
final class PeerFixtureTests: XCTestCase {
    func testCountsMatchThePeerExpectations() throws {
        let folder = Fixtures.sharedDirectory.appendingPathComponent("corpus/peer-iblinter")
        let table = try String(contentsOf: folder.appendingPathComponent("expected.tsv"), encoding: .utf8)
        let report = try Analyzer().analyze(path: folder.path)
        let rows = table.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
        XCTAssertFalse(rows.isEmpty)
        for row in rows where row.count >= 3 {
            let (file, rule, expected) = (row[0], row[1], Int(row[2]))
            guard RuleRegistry.rule(withID: rule) != nil else { continue }
            let count = report.findings.filter { $0.rule == rule && $0.locations.first?.path == file }.count
            XCTAssertEqual(count, expected, "\(rule) on \(file)")
        }
    }
}
