import Analysis
import Foundation
import TestSupport
import XCTest

/// Entries skipped or failed one by one while the rest of the archive is analysed: each
/// asserts the entry's status and the code in its reason.
final class ZipEntrySkipTests: XCTestCase {
    private let body = "<document><objects><view/></objects></document>"

    /// An archive with `entry` and one healthy file beside it, which must still be read.
    private func archive(with entry: ZipBuilder.Entry) -> ZipBuilder {
        var zip = ZipBuilder()
        zip.add(entry)
        zip.add("App/Healthy.swift", text: "class Healthy {}")
        return zip
    }

    private func entry(_ name: String, method: UInt16 = 8) -> ZipBuilder.Entry {
        var entry = ZipBuilder.Entry(name: name, data: Data(body.utf8))
        entry.method = method
        return entry
    }

    private func assertSkipped(_ entry: ZipBuilder.Entry, path: String, status: FileEntry.Status = .skipped,
                               code: String, limits: ArchiveLimits = ArchiveLimits(),
                               file: StaticString = #filePath, line: UInt = #line) {
        let zip = archive(with: entry)
        assertEntry(zip, path: path, status: status, code: code, limits: limits, file: file, line: line)
        XCTAssertEqual((try? readArchive(zip, limits: limits))?.text(of: "App/Healthy.swift"), "class Healthy {}",
                       "the healthy entry beside it is still read", file: file, line: line)
    }

    // MARK: Names

    /// Asserts an entry named `name` is skipped as unsafe, listed as `path`, for `why`.
    private func assertUnsafeName(_ name: [UInt8], shownAs path: String, because why: String,
                                  limits: ArchiveLimits = ArchiveLimits(), file: StaticString = #filePath, line: UInt = #line) {
        var unsafe = entry("App/View.xib")
        unsafe.name = name
        assertSkipped(unsafe, path: path, code: "archive.unsafe-name", limits: limits, file: file, line: line)
        let reason = (try? readArchive(archive(with: unsafe), limits: limits))?.files.first { $0.path == path }?.reason
        XCTAssertTrue(reason?.contains(why) == true, "reason: \(reason ?? "none")", file: file, line: line)
    }

    func testAbsoluteName() {
        assertUnsafeName(Array("/etc/App.xib".utf8), shownAs: "/etc/App.xib", because: "absolute path")
    }

    func testDriveLetterName() {
        assertUnsafeName(Array("C:/App.xib".utf8), shownAs: "C:/App.xib", because: "drive-letter path")
    }

    func testParentTraversalName() {
        assertUnsafeName(Array("App/../../outside.xib".utf8), shownAs: "App/../../outside.xib", because: "'..' component")
    }

    func testDotAndEmptyComponentNames() {
        assertUnsafeName(Array("App/./View.xib".utf8), shownAs: "App/./View.xib", because: "empty or '.' component")
        assertUnsafeName(Array("App//View.xib".utf8), shownAs: "App//View.xib", because: "empty or '.' component")
    }

    func testNulInName() {
        assertUnsafeName(Array("App/View".utf8) + [0] + Array(".xib".utf8), shownAs: "App/View\u{FFFD}.xib", because: "NUL byte")
    }

    func testBackslashInName() {
        assertUnsafeName(Array("App\\..\\View.xib".utf8), shownAs: "App\\..\\View.xib", because: "backslash")
    }

    func testNonUTF8Name() {
        assertUnsafeName(Array("App/Caf".utf8) + [0xE9] + Array(".xib".utf8), shownAs: "App/Caf\u{FFFD}.xib", because: "not valid UTF-8")
    }

    func testTooDeepName() {
        assertUnsafeName(Array("a/b/c/d/View.xib".utf8), shownAs: "a/b/c/d/View.xib", because: "5 components deep",
                         limits: ArchiveLimits(maxPathDepth: 4))
    }

    func testTooLongName() {
        let name = "App/" + String(repeating: "x", count: 40) + ".xib"
        assertUnsafeName(Array(name.utf8), shownAs: String(name.prefix(33)) + "…", because: "48 bytes long",
                         limits: ArchiveLimits(maxPathLength: 32))
    }

    func testHugeNamesAreCutNotHeldWhole() throws {
        var zip = ZipBuilder()
        let prefix = String(repeating: "n", count: 2_000)
        zip.add(prefix + "/One.xib", text: "<document/>")
        zip.add(prefix + "/Two.xib", text: "<document/>")

        let input = try readArchive(zip)

        XCTAssertEqual(input.files.count, 2, "names sharing a long prefix are not duplicates")
        for file in input.files {
            XCTAssertEqual(file.path, String(prefix.prefix(1_025)) + "…")
            XCTAssertEqual(file.status, .skipped)
            XCTAssertEqual(file.reason?.contains("2008 bytes long"), true, file.reason ?? "")
        }
    }

    func testUnsafeNamesAreListedEvenForImages() throws {
        let input = try readArchive(archive(with: entry("../escape.png")))
        XCTAssertEqual(input.files.first?.path, "../escape.png")
        XCTAssertEqual(input.files.first?.status, .skipped)
    }

    // MARK: File types, encryption, methods

    func testSymbolicLink() throws {
        var zip = ZipBuilder()
        zip.addSymlink("App/Link.swift", target: "/etc/passwd")
        zip.addSymlink("App/Resources", target: "../..")
        let input = try readArchive(zip)
        XCTAssertEqual(input.files.map(\.path), ["App/Link.swift", "App/Resources"])
        XCTAssertEqual(input.files.map(\.status), [.skipped, .skipped])
        XCTAssertEqual(input.files.map { $0.reason?.hasSuffix("(archive.symlink)") }, [true, true])
        XCTAssertEqual(input.files.map(\.contents), [nil, nil])
    }

    func testDeviceAndFifoEntries() {
        var device = entry("App/Device.swift", method: 0)
        device.externalAttributes = 0o020644 << 16
        assertSkipped(device, path: "App/Device.swift", code: "archive.special-file")
        var fifo = entry("App/Pipe.swift", method: 0)
        fifo.externalAttributes = 0o010644 << 16
        assertSkipped(fifo, path: "App/Pipe.swift", code: "archive.special-file")
    }

    func testEncryptedEntry() {
        var encrypted = entry("App/Secret.xib")
        encrypted.flags = 1
        assertSkipped(encrypted, path: "App/Secret.xib", code: "archive.encrypted")
    }

    func testUnsupportedCompressionMethod() {
        var bzip2 = entry("App/Packed.xib", method: 12)
        bzip2.storedOverride = Data("BZh91AY&SY".utf8)
        assertSkipped(bzip2, path: "App/Packed.xib", code: "archive.unsupported-method")
    }

    // MARK: Size limits

    func testEntryOverThePerFileLimit() {
        assertSkipped(entry("App/Big.xib"), path: "App/Big.xib", code: "archive.entry-too-large",
                      limits: ArchiveLimits(maxEntryBytes: 20))
    }

    func testCompressionRatioOverTheLimit() {
        var zeros = ZipBuilder.Entry(name: "App/Zeros.xib", data: Data(repeating: 0x20, count: 100_000))
        zeros.method = 8
        assertSkipped(zeros, path: "App/Zeros.xib", code: "archive.compression-ratio",
                      limits: ArchiveLimits(maxCompressionRatio: 50))
    }

    func testNonEmptyEntryWithNoCompressedBytesHasAnUnboundedRatio() {
        var empty = entry("App/Nothing.xib")
        empty.storedOverride = Data()
        assertSkipped(empty, path: "App/Nothing.xib", code: "archive.compression-ratio")
    }

    func testEntryInflatingPastItsDeclaredSizeStopsThere() {
        var bomb = ZipBuilder.Entry(name: "App/Bomb.xib", data: Data(repeating: 0x41, count: 5_000_000))
        bomb.uncompressedSizeOverride = 100
        assertSkipped(bomb, path: "App/Bomb.xib", status: .error, code: "archive.size-mismatch")
    }

    func testEntryInflatingShortOfItsDeclaredSize() {
        var short = entry("App/Short.xib")
        short.uncompressedSizeOverride = UInt64(body.utf8.count + 10)
        assertSkipped(short, path: "App/Short.xib", status: .error, code: "archive.size-mismatch")
    }

    func testDeflateStreamEndingBeforeItsCompressedBytes() {
        var padded = entry("App/Padded.xib")
        padded.storedOverride = ZipBuilder.deflate(Data(body.utf8)) + Data(repeating: 0, count: 16)
        assertSkipped(padded, path: "App/Padded.xib", status: .error, code: "archive.size-mismatch")
    }

    func testCompressedBytesEndingInsideTheDeflateStream() {
        var cut = entry("App/Cut.xib")
        cut.storedOverride = ZipBuilder.deflate(Data(body.utf8)).prefix(8)
        assertSkipped(cut, path: "App/Cut.xib", status: .error, code: "archive.size-mismatch")
    }

    func testStoredEntryWhoseSizesDisagree() {
        var stored = entry("App/Stored.xib", method: 0)
        stored.uncompressedSizeOverride = 10
        assertSkipped(stored, path: "App/Stored.xib", status: .error, code: "archive.size-mismatch")
    }

    // MARK: Data integrity

    func testCRCMismatch() {
        var corrupt = entry("App/Flipped.xib")
        corrupt.crcOverride = 0xDEAD_BEEF
        assertSkipped(corrupt, path: "App/Flipped.xib", status: .error, code: "archive.crc-mismatch")
    }

    func testCRCMismatchBehindADataDescriptor() {
        var corrupt = entry("App/Flipped.xib", method: 0)
        corrupt.flags = 8
        corrupt.crcOverride = 0x0BAD_F00D
        assertSkipped(corrupt, path: "App/Flipped.xib", status: .error, code: "archive.crc-mismatch")
    }

    func testCorruptDeflateData() {
        var garbage = entry("App/Garbage.xib")
        garbage.storedOverride = Data([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        assertSkipped(garbage, path: "App/Garbage.xib", status: .error, code: "archive.corrupt-data")
    }

    // MARK: Central directory and local header disagreeing

    func testLocalHeaderDisagreeingOnAnyCheckedField() {
        let falsifications: [(field: String, falsify: (inout ZipBuilder.Entry) -> Void)] = [
            ("name", { $0.localNameOverride = Array("App/Evil.xib".utf8) }),
            ("method", { $0.localMethodOverride = 0 }),
            ("CRC-32", { $0.localCRCOverride = 1 }),
            ("uncompressed size", { $0.localUncompressedSizeOverride = 1 }),
            ("data-descriptor flag", { $0.localFlagsOverride = 8 }),
        ]
        for (field, falsify) in falsifications {
            var disagreeing = entry("App/View.xib")
            falsify(&disagreeing)
            assertSkipped(disagreeing, path: "App/View.xib", code: "archive.header-mismatch")
            let reason = (try? readArchive(archive(with: disagreeing)))?.files.first { $0.path == "App/View.xib" }?.reason
            XCTAssertTrue(reason?.contains(field) == true, "\(field): \(reason ?? "none")")
        }
    }

    func testLocalHeaderDeferringToAMissingZip64Field() throws {
        var deferring = entry("App/View.xib")
        deferring.forceZip64 = true
        var bytes = archive(with: deferring).build()
        // Rename the local ZIP64 extra field (ID 1), right after the 30-byte header and name.
        bytes[30 + "App/View.xib".utf8.count] = 0x99

        let input = try readArchiveBytes(bytes)

        let read = input.files.first { $0.path == "App/View.xib" }
        XCTAssertEqual(read?.status, .skipped)
        XCTAssertEqual(read?.reason?.contains("no ZIP64 field"), true, read?.reason ?? "")
        XCTAssertEqual(input.text(of: "App/Healthy.swift"), "class Healthy {}")
    }

    func testCentralRecordPointingAtNoLocalHeader() {
        var zip = ZipBuilder()
        zip.prefix = Data([0x50, 0x4B, 3, 4]) + Data(repeating: 0, count: 60)
        var misplaced = entry("App/View.xib")
        misplaced.localHeaderOffsetOverride = 4
        zip.add(misplaced)
        assertEntry(zip, path: "App/View.xib", status: .skipped, code: "archive.header-mismatch")
    }

    func testEntryErrorsCarryStableCodesAndNameTheEntry() {
        let error = ArchiveEntryError(entry: "App/View.xib", cause: .crcMismatch(expected: 0xAB, actual: 0xCD))
        XCTAssertEqual(error.code, "archive.crc-mismatch")
        XCTAssertEqual(error.status, .error)
        XCTAssertEqual(error.description, "entry 'App/View.xib': CRC-32 mismatch: expected 000000ab, data has 000000cd")
        XCTAssertEqual(error.reason, "CRC-32 mismatch: expected 000000ab, data has 000000cd (archive.crc-mismatch)")
    }
}
