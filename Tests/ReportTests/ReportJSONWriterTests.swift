import Analysis
import Foundation
import TestSupport
import XCTest

/// `Report.jsonData()` writes the report by hand for speed; these tests hold it to the
/// exact bytes of Foundation's `JSONEncoder` (`Report.makeJSONEncoder`), pretty and compact,
/// for real reports and for seeded random reports full of strings that break escaping.
final class ReportJSONWriterTests: XCTestCase {
    private func assertMatchesEncoder(_ report: Report, _ context: @autoclosure () -> String,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        for pretty in [true, false] {
            let expected = try Report.makeJSONEncoder(pretty: pretty).encode(report)
            let written = try report.jsonData(pretty: pretty)
            guard written != expected else { continue }
            let offset = zip(written, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, expected.count)
            let around = { (data: Data) in String(decoding: data.dropFirst(max(0, offset - 40)).prefix(80), as: UTF8.self) }
            XCTFail("\(context()), pretty \(pretty): differs at byte \(offset) of \(expected.count)\n"
                    + "expected …\(around(expected))…\nwritten  …\(around(written))…", file: file, line: line)
        }
    }

    // MARK: Real reports

    func testCorpusReportMatchesEncoder() throws {
        let report = try Analyzer().analyze(path: Fixtures.corpusDirectory.path)
        XCTAssertGreaterThan(report.classes.count, 100)
        try assertMatchesEncoder(report, "corpus")
    }

    func testSampleAppAndSeedReportsMatchEncoder() throws {
        let seeds = Fixtures.examplesDirectory.appendingPathComponent("Seeds")
        let seedFolders = try FileManager.default.contentsOfDirectory(atPath: seeds.path)
            .filter { $0.hasPrefix("seed-") }.sorted()
        XCTAssertGreaterThanOrEqual(seedFolders.count, 5)
        let projects = [Fixtures.examplesDirectory.appendingPathComponent("SampleApp")]
            + seedFolders.map { seeds.appendingPathComponent($0) }
        for project in projects {
            let report = try Analyzer().analyze(path: project.path)
            XCTAssertFalse(report.findings.isEmpty && report.classes.isEmpty, project.lastPathComponent)
            try assertMatchesEncoder(report, project.lastPathComponent)
        }
    }

    func testSyntheticReportsWithBaselineMatchEncoder() throws {
        var compared = SyntheticReports.mixed
        compared.baseline = BaselineComparison(reference: "before.json", new: 1, unchanged: 3,
                                               fixed: [SyntheticReports.outletFinding])
        compared.findings[0].baseline = .new
        compared.notes = []
        for (name, report) in [("mixed", SyntheticReports.mixed), ("clean", SyntheticReports.clean), ("compared", compared)] {
            try assertMatchesEncoder(report, name)
        }
    }

    // MARK: Escaping

    /// Every ASCII character, alone and in runs, plus the non-ASCII characters JSON
    /// writers are known to treat specially.
    func testEveryASCIICharacterAndSpecialScalarMatchesEncoder() throws {
        let ascii = (0..<0x80).compactMap(Unicode.Scalar.init).map { String($0) }
        let special = ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{85}", "\u{A0}", "é", "e\u{301}", "😀", "👨‍👩‍👧", "\u{10FFFF}", "漢字"]
        for text in ascii + special + [ascii.joined(), special.joined(), ""] {
            var report = SyntheticReports.clean
            report.project.name = text
            report.notes = [text, text + text]
            try assertMatchesEncoder(report, "string \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    // MARK: Random reports

    func testSeededRandomReportsMatchEncoder() throws {
        for seed in UInt64(1)...300 {
            var random = RandomReport(generator: SeededGenerator(state: seed))
            try assertMatchesEncoder(random.report(), "seed \(seed)")
        }
    }

    func testWrittenReportDecodesToTheSameReport() throws {
        for seed in UInt64(1)...20 {
            var random = RandomReport(generator: SeededGenerator(state: seed))
            let report = random.report()
            XCTAssertEqual(try Report.decode(jsonData: report.jsonData(pretty: seed % 2 == 0)), report, "seed \(seed)")
        }
    }
}

/// Seeded random reports: every optional field both present and absent, empty and full
/// arrays, extreme integers, and strings built from quotes, backslashes, slashes, control
/// characters, emoji, combining marks and other non-ASCII text.
private struct RandomReport {
    var generator: SeededGenerator

    private static let pieces: [String] = {
        let controls = (0..<0x20).compactMap(Unicode.Scalar.init).map { String($0) }
        return controls + ["\"", "\\", "/", "\\\"", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FEFF}", "é", "e\u{301}", "😀",
                           "👩🏽‍💻", "🇫🇷", "漢字", "\u{10FFFF}", "Card View", "App/Views/Card.swift", "%@", "<b>&amp;</b>", "a", "Z", "0"]
    }()

    private mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    private mutating func chance() -> Bool { Bool.random(using: &generator) }

    private mutating func integer() -> Int {
        switch number(0...5) {
        case 0: .min
        case 1: .max
        case 2: 0
        default: number(-1_000...1_000_000)
        }
    }

    private mutating func text() -> String {
        (0..<number(0...12)).map { _ in Self.pieces[number(0...(Self.pieces.count - 1))] }.joined()
    }

    private mutating func optionalText() -> String? { chance() ? text() : nil }

    private mutating func list<Element>(_ maximum: Int, _ make: (inout RandomReport) -> Element) -> [Element] {
        (0..<number(0...maximum)).map { _ in make(&self) }
    }

    private mutating func pick<Element>(_ values: [Element]) -> Element { values[number(0...(values.count - 1))] }

    private mutating func location() -> SourceLocation {
        SourceLocation(path: text(), line: integer(), column: chance() ? integer() : nil)
    }

    private mutating func finding() -> Finding {
        Finding(rule: text(), severity: pick(Severity.allCases), className: optionalText(), message: text(),
                locations: list(3) { $0.location() }, fix: text(), seed: optionalText(), fingerprint: text(),
                baseline: chance() ? pick([.new, .unchanged]) : nil)
    }

    private mutating func strategy() -> ClassEntry.Strategy {
        ClassEntry.Strategy(id: text(), variant: optionalText(), evidence: list(3) {
            ClassEntry.Strategy.Evidence(path: $0.text(), line: $0.integer(), note: $0.text())
        })
    }

    private mutating func classEntry() -> ClassEntry {
        ClassEntry(name: text(), objcName: optionalText(), language: pick([.swift, .objc]), superclass: optionalText(),
                   module: optionalText(),
                   declared: chance() ? ClassEntry.Declaration(path: text(), line: integer()) : nil,
                   nibs: list(2) { ClassEntry.NibReference(path: $0.text(), role: $0.pick([.rootView, .filesOwner, .placed])) },
                   placements: list(2) {
                       ClassEntry.Placement(path: $0.text(), line: $0.integer(), objectId: $0.text(),
                                            ownConstraints: $0.integer(), subviews: $0.integer())
                   },
                   strategies: list(3) { $0.strategy() })
    }

    mutating func report() -> Report {
        let files = list(4) {
            FileEntry(path: $0.text(), kind: $0.pick(FileEntry.Kind.allCases), status: $0.pick(FileEntry.Status.allCases),
                      reason: $0.optionalText())
        }
        let baseline = chance() ? BaselineComparison(reference: optionalText(), new: integer(), unchanged: integer(),
                                                     fixed: list(2) { $0.finding() }) : nil
        let summary = Report.Summary(errors: integer(), warnings: integer(), infos: integer(), classes: integer(),
                                     nibs: integer(), storyboards: integer(), durationMs: integer())
        return Report(tool: .init(name: text(), version: text()),
                      project: .init(name: text(), files: integer(), bytes: Int64(integer())),
                      files: files, classes: list(3) { $0.classEntry() }, findings: list(4) { $0.finding() },
                      summary: summary, baseline: baseline, notes: chance() ? list(3) { $0.text() } : nil)
    }
}
