import Analysis
import Foundation
import TestSupport
import XCTest

/// Names that are one file on a default macOS volume (case-insensitive and
/// normalisation-insensitive): the first is read, every later one skipped naming it.
final class MacPathCollisionTests: XCTestCase {
    private let precomposed = "App/Caf\u{E9}.xib"
    private let decomposed = "App/Cafe\u{301}.xib"

    private func archive(_ names: [String]) -> ZipBuilder {
        var zip = ZipBuilder()
        for name in names { zip.add(name, text: "<!-- \(name) -->") }
        return zip
    }

    /// Asserts `path` was read with its own bytes.
    private func assertRead(_ input: ProjectInput, _ path: String, file: StaticString = #filePath, line: UInt = #line) {
        let entry = input.files.first { Array($0.path.utf8) == Array(path.utf8) }
        XCTAssertEqual(entry?.status, .analysed, path, file: file, line: line)
        XCTAssertEqual(entry?.contents.map { String(decoding: $0, as: UTF8.self) }, "<!-- \(path) -->", file: file, line: line)
    }

    /// Asserts `path` was skipped as the same file as `first`.
    private func assertCollides(_ input: ProjectInput, _ path: String, with first: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        let entry = input.files.first { Array($0.path.utf8) == Array(path.utf8) }
        XCTAssertEqual(entry?.status, .skipped, path, file: file, line: line)
        XCTAssertNil(entry?.contents, file: file, line: line)
        XCTAssertEqual(entry?.reason, "same file as '\(first)' on macOS, whose volumes ignore case and Unicode normalisation; "
                       + "not read (archive.name-collision)", file: file, line: line)
    }

    // MARK: Archives

    func testNamesDifferingInCaseOnlyKeepTheFirstInArchiveOrder() throws {
        let input = try readArchive(archive(["App/View.xib", "App/Other.swift", "App/view.xib"]))
        XCTAssertEqual(input.files.map(\.path), ["App/Other.swift", "App/View.xib", "App/view.xib"])
        assertRead(input, "App/View.xib")
        assertCollides(input, "App/view.xib", with: "App/View.xib")

        let reversed = try readArchive(archive(["App/view.xib", "App/View.xib"]))
        assertRead(reversed, "App/view.xib")
        assertCollides(reversed, "App/View.xib", with: "App/view.xib")
    }

    /// ASCII names fold byte by byte: every letter folds, and the bytes beside `A`–`Z`
    /// (`@` and `[`, whose bit 0x20 set gives `` ` `` and `{`) stay themselves.
    func testASCIINamesFoldLettersOnly() throws {
        let input = try readArchive(archive(["App/ABCDEFGHIJKLMNOPQRSTUVWXYZ.xib", "App/@[.xib", "App/`{.xib",
                                             "App/abcdefghijklmnopqrstuvwxyz.XIB", "app/AbCdEfGhIjKlMnOpQrStUvWxYz.xib"]))
        assertRead(input, "App/@[.xib")
        assertRead(input, "App/`{.xib")
        assertRead(input, "App/ABCDEFGHIJKLMNOPQRSTUVWXYZ.xib")
        assertCollides(input, "App/abcdefghijklmnopqrstuvwxyz.XIB", with: "App/ABCDEFGHIJKLMNOPQRSTUVWXYZ.xib")
        assertCollides(input, "app/AbCdEfGhIjKlMnOpQrStUvWxYz.xib", with: "App/ABCDEFGHIJKLMNOPQRSTUVWXYZ.xib")
    }

    func testPrecomposedAndDecomposedSpellingsCollide() throws {
        let input = try readArchive(archive([decomposed, precomposed]))
        XCTAssertEqual(input.files.count, 2)
        assertRead(input, decomposed)
        assertCollides(input, precomposed, with: decomposed)
    }

    func testCaseAndNormalisationTogether() throws {
        let input = try readArchive(archive(["APP/CAF\u{C9}.XIB", decomposed, "App/CAFE\u{301}.xib"]))
        assertRead(input, "APP/CAF\u{C9}.XIB")
        assertCollides(input, decomposed, with: "APP/CAF\u{C9}.XIB")
        assertCollides(input, "App/CAFE\u{301}.xib", with: "APP/CAF\u{C9}.XIB")
    }

    func testNonASCIICaseFolding() throws {
        let input = try readArchive(archive(["App/\u{3A3}\u{3A5}\u{39D}.swift", "App/\u{3C3}\u{3C5}\u{3BD}.swift", "App/\u{212B}ngstr\u{F6}m.swift",
                                             "App/\u{E5}ngstr\u{F6}m.swift"]))
        assertCollides(input, "App/\u{3C3}\u{3C5}\u{3BD}.swift", with: "App/\u{3A3}\u{3A5}\u{39D}.swift")
        // U+212B ANGSTROM SIGN decomposes to A + ring, as U+00E5 does once case-folded.
        assertCollides(input, "App/\u{E5}ngstr\u{F6}m.swift", with: "App/\u{212B}ngstr\u{F6}m.swift")
    }

    func testFoldersDifferingInCaseMergeWithoutCollidingFiles() throws {
        let input = try readArchive(archive(["App/Views/Card.xib", "App/views/List.xib", "app/VIEWS/Row.swift"]))
        XCTAssertEqual(input.files.map(\.status), [.analysed, .analysed, .analysed])
    }

    func testNamesThatOnlyLookAlikeDoNotCollide() throws {
        // Different letters (Latin a, Cyrillic a), and a diacritic that is a different letter.
        let input = try readArchive(archive(["App/Card.xib", "App/C\u{430}rd.xib", "App/Card\u{308}.xib", "App/Card.xib.swift"]))
        XCTAssertEqual(input.files.map(\.status), [.analysed, .analysed, .analysed, .analysed])
    }

    func testEveryLaterEntryNamesTheFirst() throws {
        let input = try readArchive(archive(["App/View.xib", "App/VIEW.xib", "App/view.XIB"]))
        assertRead(input, "App/View.xib")
        assertCollides(input, "App/VIEW.xib", with: "App/View.xib")
        assertCollides(input, "App/view.XIB", with: "App/View.xib")
    }

    func testTheFirstCountsEvenWhenItIsNotReadItself() throws {
        var zip = ZipBuilder()
        var encrypted = ZipBuilder.Entry(name: "App/View.xib", data: Data("x".utf8))
        encrypted.flags = 1
        zip.add(encrypted)
        zip.add("App/view.xib", text: "<!-- App/view.xib -->")
        let input = try readArchive(zip)
        XCTAssertTrue(input.files.first { $0.path == "App/View.xib" }?.reason?.hasSuffix("(archive.encrypted)") == true)
        assertCollides(input, "App/view.xib", with: "App/View.xib")
    }

    func testFilesTheAnalysisDoesNotReadAreNotCompared() throws {
        var zip = archive(["App/Card.xib"])
        zip.add("App/Icon.png", Data(repeating: 1, count: 10), method: 0)
        zip.add("App/icon.png", Data(repeating: 2, count: 10), method: 0)
        let input = try readArchive(zip)
        XCTAssertEqual(input.files.map(\.path), ["App/Card.xib"])
        XCTAssertEqual(input.totalEntries, 3)
    }

    func testByteIdenticalNamesAreStillRefused() {
        assertRefused(archive(["App/View.xib", "App/View.xib"]), code: "archive.duplicate-name")
    }

    func testTheOutcomeIsTheSameOnEveryRead() throws {
        let zip = archive([precomposed, "App/B.swift", decomposed, "App/b.swift"])
        let first = try readArchive(zip)
        for _ in 0..<5 {
            let again = try readArchive(zip)
            XCTAssertEqual(again.files.map { Array($0.path.utf8) }, first.files.map { Array($0.path.utf8) })
            XCTAssertEqual(again.files.map(\.reason), first.files.map(\.reason))
        }
    }

    // MARK: Folders

    func testFolderHoldingBothSpellingsReadsTheFirstInByteOrder() throws {
        let root = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        for name in ["App/view.xib", "App/View.xib", precomposed, decomposed, "App/Other.swift"] {
            try Data("<!-- \(name) -->".utf8).write(to: root.appendingPathComponent(name))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("App").path)
        try XCTSkipIf(names.count < 5, "this file system folds names itself: \(names)")

        let input = try ProjectInput.read(path: root.path, limits: ArchiveLimits())

        XCTAssertEqual(input.files.count, 5)
        assertRead(input, "App/Other.swift")
        assertRead(input, "App/View.xib")
        assertCollides(input, "App/view.xib", with: "App/View.xib")
        // "e" + U+0301 sorts before U+00E9 byte-wise.
        assertRead(input, decomposed)
        assertCollides(input, precomposed, with: decomposed)
    }

    func testAFolderFileSkippedAsACollisionIsNotReadNorCountedTowardTheTotalLimit() throws {
        let root = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let body = String(repeating: "x", count: 600)
        for name in ["Big.swift", "big.swift"] {
            try Data(body.utf8).write(to: root.appendingPathComponent(name))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
        try XCTSkipIf(names.count < 2, "this file system folds names itself: \(names)")

        // Both together are over the limit; the first alone is under it.
        let input = try ProjectInput.read(path: root.path, limits: ArchiveLimits(maxTotalInflatedBytes: 1_000))

        XCTAssertEqual(input.files.map(\.path), ["Big.swift", "big.swift"])
        XCTAssertEqual(input.files.first?.contents?.count, 600)
        XCTAssertEqual(input.files.last?.status, .skipped)
        XCTAssertNil(input.files.last?.contents)
        XCTAssertEqual(input.totalBytes, 1_200, "the project's size still counts every file")
    }
}
