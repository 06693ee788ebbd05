import Analysis
import Foundation
import TestSupport
import XCTest

/// No input may crash or hang the indexer; what it cannot read is reported.
final class RobustnessTests: XCTestCase {
    /// `fuzz-swift` (session 17): a file cut short right after a parameter's colon put the
    /// type's start past the end of the parameter list, and reading the type crashed.
    func testAParameterListCutShortAfterAColon() {
        // Each of these crashed the process (a range with its end before its start).
        for cut in ["    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: ", "func f(a: ", "func f(a:", "class C { func f(_ x: Int, y: ", "func f(a: [Int], b: (c: "] {
            XCTAssertEqual(SourceFixture.index(swift: cut).types.count, cut.hasPrefix("class") ? 1 : 0, cut)
        }
    }

    private func indexBoth(_ bytes: [UInt8]) -> SourceIndex {
        SourceIndexer(concurrency: 1).index(files: [
            ProjectFile(path: "Junk.swift", kind: .swift, contents: Data(bytes)),
            ProjectFile(path: "Junk.m", kind: .objc, contents: Data(bytes)),
        ])
    }

    func testEmptyFilesAndFilesWithoutContents() {
        let index = SourceIndexer().index(files: [
            ProjectFile(path: "Empty.swift", kind: .swift, contents: Data()),
            ProjectFile(path: "Empty.h", kind: .objc, contents: Data()),
            ProjectFile(path: "Skipped.m", kind: .objc, contents: nil, status: .skipped, reason: "too large"),
            ProjectFile(path: "Main.storyboard", kind: .storyboard, contents: Data("<x/>".utf8)),
        ])
        XCTAssertEqual(index, SourceIndex())
    }

    func testBinaryJunkOfEverySeed() {
        var generator = SeededGenerator(state: 7)
        for _ in 0..<50 {
            let bytes = (0..<4_096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let index = indexBoth(bytes)
            XCTAssertTrue(index.nibLoads.isEmpty || index.nibLoads.allSatisfy { $0.location.line >= 1 })
        }
    }

    func testJunkMadeOfSourcePunctuation() {
        var generator = SeededGenerator(state: 11)
        let alphabet = Array("{}[]()\"'@#/*\\\n:;.,=?!<>^ classfuncvar@interface@end@implementation-+".utf8)
        for _ in 0..<50 {
            let bytes = (0..<4_096).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            _ = indexBoth(bytes)
        }
    }

    func testUnterminatedStringsAndComments() {
        let swift = SourceFixture.index(swift: "class A: UIView {\n let s = \"\"\"\n never closed\n")
        XCTAssertEqual(swift.types["A"]?.superclass, "UIView")
        XCTAssertEqual(swift.problems.map(\.code), ["source.unbalanced-brackets"])
        let comment = SourceFixture.index(swift: "class B: UIView {}\n/* /* nested but never closed */\nclass C: UIView {}")
        XCTAssertEqual(Set(comment.types.keys), ["B"])
        let objc = SourceFixture.index(objc: "@interface A : UIView\n@property NSString *s;\n@end\nNSString *x = @\"open\n/* open")
        XCTAssertEqual(objc.types["A"]?.properties.map(\.name), ["s"])
        let raw = SourceFixture.index(swift: "let s = ##\"never \"# closed\nclass D {}")
        XCTAssertNotNil(raw.types["D"], "an unterminated single-line raw string ends at its line")
    }

    func testDeeplyNestedBracketsAndTypes() {
        let depth = 100_000
        let braces = String(repeating: "{", count: depth) + String(repeating: "}", count: depth)
        XCTAssertEqual(SourceFixture.index(swift: braces).problems, [])
        XCTAssertEqual(SourceFixture.index(objc: String(repeating: "[", count: depth)).problems.map(\.code), ["source.unbalanced-brackets"])
        let types = String(repeating: "class A: UIView {\n", count: 5_000) + String(repeating: "}\n", count: 5_000)
        let index = SourceFixture.index(swift: types)
        XCTAssertEqual(index.types["A"]?.superclass, "UIView")
        XCTAssertEqual(index.declarations.count, 49, "nesting beyond the limit is skipped, not recursed")
    }

    func testTenMegabyteSingleLineFiles() {
        let filler = String(repeating: #"let total = (first + second * 3) / divisor - offset; label.text = "value \(total)"; "#, count: 1_000)
        let load = #"let v = Bundle.main.loadNibNamed("Card", owner: self)?.first as! UIView; addSubview(v); "#
        var text = "class Huge: UIView { func load() { "
        text.reserveCapacity(10_200_000)
        while text.utf8.count < 10_000_000 { text += filler + load }
        text += "} }"
        let index = SourceFixture.index(swift: text)
        XCTAssertEqual(index.nibLoads.count, text.components(separatedBy: "loadNibNamed").count - 1)
        XCTAssertEqual(index.nibLoads.first?.location.line, 1)
        XCTAssertEqual(index.nibLoads.first?.nibName.candidates, ["Card"])
        let objcFiller = String(repeating: "x = [self value] + 3 * y; ", count: 1_000)
        let objcLoad = "[[NSBundle mainBundle] loadNibNamed:@\"A\" owner:nil options:nil]; "
        let objc = String(repeating: objcFiller + objcLoad, count: 400)
        let objcIndex = SourceFixture.index(objc: "@implementation A\n- (void)a { " + objc + "}\n@end")
        XCTAssertEqual(objcIndex.nibLoads.count, 400)
        XCTAssertEqual(objcIndex.nibLoads.first?.owner, NibLoadSite.Owner.none)
    }

    /// Many nibs kept in variables and never instantiated, and typealiases whose types never
    /// close: each looks ahead a bounded distance, so the file stays linear.
    func testUninstantiatedNibsAndUnclosedTypealiasesStayLinear() {
        let nibs = String(repeating: "let nib = NSNib(nibNamed: \"Row\", bundle: nil)\n", count: 20_000)
        let index = SourceFixture.index(swift: "class Rows: NSView {\n func load() {\n" + nibs + " }\n}\n")
        XCTAssertEqual(index.nibLoads.count, 20_000)
        XCTAssertTrue(index.nibLoads.allSatisfy { $0.owner == .notApplicable })
        let aliases = String(repeating: "typealias A<T = B<C where T: ", count: 50_000) + "\nclass Kept: UIView {}\n"
        XCTAssertNotNil(SourceFixture.index(swift: "class Before: UIView {}\n" + aliases).types["Before"])
    }

    /// Seed listings with random spans deleted, duplicated and punctuation inserted: the
    /// half-written code an editor saves.
    func testMutatedSeedListings() {
        var generator = SeededGenerator(state: 3)
        let punctuation = Array("{}[]()\"'@#/*\\\n:;.,=?!<>^ ".utf8)
        for round in 0..<400 {
            var bytes = Array(SeedListings.all[round % SeedListings.all.count].utf8)
            for _ in 0..<(1 + Int(generator.next() % 8)) where !bytes.isEmpty {
                let position = Int(generator.next() % UInt64(bytes.count))
                let length = min(1 + Int(generator.next() % 40), bytes.count - position)
                switch generator.next() % 3 {
                case 0: bytes.removeSubrange(position..<(position + length))
                case 1: bytes.insert(contentsOf: bytes[position..<(position + length)], at: Int(generator.next() % UInt64(bytes.count)))
                default: bytes.insert(punctuation[Int(generator.next() % UInt64(punctuation.count))], at: position)
                }
            }
            _ = indexBoth(bytes)
        }
    }

    func testCallsEndingInALabelAndStatementsAtTheEnd() {
        let index = SourceFixture.index(swift: "class A: UIView { func a() { Bundle.main.loadNibNamed(owner:) ; x.frame =")
        XCTAssertEqual(index.nibLoads.count, 1)
        XCTAssertEqual(index.nibLoads.first?.nibName.resolution, .dynamic)
    }

    func testInvalidUTF8IsReplacedNotFatal() {
        var bytes = Array("class Caf".utf8)
        bytes += [0xC3, 0x28, 0xFF]
        bytes += Array(": UIView {}\nclass Next: UIView {}".utf8)
        let index = indexBoth(bytes)
        XCTAssertEqual(index.types["Next"]?.superclass, "UIView")
    }

    /// Found by fuzzing (fuzz-objc, a mutated source whose nib-name argument ran on over the
    /// rest of the file): each level of a nib name's resolution looked up every identifier
    /// of its expression, so five levels of 30 identifiers (this 774-byte file) took minutes.
    func testNibNameThroughWideChainsOfLocals() {
        func uses(_ name: String) -> String { Array(repeating: name, count: 30).joined(separator: " ") }
        var lines = ["@implementation Card", "+ (UINib *)nib {", "    id x0 = [self class];"]
        for level in 1...5 { lines.append("    id x\(level) = \(uses("x\(level - 1)"));") }
        lines += ["    return [UINib nibWithNibName:NSStringFromClass(\(uses("x5"))) bundle:nil];", "}", "@end"]
        let index = SourceFixture.index(objc: lines.joined(separator: "\n"))
        XCTAssertEqual(index.loads(in: "Card").map(\.location.line), [9])
        XCTAssertEqual(index.loads(in: "Card").map(\.nibName.resolution), [.dynamic])
    }
}
