import Analysis
import Foundation
import TestSupport
import XCTest

/// All-ones values (0xFFFF entries, 0xFFFFFFFF sizes and offsets) mean "see the ZIP64
/// record or field" only when that record or field is there; otherwise they are numbers,
/// as Info-ZIP and Python's zipfile read them. A zip of exactly 65,535 entries needs no
/// ZIP64 at all.
final class ZipAllOnesTests: XCTestCase {
    private static let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch"><objects><view id="v"/></objects></document>
    """

    func testExactly65535EntriesWithoutZip64AreRead() throws {
        var zip = ZipBuilder()
        zip.add("App/View.xib", text: Self.xib, method: 0)
        for index in 1..<0xFFFF { zip.add("App/Assets/f\(index).png", Data(), method: 0) }
        let bytes = zip.build()
        XCTAssertNil(bytes.range(of: Data([0x50, 0x4B, 6, 6])), "no ZIP64 end record")
        XCTAssertEqual(bytes.suffix(12).prefix(2), Data([0xFF, 0xFF]), "the end record's count is 0xFFFF")
        let input = try readArchiveBytes(bytes)
        XCTAssertEqual(input.totalEntries, 0xFFFF)
        XCTAssertEqual(input.text(of: "App/View.xib"), Self.xib)
    }

    func testPythonsZipOf65535EntriesIsReadAsUnzipReadsIt() throws {
        let folder = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.xib.utf8).write(to: folder.appendingPathComponent("View.xib"))
        let script = """
        import zipfile
        with zipfile.ZipFile("Many.zip", "w", allowZip64=False) as archive:
            archive.write("View.xib", "App/View.xib")
            for index in range(1, 65535):
                archive.writestr("App/Assets/f%d.png" % index, b"")
        """
        try runTool(["python3", "-c", script], in: folder)
        try runTool(["unzip", "-tqq", "Many.zip"], in: folder)
        let input = try ProjectInput.read(path: folder.appendingPathComponent("Many.zip").path, limits: ArchiveLimits())
        XCTAssertEqual(input.totalEntries, 65_535)
        XCTAssertEqual(input.text(of: "App/View.xib"), Self.xib)
    }

    func testAllOnesDirectoryOffsetWithoutZip64RecordIsRefusedWhenItCannotBeANumber() {
        var zip = ZipBuilder()
        zip.add("App/View.xib", text: Self.xib)
        zip.centralDirectoryOffsetOverride = 0xFFFF_FFFF
        let message = assertRefused(zip, code: "archive.corrupt-central-directory")
        XCTAssertTrue(message?.contains("ZIP64 record that is missing") == true, message ?? "none")
    }

    func testAllOnesSizesWithoutZip64FieldAreNumbersJudgedByTheLimits() throws {
        var zip = ZipBuilder()
        var huge = ZipBuilder.Entry(name: "App/Huge.xib", data: Data(Self.xib.utf8))
        huge.method = 0
        huge.uncompressedSizeOverride = 0xFFFF_FFFF
        zip.add(huge)
        zip.add("App/Card.swift", text: "class Card {}")
        let input = try readArchiveBytes(zip.build())
        let entry = input.files.first { $0.path == "App/Huge.xib" }
        XCTAssertEqual(entry?.status, .skipped)
        XCTAssertTrue(entry?.reason?.contains("archive.entry-too-large") == true, entry?.reason ?? "none")
        XCTAssertEqual(input.text(of: "App/Card.swift"), "class Card {}")
    }
}
