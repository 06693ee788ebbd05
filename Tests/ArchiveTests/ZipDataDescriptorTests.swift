import Analysis
import Foundation
import TestSupport
import XCTest

/// Entries whose CRC-32 and sizes follow their data (flag bit 3): every layout a writer
/// uses is read, and a descriptor that is missing, cut short or disagrees with the central
/// directory skips its entry while the rest of the archive is analysed.
final class ZipDataDescriptorTests: XCTestCase {
    private let xib = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view/></objects></document>\n"
    private let swift = "final class CartView: UIView {}\n"

    private func streamed(_ name: String, method: UInt16 = 8, zip64: Bool = false) -> ZipBuilder.Entry {
        var entry = ZipBuilder.Entry(name: name, data: Data(xib.utf8))
        entry.method = method
        entry.flags = 8
        entry.forceZip64 = zip64
        return entry
    }

    /// An archive with `entry` between two healthy files, which must both still be read.
    private func archive(with entry: ZipBuilder.Entry) -> ZipBuilder {
        var zip = ZipBuilder()
        zip.add("App/Before.swift", text: swift)
        zip.add(entry)
        zip.add("App/After.swift", text: swift)
        return zip
    }

    /// Asserts `entry` is skipped with `archive.descriptor-mismatch` and a reason holding
    /// each of `phrases`, its neighbours read.
    private func assertDescriptorRefused(_ entry: ZipBuilder.Entry, saying phrases: [String],
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let zip = archive(with: entry)
        assertEntry(zip, path: "App/Cart.xib", status: .skipped, code: "archive.descriptor-mismatch", file: file, line: line)
        let input = try readArchive(zip)
        let reason = input.files.first { $0.path == "App/Cart.xib" }?.reason ?? "none"
        for phrase in phrases {
            XCTAssertTrue(reason.contains(phrase), "'\(phrase)' not in: \(reason)", file: file, line: line)
        }
        XCTAssertEqual(input.text(of: "App/Before.swift"), swift, file: file, line: line)
        XCTAssertEqual(input.text(of: "App/After.swift"), swift, file: file, line: line)
    }

    // MARK: Agreeing descriptors

    func testEveryLayoutThatAgreesIsRead() throws {
        var zip = ZipBuilder()
        for method: UInt16 in [0, 8] {
            for zip64 in [false, true] {
                for signed in [false, true] {
                    var entry = streamed("App/View-\(method)-\(zip64)-\(signed).xib", method: method, zip64: zip64)
                    entry.descriptorSignature = signed
                    zip.add(entry)
                }
            }
        }
        let input = try readArchive(zip)
        XCTAssertEqual(input.files.count, 8)
        for file in input.files {
            XCTAssertEqual(file.status, .analysed, "\(file.path): \(file.reason ?? "")")
            XCTAssertEqual(file.contents.map { String(decoding: $0, as: UTF8.self) }, xib, file.path)
        }
    }

    func testSixtyFourBitSizesWithoutALocalZip64FieldAreAccepted() throws {
        // Some writers widen the sizes whatever the local header says; the values agree.
        var wide = streamed("App/Cart.xib")
        let stored = ZipBuilder.deflate(Data(xib.utf8))
        var descriptor = Data([0x50, 0x4B, 0x07, 0x08])
        descriptor.append(contentsOf: withUnsafeBytes(of: ZipBuilder.crc32(Data(xib.utf8)).littleEndian, Array.init))
        descriptor.append(contentsOf: withUnsafeBytes(of: UInt64(stored.count).littleEndian, Array.init))
        descriptor.append(contentsOf: withUnsafeBytes(of: UInt64(xib.utf8.count).littleEndian, Array.init))
        wide.descriptorOverride = descriptor
        XCTAssertEqual(try readArchive(archive(with: wide)).text(of: "App/Cart.xib"), xib)
    }

    func testBytesBetweenTheDescriptorAndTheNextEntryAreTolerated() throws {
        var padded = streamed("App/Cart.xib")
        padded.descriptorSignature = false
        padded.descriptorOverride = ZipBuilder.descriptor(of: padded) + Data(repeating: 0xA5, count: 9)
        XCTAssertEqual(try readArchive(archive(with: padded)).text(of: "App/Cart.xib"), xib)
    }

    // MARK: Descriptors that disagree

    func testCRCDisagreeingWithTheCentralDirectory() throws {
        var entry = streamed("App/Cart.xib")
        entry.descriptorCRCOverride = 0xDEAD_BEEF
        try assertDescriptorRefused(entry, saying: ["disagrees with the central directory on the CRC-32", "descriptor deadbeef",
                                                    "(archive.descriptor-mismatch)"])
    }

    func testSizesDisagreeingWithTheCentralDirectoryInEveryLayout() throws {
        for zip64 in [false, true] {
            for signed in [false, true] {
                var compressed = streamed("App/Cart.xib", zip64: zip64)
                compressed.descriptorSignature = signed
                compressed.descriptorCompressedSizeOverride = 7
                try assertDescriptorRefused(compressed, saying: ["the compressed size (descriptor 7, directory"])

                var uncompressed = streamed("App/Cart.xib", method: 0, zip64: zip64)
                uncompressed.descriptorSignature = signed
                uncompressed.descriptorUncompressedSizeOverride = 1 << 20
                try assertDescriptorRefused(uncompressed, saying: ["the uncompressed size (descriptor 1048576, directory \(xib.utf8.count))"])
            }
        }
    }

    func testEveryDisagreeingFieldIsNamed() throws {
        var entry = streamed("App/Cart.xib")
        entry.descriptorCRCOverride = 1
        entry.descriptorCompressedSizeOverride = 2
        entry.descriptorUncompressedSizeOverride = 3
        try assertDescriptorRefused(entry, saying: ["the CRC-32 (descriptor 00000001", "the compressed size (descriptor 2",
                                                    "the uncompressed size (descriptor 3"])
    }

    // MARK: Descriptors missing or cut short

    func testMissingDescriptorBeforeTheNextEntry() throws {
        var entry = streamed("App/Cart.xib")
        entry.descriptorOverride = Data()
        try assertDescriptorRefused(entry, saying: ["data descriptor missing or cut short", "before entry 'App/After.swift'"])
    }

    func testMissingDescriptorBeforeTheCentralDirectory() throws {
        var entry = streamed("App/Cart.xib")
        entry.descriptorOverride = Data()
        var zip = ZipBuilder()
        zip.add("App/Before.swift", text: swift)
        zip.add(entry)
        assertEntry(zip, path: "App/Cart.xib", status: .skipped, code: "archive.descriptor-mismatch")
        let reason = try readArchive(zip).files.first { $0.path == "App/Cart.xib" }?.reason
        XCTAssertTrue(reason?.contains("0 bytes before the central directory where 12 are needed") == true, reason ?? "none")
    }

    func testDescriptorCutShort() throws {
        for (kept, zip64) in [(4, false), (11, false), (15, false), (23, true)] {
            var entry = streamed("App/Cart.xib", zip64: zip64)
            entry.descriptorOverride = ZipBuilder.descriptor(of: entry).prefix(kept)
            try assertDescriptorRefused(entry, saying: ["data descriptor missing or cut short: \(kept) bytes before entry 'App/After.swift'"])
        }
    }

    func testImagesWithBrokenDescriptorsAreNeitherReadNorListed() throws {
        var image = ZipBuilder.Entry(name: "App/icon.png", data: Data(repeating: 7, count: 300))
        image.flags = 8
        image.descriptorOverride = Data()
        let input = try readArchive(archive(with: image))
        XCTAssertEqual(input.files.map(\.path), ["App/After.swift", "App/Before.swift"])
        XCTAssertEqual(input.totalEntries, 3)
    }

    func testEveryAlteredValueByteIsNoticedAndTrailingBytesAreNot() throws {
        var random = SeededGenerator(state: 20_261_130)
        for round in 0..<120 {
            var entry = streamed("App/Cart.xib", zip64: round % 2 == 0)
            entry.descriptorSignature = (round / 3) % 2 == 0
            let exact = ZipBuilder.descriptor(of: entry)
            let valuesStart = entry.descriptorSignature ? 4 : 0
            var bytes = exact
            let expected: FileEntry.Status
            switch round % 3 {
            case 0:  // one byte of the CRC or a size altered
                bytes[Int.random(in: valuesStart..<exact.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                expected = .skipped
            case 1:  // cut anywhere short of its end
                bytes = exact.prefix(Int.random(in: 0..<exact.count, using: &random))
                expected = .skipped
            default:  // whole, then random bytes before the next entry
                bytes.append(contentsOf: (0..<Int.random(in: 1...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
                expected = .analysed
            }
            entry.descriptorOverride = bytes
            let input = try readArchive(archive(with: entry))
            let cart = try XCTUnwrap(input.files.first { $0.path == "App/Cart.xib" }, "round \(round)")
            XCTAssertEqual(cart.status, expected, "round \(round): \([UInt8](bytes)) \(cart.reason ?? "")")
            if expected == .skipped {
                XCTAssertTrue(cart.reason?.hasSuffix("(archive.descriptor-mismatch)") == true, "round \(round): \(cart.reason ?? "none")")
            } else {
                XCTAssertEqual(cart.contents, Data(xib.utf8), "round \(round)")
            }
            XCTAssertEqual(input.text(of: "App/After.swift"), swift, "round \(round)")
        }
    }

    // MARK: Descriptors written by real tools

    func testPythonZipfileStreamingToAPipe() throws {
        for zip64 in [false, true] {
            let archive = try streamWithPython(zip64: zip64)
            defer { try? FileManager.default.removeItem(at: archive.deletingLastPathComponent()) }
            let bytes = try Data(contentsOf: archive)
            XCTAssertNotNil(bytes.range(of: Data([0x50, 0x4B, 7, 8])), "python wrote data descriptors")
            let input = try ProjectInput.read(path: archive.path, limits: ArchiveLimits())
            XCTAssertEqual(input.files.map(\.status), [.analysed, .analysed, .analysed], "\(input.files.map(\.reason))")
            XCTAssertEqual(input.text(of: "Shop/Cart.xib"), xib)
            XCTAssertEqual(input.text(of: "Shop/Cart.swift"), swift)
            XCTAssertEqual(input.text(of: "Shop/Stored.swift"), swift)
        }
    }

    func testInfoZipForcingZip64ThroughAPipeIsRefusedAsUnzipRefusesIt() throws {
        // Info-ZIP 3.0 with -fz writing to a pipe marks the directory offset 0xFFFFFFFF in
        // the end record but writes no ZIP64 end record ("missing 4294966961 bytes", says
        // unzip). Its plain streamed archives are read (ZipReadingTests).
        let folder = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(swift.utf8).write(to: folder.appendingPathComponent("Cart.swift"))
        try runTool(["zip", "-q", "-fz", "-", "Cart.swift"], in: folder, standardOutputTo: "Stream.zip")
        let bytes = try Data(contentsOf: folder.appendingPathComponent("Stream.zip"))
        let message = assertRefused(bytes: bytes, code: "archive.corrupt-central-directory")
        XCTAssertTrue(message?.contains("ZIP64 record that is missing") == true, message ?? "none")
    }

    func testTamperedDescriptorOfARealStreamedArchive() throws {
        let archive = try streamWithPython(zip64: false)
        defer { try? FileManager.default.removeItem(at: archive.deletingLastPathComponent()) }
        var bytes = try Data(contentsOf: archive)
        guard let first = bytes.range(of: Data([0x50, 0x4B, 7, 8])) else { return XCTFail("no data descriptor") }
        bytes[first.upperBound] ^= 0xFF  // the first entry's CRC-32 in its descriptor
        let input = try readArchiveBytes(bytes)
        XCTAssertEqual(input.files.map(\.status), [.analysed, .skipped, .analysed])
        XCTAssertTrue(input.files[1].reason?.contains("on the CRC-32") == true, input.files[1].reason ?? "none")
        XCTAssertEqual(input.files[1].path, "Shop/Cart.xib")
    }

    /// Python's zipfile writing to a pipe (not seekable) puts a signed descriptor after
    /// every entry; `zip64` forces ZIP64 local fields and 64-bit descriptor sizes.
    private func streamWithPython(zip64: Bool) throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory()
        try Data(xib.utf8).write(to: folder.appendingPathComponent("Cart.xib"))
        try Data(swift.utf8).write(to: folder.appendingPathComponent("Cart.swift"))
        let script = """
            import sys, zipfile
            force = sys.argv[1] == "zip64"
            with zipfile.ZipFile(sys.stdout.buffer, "w", zipfile.ZIP_DEFLATED) as archive:
                for name, source, method in [("Shop/Cart.xib", "Cart.xib", zipfile.ZIP_DEFLATED),
                                             ("Shop/Cart.swift", "Cart.swift", zipfile.ZIP_DEFLATED),
                                             ("Shop/Stored.swift", "Cart.swift", zipfile.ZIP_STORED)]:
                    info = zipfile.ZipInfo(name)
                    info.compress_type = method
                    with archive.open(info, "w", force_zip64=force) as entry, open(source, "rb") as data:
                        entry.write(data.read())
            """
        try Data(script.utf8).write(to: folder.appendingPathComponent("stream.py"))
        try runTool(["python3", "stream.py", zip64 ? "zip64" : "plain"], in: folder, standardOutputTo: "Stream.zip")
        return folder.appendingPathComponent("Stream.zip")
    }
}
