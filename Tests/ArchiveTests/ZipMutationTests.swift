import Analysis
import Foundation
import TestSupport
import XCTest

/// Corrupted archives never crash or hang the reader: every mutation of a valid archive
/// either reads or fails with a coded error.
final class ZipMutationTests: XCTestCase {
    private func sample() -> Data {
        var zip = ZipBuilder()
        zip.add("App/Views/Card.xib", text: String(repeating: "<view id=\"a\"/>", count: 40))
        zip.add("App/Views/Card.swift", text: "final class Card: UIView {}", method: 0)
        var described = ZipBuilder.Entry(name: "App/Model.m", data: Data(String(repeating: "@end\n", count: 30).utf8))
        described.flags = 8
        described.forceZip64 = true
        zip.add(described)
        zip.add("App/icon.png", Data(repeating: 3, count: 64), method: 0)
        zip.zip64EndRecord = true
        zip.comment = Array("release build".utf8)
        return zip.build()
    }

    func testRandomMutationsReadOrFailWithACode() throws {
        let original = sample()
        XCTAssertEqual(try readArchiveBytes(original).files.count, 3)
        var random = SeededGenerator(state: 20_261_130)
        var outcomes: [String: Int] = [:]
        for iteration in 0..<900 {
            var bytes = original
            switch iteration % 3 {
            case 0:
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
            case 1:
                let at = Int.random(in: 0..<(bytes.count - 4), using: &random)
                for index in at..<at + 4 { bytes[index] = 0xFF }
            default:
                bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))
            }
            do {
                let input = try readArchiveBytes(bytes)
                for file in input.files where file.status == .analysed {
                    XCTAssertNotNil(file.contents, "iteration \(iteration): \(file.path)")
                }
                outcomes["read", default: 0] += 1
            } catch let error as CodedError {
                XCTAssertTrue(error.code.hasPrefix("archive."), "iteration \(iteration): \(error)")
                outcomes[error.code, default: 0] += 1
            }
        }
        XCTAssertGreaterThan(outcomes["read", default: 0], 0, "\(outcomes)")
        XCTAssertGreaterThan(outcomes.count, 4, "mutations reach several checks: \(outcomes)")
    }

    func testHugeDeclaredSizesOfUnreadEntriesSaturateTheTotal() throws {
        var zip = ZipBuilder()
        for index in 0..<3 {
            var image = ZipBuilder.Entry(name: "App/huge\(index).png", data: Data(repeating: 1, count: 8))
            image.method = 0
            image.uncompressedSizeOverride = UInt64.max
            zip.add(image)
        }
        let input = try readArchive(zip)
        XCTAssertEqual(input.totalBytes, Int64.max)
        XCTAssertEqual(input.files.count, 0)
    }
}
