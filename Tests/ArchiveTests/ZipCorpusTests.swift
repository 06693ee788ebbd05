import Analysis
import Foundation
import TestSupport
import XCTest

/// The whole shared Interface Builder corpus, zipped, reads back byte-identical.
final class ZipCorpusTests: XCTestCase {
    private var corpus: URL { Fixtures.corpusDirectory }

    private func corpusFiles() throws -> [String] {
        let files = Fixtures.relativeFiles(under: corpus).filter { ProjectInput.isNeededByAnalysis(path: $0) }
        try XCTSkipIf(files.isEmpty, "no corpus at \(corpus.path)")
        return files
    }

    private func assertIdentical(_ input: ProjectInput, prefix: String, files: [String],
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(input.files.map(\.path), files.map { prefix + $0 }.sorted(), file: file, line: line)
        for path in files {
            let read = input.files.first { $0.path == prefix + path }
            XCTAssertEqual(read?.status, .analysed, "\(path): \(read?.reason ?? "")", file: file, line: line)
            let original = try Data(contentsOf: corpus.appendingPathComponent(path))
            XCTAssertEqual(read?.contents, original, "\(path) differs", file: file, line: line)
        }
    }

    func testCorpusZippedInCodeReadsBackByteIdentical() throws {
        let files = try corpusFiles()
        var zip = ZipBuilder()
        for (index, path) in files.enumerated() {
            // Alternate stored, deflated and ZIP64 entries, some behind data descriptors.
            var entry = ZipBuilder.Entry(name: "ib/" + path, data: try Data(contentsOf: corpus.appendingPathComponent(path)))
            entry.method = index % 3 == 0 ? 0 : 8
            entry.forceZip64 = index % 5 == 0
            entry.flags = index % 7 == 0 ? 8 : 0
            zip.add(entry)
        }
        zip.zip64EndRecord = true

        let input = try readArchive(zip, name: "corpus.zip")

        try assertIdentical(input, prefix: "ib/", files: files)
        XCTAssertEqual(input.totalEntries, files.count)
    }

    func testCorpusZippedByInfoZipReadsBackByteIdentical() throws {
        let files = try corpusFiles()
        let folder = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("corpus.zip")
        try runTool(["zip", "-q", "-r", "-X", archive.path, "."], in: corpus)

        let input = try ProjectInput.read(path: archive.path, limits: ArchiveLimits())

        try assertIdentical(input, prefix: "", files: files)
        XCTAssertEqual(input.totalEntries, Fixtures.relativeFiles(under: corpus).count)
    }
}
