import Analysis
import Foundation
import TestSupport
import XCTest

/// Archives refused as a whole: each asserts its stable error code.
final class ZipRefusalTests: XCTestCase {
    private func twoEntries() -> ZipBuilder {
        var zip = ZipBuilder()
        zip.add("App/First.xib", text: "<document>first</document>")
        zip.add("App/Second.swift", text: "class Second {}")
        return zip
    }

    // MARK: Not a zip, truncated, garbage

    func testTextFileIsNotAZip() {
        assertRefused(bytes: Data("just some text, not an archive at all".utf8), code: "archive.not-a-zip")
    }

    func testEmptyFileIsNotAZip() {
        assertRefused(bytes: Data(), code: "archive.not-a-zip")
    }

    func testArchiveBehindAPrefixIsNotAZip() {
        var zip = twoEntries()
        zip.prefix = Data("#!/bin/sh\nexit 0\n".utf8)
        assertRefused(zip, code: "archive.not-a-zip")
    }

    func testZipSignatureWithoutEndRecordIsRefused() {
        let bytes = twoEntries().build()
        assertRefused(bytes: bytes.prefix(bytes.count - 10), code: "archive.missing-end-record")
        assertRefused(bytes: bytes.prefix(12), code: "archive.missing-end-record")
    }

    func testCentralDirectoryBeyondTheEndOfTheFile() {
        var zip = twoEntries()
        zip.centralDirectoryOffsetOverride = 1 << 30
        let message = assertRefused(zip, code: "archive.truncated")
        XCTAssertTrue(message?.contains("ends past the end of the file") == true, message ?? "")
    }

    func testCentralDirectorySizeReachingIntoTheEndRecord() throws {
        var zip = twoEntries()
        zip.centralDirectorySizeOverride = UInt64(zip.build().count)
        assertRefused(zip, code: "archive.truncated")
        var within = twoEntries()
        let bytes = within.build()
        let directoryStart = try XCTUnwrap(bytes.range(of: Data([0x50, 0x4B, 1, 2]))).lowerBound
        within.centralDirectorySizeOverride = UInt64(bytes.count - directoryStart - 10)
        let message = assertRefused(within, code: "archive.corrupt-central-directory")
        XCTAssertTrue(message?.contains("runs into the end record") == true, message ?? "")
    }

    func testEntryCountLargerThanTheDirectory() {
        var zip = twoEntries()
        zip.entryCountOverride = 3
        assertRefused(zip, code: "archive.corrupt-central-directory")
    }

    func testEntryCountSmallerThanTheDirectory() {
        var zip = twoEntries()
        zip.entryCountOverride = 1
        let message = assertRefused(zip, code: "archive.corrupt-central-directory")
        XCTAssertTrue(message?.contains("follow the 1 entries") == true, message ?? "")
    }

    func testCountsOnDiskAndInTotalDisagree() {
        var zip = twoEntries()
        zip.entriesOnDiskOverride = 1
        assertRefused(zip, code: "archive.corrupt-central-directory")
        zip.zip64EndRecord = true
        assertRefused(zip, code: "archive.corrupt-central-directory")
    }

    func testCentralDirectoryOffsetPointingAtGarbage() {
        var zip = twoEntries()
        zip.centralDirectoryOffsetOverride = 2
        let message = assertRefused(zip, code: "archive.corrupt-central-directory")
        XCTAssertTrue(message?.contains("no central header signature") == true, message ?? "")
    }

    func testZip64MarkersWithoutZip64Record() throws {
        let bytes = twoEntries().build()
        var patched = bytes
        // Entry counts of the end record (22 bytes from the end, no comment) set to 0xFFFF.
        for index in patched.count - 14..<patched.count - 10 { patched[index] = 0xFF }
        assertRefused(bytes: patched, code: "archive.corrupt-central-directory")
    }

    func testZip64RecordMissingBehindItsLocator() {
        var zip = twoEntries()
        zip.zip64EndRecord = true
        var bytes = zip.build()
        // The ZIP64 end record's signature sits 22 + 20 + 56 bytes from the end.
        bytes[bytes.count - 98] = 0
        assertRefused(bytes: bytes, code: "archive.corrupt-central-directory")
    }

    /// Without a ZIP64 field the all-ones sizes are numbers (as unzip reads them): 4 GiB of
    /// compressed data cannot fit before the central directory.
    func testAllOnesSizesWithoutZip64FieldAreNumbers() throws {
        var zip = ZipBuilder()
        var entry = ZipBuilder.Entry(name: "App/Card.xib", data: Data("<document/>".utf8))
        entry.forceZip64 = true
        zip.add(entry)
        var bytes = zip.build()
        // Rename the central ZIP64 extra field (ID 1) so that the sizes it carries vanish.
        let central = try XCTUnwrap(bytes.range(of: Data([0x50, 0x4B, 1, 2]))).lowerBound
        bytes[central + 46 + "App/Card.xib".utf8.count] = 0x99
        let message = assertRefused(bytes: bytes, code: "archive.overlapping-entries")
        XCTAssertTrue(message?.contains("'App/Card.xib' overlaps the central directory") == true, message ?? "")
    }

    func testMultiDiskArchive() {
        var zip = twoEntries()
        zip.diskNumber = 1
        assertRefused(zip, code: "archive.multi-disk")
    }

    // MARK: Limits and bombs

    func testTooManyEntries() {
        let message = assertRefused(twoEntries(), code: "archive.too-many-entries", limits: ArchiveLimits(maxEntries: 1))
        XCTAssertTrue(message?.contains("2 entries, over the limit of 1") == true, message ?? "")
    }

    func testHugeDeclaredEntryCountIsRefusedBeforeReadingTheDirectory() {
        var zip = twoEntries()
        zip.zip64EndRecord = true
        zip.entryCountOverride = 1 << 40
        assertRefused(zip, code: "archive.too-many-entries")
    }

    func testTotalInflatedBytesNamesTheEntryThatCrossesIt() {
        let message = assertRefused(twoEntries(), code: "archive.total-size-exceeded",
                                    limits: ArchiveLimits(maxTotalInflatedBytes: 30))
        XCTAssertTrue(message?.contains("App/Second.swift") == true, message ?? "")
    }

    func testFifieldOverlapTwoEntriesSharingOneLocalHeader() {
        var zip = ZipBuilder()
        zip.add("App/Kernel.xib", text: String(repeating: "<view/>", count: 200))
        var copy = ZipBuilder.Entry(name: "App/Kernel.xib", data: Data(String(repeating: "<view/>", count: 200).utf8))
        copy.name = Array("App/Copy.xib".utf8)
        copy.localHeaderOffsetOverride = 0
        zip.add(copy)
        let message = assertRefused(zip, code: "archive.overlapping-entries")
        XCTAssertTrue(message?.contains("App/") == true, message ?? "")
    }

    func testEntryDataReachingIntoTheNextEntry() {
        var zip = ZipBuilder()
        var first = ZipBuilder.Entry(name: "App/First.png", data: Data(repeating: 7, count: 100))
        first.compressedSizeOverride = 400
        zip.add(first)
        zip.add("App/Second.xib", text: String(repeating: "<view/>", count: 100))
        assertRefused(zip, code: "archive.overlapping-entries")
    }

    func testEntryDataReachingIntoTheCentralDirectory() {
        var zip = ZipBuilder()
        var only = ZipBuilder.Entry(name: "App/Only.xib", data: Data("<document/>".utf8))
        only.compressedSizeOverride = 200
        zip.add(only)
        let message = assertRefused(zip, code: "archive.overlapping-entries")
        XCTAssertTrue(message?.contains("central directory") == true, message ?? "")
    }

    func testQuotedOverlapHiddenByALocalExtraField() {
        // The central directory alone looks consistent; only the local header's extra field
        // reveals that the first entry's data swallows the second entry's header.
        var zip = ZipBuilder()
        let body = Data(String(repeating: "<view/>", count: 50).utf8)
        var first = ZipBuilder.Entry(name: "App/First.xib", data: body)
        first.localExtra = Data([0xFE, 0xCA, 8, 0]) + Data(repeating: 0, count: 8)
        first.compressedSizeOverride = UInt64(ZipBuilder.deflate(body).count + 12)
        zip.add(first)
        zip.add("App/Second.xib", text: "<document/>")
        assertRefused(zip, code: "archive.overlapping-entries")
    }

    func testDuplicateNames() {
        var zip = twoEntries()
        zip.add("App/First.xib", text: "<document>again</document>")
        let message = assertRefused(zip, code: "archive.duplicate-name")
        XCTAssertTrue(message?.contains("App/First.xib") == true, message ?? "")
    }
}
