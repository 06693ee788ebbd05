import Analysis
import Foundation
import TestSupport
import XCTest

/// Well-formed archives in every shape the reader supports.
final class ZipReadingTests: XCTestCase {
    private let xib = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>"
    private let swift = "final class CardView: UIView {}\n"

    func testReadsStoredAndDeflatedEntriesAndKeepsTheWrappingFolder() throws {
        var zip = ZipBuilder()
        zip.add("MyApp/Views/Card.xib", text: xib, method: 8)
        zip.add("MyApp/Views/Card.swift", text: swift, method: 0)

        let input = try readArchive(zip, name: "MyApp-main.zip")

        XCTAssertEqual(input.defaultName, "MyApp-main")
        XCTAssertEqual(input.files.map(\.path), ["MyApp/Views/Card.swift", "MyApp/Views/Card.xib"])
        XCTAssertEqual(input.files.map(\.kind), [.swift, .xib])
        XCTAssertEqual(input.files.map(\.status), [.analysed, .analysed])
        XCTAssertEqual(input.text(of: "MyApp/Views/Card.xib"), xib)
        XCTAssertEqual(input.text(of: "MyApp/Views/Card.swift"), swift)
    }

    func testEntriesInflatedOnSeveralThreadsAreTheEntriesReadInOrder() throws {
        var zip = ZipBuilder()
        for index in 0..<40 {
            zip.add("App/View\(index).xib", text: xib + String(repeating: " ", count: index * 97), method: index % 3 == 0 ? 0 : 8)
            zip.add("App/View\(index).swift", text: swift + "// \(index)\n")
        }
        var badCRC = ZipBuilder.Entry(name: "App/BadCRC.xib", data: Data(xib.utf8))
        badCRC.crcOverride = 0xDEAD_BEEF
        zip.add(badCRC)
        var corrupt = ZipBuilder.Entry(name: "App/Corrupt.swift", data: Data(swift.utf8))
        corrupt.storedOverride = Data(repeating: 0xFF, count: 12)
        zip.add(corrupt)
        let serial = try readArchive(zip, concurrency: 1)
        for concurrency in [2, 8] {
            let parallel = try readArchive(zip, concurrency: concurrency)
            XCTAssertEqual(parallel.files.map(\.path), serial.files.map(\.path))
            XCTAssertEqual(parallel.files.map(\.contents), serial.files.map(\.contents))
            XCTAssertEqual(parallel.files.map(\.status), serial.files.map(\.status))
            XCTAssertEqual(parallel.files.map(\.reason), serial.files.map(\.reason))
        }
        XCTAssertEqual(serial.files.filter { $0.status == .analysed }.count, 80)
        XCTAssertEqual(serial.text(of: "App/View39.swift"), swift + "// 39\n")
        XCTAssertNotNil(serial.files.first { $0.path == "App/BadCRC.xib" }?.reason, "a failed entry is skipped with its reason")
        XCTAssertNotNil(serial.files.first { $0.path == "App/Corrupt.swift" }?.reason)
    }

    func testImagesAreCountedButNeitherReadNorListed() throws {
        var zip = ZipBuilder()
        zip.add("App/Card.xib", text: xib)
        zip.add("App/Assets/icon.png", Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), method: 0)
        zip.add("App/App.xcodeproj/project.pbxproj", text: "// !$*UTF8*$!\n")

        let input = try readArchive(zip)

        XCTAssertEqual(input.files.map(\.path), ["App/App.xcodeproj/project.pbxproj", "App/Card.xib"])
        XCTAssertEqual(input.totalEntries, 3)
        XCTAssertEqual(input.totalBytes, Int64(xib.utf8.count + 5_000 + 14))
    }

    func testMacOSResourceForksAreCountedButNeitherReadNorListed() throws {
        var zip = ZipBuilder()
        let appleDouble = Data([0x00, 0x05, 0x16, 0x07]) + Data(repeating: 0, count: 60)
        zip.add("App/Card.xib", text: xib)
        zip.add("__MACOSX/App/._Card.xib", appleDouble)
        zip.add("App/._Card.swift", appleDouble)
        zip.add("App/Card.swift", text: swift)

        let input = try readArchive(zip)

        XCTAssertEqual(input.files.map(\.path), ["App/Card.swift", "App/Card.xib"])
        XCTAssertEqual(input.totalEntries, 4)
        XCTAssertFalse(ProjectInput.isNeededByAnalysis(path: "App/._Card.xib"))
        XCTAssertTrue(ProjectInput.isNeededByAnalysis(path: "App/__MACOSX.xib"))
    }

    func testUnreadImagesAreNeverInflatedEvenWhenCorrupt() throws {
        var zip = ZipBuilder()
        var image = ZipBuilder.Entry(name: "App/broken.png", data: Data(repeating: 1, count: 100))
        image.storedOverride = Data(repeating: 0xFF, count: 10)
        image.crcOverride = 0
        zip.add(image)
        zip.add("App/Card.xib", text: xib)

        let input = try readArchive(zip)

        XCTAssertEqual(input.files.map(\.path), ["App/Card.xib"])
        XCTAssertEqual(input.totalEntries, 2)
    }

    func testDirectoryEntriesAreNotFiles() throws {
        var zip = ZipBuilder()
        var folder = ZipBuilder.Entry(name: "App/", data: Data())
        folder.method = 0
        folder.externalAttributes = 0o040755 << 16
        zip.add(folder)
        zip.add("App/Card.xib", text: xib)

        let input = try readArchive(zip)

        XCTAssertEqual(input.files.map(\.path), ["App/Card.xib"])
        XCTAssertEqual(input.totalEntries, 1)
    }

    func testEmptyArchiveAndEmptyEntry() throws {
        XCTAssertEqual(try readArchive(ZipBuilder()).files.count, 0)

        var zip = ZipBuilder()
        zip.add("App/Empty.swift", Data(), method: 8)
        zip.add("App/Empty.h", Data(), method: 0)
        let input = try readArchive(zip)
        XCTAssertEqual(input.files.map(\.status), [.analysed, .analysed])
        XCTAssertEqual(input.files.map { $0.contents?.count }, [0, 0])
    }

    func testZip64ExtraFieldsAndEndRecord() throws {
        var zip = ZipBuilder()
        var entry = ZipBuilder.Entry(name: "App/Card.xib", data: Data(xib.utf8))
        entry.forceZip64 = true
        zip.add(entry)
        var stored = ZipBuilder.Entry(name: "App/Card.swift", data: Data(swift.utf8))
        stored.method = 0
        stored.forceZip64 = true
        zip.add(stored)
        zip.zip64EndRecord = true

        let input = try readArchive(zip)

        XCTAssertEqual(input.text(of: "App/Card.xib"), xib)
        XCTAssertEqual(input.text(of: "App/Card.swift"), swift)
    }

    func testZip64EndRecordWithoutZip64Entries() throws {
        var zip = ZipBuilder()
        zip.add("App/Card.xib", text: xib)
        zip.zip64EndRecord = true
        XCTAssertEqual(try readArchive(zip).text(of: "App/Card.xib"), xib)
    }

    func testArchiveCommentEvenOneHoldingAnEndRecordSignature() throws {
        var zip = ZipBuilder()
        zip.add("App/Card.xib", text: xib)
        zip.comment = Array("built by CI PK\u{05}\u{06} not an end record".utf8)
        XCTAssertEqual(try readArchive(zip).text(of: "App/Card.xib"), xib)

        zip.comment = [UInt8](repeating: UInt8(ascii: "c"), count: Int(UInt16.max))
        XCTAssertEqual(try readArchive(zip).text(of: "App/Card.xib"), xib)
    }

    func testLargeEntryStreamsThroughTheBoundedBuffer() throws {
        let lines = (0..<60_000).map { "let value\($0) = \($0 &* 2_654_435_761 % 1_000_003)\n" }.joined()
        var zip = ZipBuilder()
        zip.add("App/Generated.swift", text: lines)
        zip.add("App/GeneratedStored.swift", text: lines, method: 0)

        let input = try readArchive(zip)

        XCTAssertEqual(input.text(of: "App/Generated.swift"), lines)
        XCTAssertEqual(input.text(of: "App/GeneratedStored.swift"), lines)
    }

    func testFilesWrittenByInfoZipAreRead() throws {
        // A symlink entry (-y) is stored as a link, which the reader skips. Info-ZIP stores
        // it uncompressed, which it can do only into a seekable file, never into a pipe.
        let folder = try makeInfoZipProject(withSymlink: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try runTool(["zip", "-q", "-r", "-y", "Shop.zip", "Shop"], in: folder)
        try assertInfoZipProject(at: folder.appendingPathComponent("Shop.zip"), symlink: true)
    }

    func testFilesStreamedByInfoZipThroughAPipeAreRead() throws {
        // Writing to a pipe, zip cannot seek back: it uses data descriptors and ZIP64 local
        // extra fields.
        let folder = try makeInfoZipProject(withSymlink: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try runTool(["zip", "-q", "-r", "-", "Shop"], in: folder, standardOutputTo: "Shop.zip")
        let bytes = try Data(contentsOf: folder.appendingPathComponent("Shop.zip"))
        XCTAssertNotNil(bytes.range(of: Data([0x50, 0x4B, 7, 8])), "zip wrote data descriptors")
        try assertInfoZipProject(at: folder.appendingPathComponent("Shop.zip"), symlink: false)
    }

    func testAToolThatFailsStopsTheTestWithItsStatus() throws {
        // The guard of the two tests above: a zip that refuses its arguments must not leave
        // a truncated archive behind for the reader to be blamed for.
        let folder = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertThrowsError(try runTool(["zip", "-q", "-", "no-such-file"], in: folder, standardOutputTo: "Out.zip")) { error in
            XCTAssertTrue("\(error)".contains("exited with status"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out.zip").path))
    }

    private func makeInfoZipProject(withSymlink: Bool) throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory()
        let project = folder.appendingPathComponent("Shop/Views")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(xib.utf8).write(to: project.appendingPathComponent("Cart.xib"))
        try Data(swift.utf8).write(to: project.appendingPathComponent("Cart.swift"))
        if withSymlink {
            try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("Alias.swift").path,
                                                       withDestinationPath: "Cart.swift")
        }
        return folder
    }

    /// The reader's view of the archive does not depend on the order zip met the files in:
    /// `files` comes sorted by path, whatever the folder listing was.
    private func assertInfoZipProject(at archive: URL, symlink: Bool,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let input = try ProjectInput.read(path: archive.path, limits: ArchiveLimits())
        let expected: [(String, FileEntry.Status)] = (symlink ? [("Shop/Views/Alias.swift", .skipped)] : [])
            + [("Shop/Views/Cart.swift", .analysed), ("Shop/Views/Cart.xib", .analysed)]
        XCTAssertEqual(input.files.map(\.path), expected.map(\.0), file: file, line: line)
        XCTAssertEqual(input.files.map(\.status), expected.map(\.1), file: file, line: line)
        XCTAssertEqual(input.text(of: "Shop/Views/Cart.xib"), xib, file: file, line: line)
        XCTAssertEqual(input.text(of: "Shop/Views/Cart.swift"), swift, file: file, line: line)
        XCTAssertEqual(input.totalEntries, expected.count, file: file, line: line)
    }
}
