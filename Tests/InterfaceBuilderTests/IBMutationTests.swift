import Analysis
import Foundation
import TestSupport
import XCTest

/// Damaged Interface Builder files never crash or hang the parser: real corpus files with
/// bytes flipped, cut short, or spliced with hostile markup either parse or are reported
/// with a reason (and a line inside the file when it names one).
final class IBMutationTests: XCTestCase {
    private static let splices = [
        "<", "&", "]]>", "\u{0}", "<!DOCTYPE document [<!ENTITY e \"x\">]>", "&e;", "<!--", "<![CDATA[",
        "\"", "<view id=\"", "</objects>", "<?xml version=\"1.0\"?>", "\u{FEFF}", "\u{FFFF}", "<a:b c:d=\"e\">",
    ]

    private func corpusSample() throws -> [(String, Data)] {
        let corpus = Fixtures.corpusDirectory
        let paths = Fixtures.relativeFiles(under: corpus).filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }
        XCTAssertGreaterThan(paths.count, 500)
        return try stride(from: 0, to: paths.count, by: 25).map { index in
            (paths[index], try Data(contentsOf: corpus.appendingPathComponent(paths[index])))
        }
    }

    private func mutate(_ original: Data, kind: Int, using random: inout SeededGenerator) -> Data {
        var bytes = original
        guard !bytes.isEmpty else { return bytes }
        switch kind {
        case 0:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 1:
            bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &random))
        case 2:
            let splice = Data(Self.splices[Int.random(in: 0..<Self.splices.count, using: &random)].utf8)
            bytes.insert(contentsOf: splice, at: Int.random(in: 0...bytes.count, using: &random))
        default:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...400, using: &random))
            bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &random))
        }
        return bytes
    }

    func testMutatedCorpusFilesParseOrFailWithAReason() throws {
        var random = SeededGenerator(state: 20_261_130)
        var outcomes: [IBDocument.Status: Int] = [:]
        let parser = InterfaceBuilderParser()
        for (path, original) in try corpusSample() {
            for iteration in 0..<24 {
                let bytes = mutate(original, kind: iteration % 4, using: &random)
                let document = parser.parse(data: bytes, path: path)
                outcomes[document.status, default: 0] += 1
                guard document.status != .analysed else { continue }
                let context = "\(path) iteration \(iteration)"
                XCTAssertFalse(document.reason?.isEmpty ?? true, context)
                if let line = document.errorLine {
                    let lines = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
                    XCTAssertTrue((1...lines).contains(line), "\(context): line \(line) of \(lines)")
                }
            }
        }
        XCTAssertGreaterThan(outcomes[.analysed, default: 0], 0, "\(outcomes)")
        XCTAssertGreaterThan(outcomes[.error, default: 0], 0, "\(outcomes)")
    }
}
