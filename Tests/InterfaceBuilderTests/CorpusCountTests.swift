import Analysis
import Foundation
import TestSupport
import XCTest

/// Parses every file of the real corpus and compares per-file counts with those that
/// `Resources/count_ib.py` (ElementTree, a tree parser) wrote to `corpus-counts.tsv`.
final class CorpusCountTests: XCTestCase {
    private struct Expected {
        var kind: String
        var counts: [String: Int]
    }

    private static let fields = ["custom_classes", "constraints", "outlets", "outlet_collections", "actions", "segues", "runtime_attributes", "scenes", "bindings", "binding_options"]

    private func loadExpected() throws -> [String: Expected] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/corpus-counts.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.first).split(separator: "\t").map(String.init)
        XCTAssertEqual(Array(header.dropFirst(2)), Self.fields, "corpus-counts.tsv columns")
        var expected: [String: Expected] = [:]
        for line in lines.dropFirst() {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(cells.count, header.count, "malformed row: \(line)")
            guard cells.count == header.count else { continue }
            var counts: [String: Int] = [:]
            for (field, cell) in zip(Self.fields, cells.dropFirst(2)) { counts[field] = Int(cell) }
            expected[cells[0]] = Expected(kind: cells[1], counts: counts)
        }
        return expected
    }

    private func counts(of document: IBDocument) -> [String: Int] {
        let kinds = Dictionary(grouping: document.connections, by: \.kind).mapValues(\.count)
        return [
            "custom_classes": document.objects.filter { $0.customClass != nil }.count,
            "constraints": document.constraints.count,
            "outlets": kinds[.outlet] ?? 0,
            "outlet_collections": kinds[.outletCollection] ?? 0,
            "actions": kinds[.action] ?? 0,
            "segues": kinds[.segue] ?? 0,
            "runtime_attributes": document.runtimeAttributes.count,
            "scenes": document.scenes.count,
            "bindings": document.bindings.count,
            "binding_options": document.bindings.map(\.options.count).reduce(0, +),
        ]
    }

    func testEveryCorpusFileParsesWithTheIndependentCounts() throws {
        let corpus = Fixtures.corpusDirectory
        let files = Fixtures.relativeFiles(under: corpus).filter { ["xib", "storyboard", "nib"].contains(($0 as NSString).pathExtension) }
        try XCTSkipIf(files.isEmpty, "corpus not present at \(corpus.path)")
        let expected = try loadExpected()
        XCTAssertEqual(Set(files), Set(expected.keys), "corpus-counts.tsv is out of date: rerun count_ib.py")
        var statuses: [IBDocument.Status: Int] = [:]
        for file in files {
            let data = try Data(contentsOf: corpus.appendingPathComponent(file))
            let document = InterfaceBuilderParser().parse(data: data, path: file)
            statuses[document.status, default: 0] += 1
            guard let want = expected[file] else { continue }
            let wantStatus: IBDocument.Status = switch want.kind {
            case "document": .analysed
            case "archive": .legacy
            case "binary": .binary
            default: .error
            }
            XCTAssertEqual(document.status, wantStatus, "\(file): \(document.reason ?? "")")
            XCTAssertEqual(counts(of: document), want.counts, file)
            assertLocationsPointAtStartTags(document, data: data)
        }
        XCTAssertNil(statuses[.error], "no corpus file may fail to parse")
        XCTAssertGreaterThan(statuses[.analysed] ?? 0, 400)
        XCTAssertGreaterThan(statuses[.legacy] ?? 0, 50)
    }

    /// Every object's line and column points at `<` and, in documents, at its element name.
    private func assertLocationsPointAtStartTags(_ document: IBDocument, data: Data) {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for object in document.objects where document.status == .analysed || object.element != "object" {
            guard object.location.line <= lines.count else {
                XCTFail("\(document.path): \(object.id) at line \(object.location.line) past the end")
                return
            }
            let line = lines[object.location.line - 1]
            let start = line.startIndex + object.location.column - 1
            let expected = document.status == .analysed ? "<\(object.element)" : "<"
            guard line.count >= object.location.column - 1 + expected.utf8.count,
                  line[start..<(start + expected.utf8.count)].elementsEqual(expected.utf8) else {
                XCTFail("\(document.path): \(object.element) \(object.id) at \(object.location) does not point at \(expected)")
                return
            }
        }
    }
}
