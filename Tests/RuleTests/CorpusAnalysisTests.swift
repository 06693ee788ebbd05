import Analysis
import TestSupport
import XCTest

/// The whole shared corpus (537 Interface Builder files from 30 projects, no sources)
/// analysed as one project: no crash, every file listed, IB-only checks run, the others
/// skipped with a note; and the report is byte-identical from run to run.
final class CorpusAnalysisTests: XCTestCase {
    private func analyseCorpus(concurrency: Int = 2) throws -> Report {
        try Analyzer(configuration: .init(concurrency: concurrency)).analyze(path: Fixtures.corpusDirectory.path)
    }

    func testWholeCorpusIsAnalysedWithoutCrash() throws {
        let report = try analyseCorpus()
        let interfaceFiles = report.files.filter { [.xib, .storyboard, .nib].contains($0.kind) }
        XCTAssertGreaterThanOrEqual(interfaceFiles.count, 535)
        XCTAssertTrue(interfaceFiles.filter { $0.status == .legacy }.allSatisfy { $0.reason?.isEmpty == false })
        XCTAssertFalse(report.classes.isEmpty)
        let knownIDs: Set<String> = ["root-class-factory", "files-owner-content-view", "awake-after-substitution", "init-coder-replacement",
                                     "view-controller-nib", "cell-nib", "storyboard-only", "code-only", "unknown"]
        XCTAssertTrue(report.classes.flatMap(\.strategies).allSatisfy { knownIDs.contains($0.id) && !$0.evidence.isEmpty })
        let rootViewsWithoutStrategy = report.classes.filter { $0.strategies.isEmpty && $0.nibs.contains { $0.role == .rootView } }
        XCTAssertEqual(rootViewsWithoutStrategy.map(\.name), [])
        let covered = Set(TestProject.coveredRules.map { $0.description.id })
        let rules = Set(report.findings.map(\.rule)).intersection(covered)
        XCTAssertTrue(rules.isSubset(of: ["duplicate-id", "duplicate-constraint", "ambiguous-view", "misplaced-view"]), "\(rules)")
        XCTAssertEqual(report.summary.errors + report.summary.warnings + report.summary.infos, report.findings.count)
        XCTAssertTrue(report.notes?.contains { $0.contains("no Swift or Objective-C sources") && $0.contains("outlet-not-in-class") } == true)
    }

    func testMisplacedAndAmbiguousCountsMatchTheAttributesInTheFiles() throws {
        let report = try analyseCorpus()
        // Five of them sit on views whose container sets the frame (one clip view, four
        // window content views), which the rule does not report.
        XCTAssertEqual(report.findings.filter { $0.rule == "misplaced-view" }.count, 66, "corpus README: 71 misplaced=\"YES\", minus 5 container-framed")
        let ambiguous = report.findings.filter { $0.rule == "ambiguous-view" }.count
        XCTAssertLessThanOrEqual(ambiguous, 55, "corpus README: 55 ambiguous=\"YES\", minus verifyAmbiguity")
        XCTAssertGreaterThan(ambiguous, 13, "more than IBLinter, which only walks view-controller root views")
    }

    func testReportIsByteIdenticalAcrossRunsAndThreadCounts() throws {
        var first = try analyseCorpus(concurrency: 1)
        var second = try analyseCorpus(concurrency: 4)
        first.summary.durationMs = 0
        second.summary.durationMs = 0
        XCTAssertEqual(try first.jsonData(), try second.jsonData())
    }

    func testFolderAndZipGiveTheSameFindings() throws {
        let folder = Fixtures.examplesDirectory.appendingPathComponent("SampleApp")
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fromFolder = try Analyzer().analyze(path: folder.path)

        // Zipped from inside the folder: the same paths as the folder analysis.
        let flat = try analyseZip(of: folder, prefix: "", in: directory)
        XCTAssertEqual(flat.findings.map(\.fingerprint), fromFolder.findings.map(\.fingerprint))
        XCTAssertEqual(flat.classes, fromFolder.classes)

        // Zipped from outside (`zip -r SampleApp.zip SampleApp`): the wrapping folder stays in
        // every path, and the same hazards are found.
        let wrapped = try analyseZip(of: folder, prefix: "SampleApp/", in: directory)
        XCTAssertEqual(wrapped.findings.map(\.rule), fromFolder.findings.map(\.rule))
        XCTAssertTrue(wrapped.findings.flatMap(\.locations).allSatisfy { $0.path.hasPrefix("SampleApp/") })
    }

    private func analyseZip(of folder: URL, prefix: String, in directory: URL) throws -> Report {
        var zip = ZipBuilder()
        for path in Fixtures.relativeFiles(under: folder) {
            zip.add(prefix + path, try Data(contentsOf: folder.appendingPathComponent(path)))
        }
        let zipURL = directory.appendingPathComponent("SampleApp-\(prefix.isEmpty ? "flat" : "wrapped").zip")
        try zip.write(to: zipURL)
        return try Analyzer().analyze(path: zipURL.path)
    }
}
