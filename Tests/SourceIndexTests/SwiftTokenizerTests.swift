@testable import Analysis
import XCTest

final class SwiftTokenizerTests: XCTestCase {
    private func tokens(_ text: String) -> [TokenText] {
        TokenizerFixture.tokens(text, language: .swift)
    }

    private func texts(_ text: String) -> [String] { tokens(text).map(\.text) }

    /// Tokens are written into room for one per 4 bytes; denser text is scanned again with
    /// room for one per byte. Either way every token is there, in order, with its place.
    func testTextDenserThanTheFirstGuessKeepsEveryToken() {
        for count in [1, 3, 15, 16, 17, 40, 1_000] {
            let dense = String(repeating: "(", count: count) + String(repeating: ")", count: count)
            let tokens = TokenizerFixture.tokens(dense, language: .swift)
            XCTAssertEqual(tokens.count, 2 * count, "\(count)")
            XCTAssertEqual(tokens.map(\.text).joined(), dense)
            XCTAssertEqual(tokens.last?.column, 2 * count)
            let stream = SourceTokenizer(language: .swift).stream(Array(dense.utf8))
            XCTAssertEqual(stream.partner[0], 2 * count - 1, "the outermost brackets still pair")
        }
        // A sparse file around a dense run reads as its pieces do.
        let mixed = "let a = 1\n" + String(repeating: "-", count: 300) + "\nfunc f() {}"
        let pieces = ["let a = 1", "func f() {}"].map { TokenizerFixture.tokens($0, language: .swift).count }
        XCTAssertEqual(TokenizerFixture.tokens(mixed, language: .swift).count, pieces[0] + 300 + pieces[1])
        XCTAssertEqual(TokenizerFixture.tokens("", language: .swift), [])
    }

    func testNestedBlockCommentsAreSkippedWhole() {
        XCTAssertEqual(texts("a /* outer /* inner */ still comment */ b"), ["a", "b"])
    }

    func testLineCommentEndsAtLineBreak() {
        XCTAssertEqual(texts("a // class Fake: UIView {\nb"), ["a", "b"])
    }

    func testMultiLineStringIsOneTokenAndLinesAreCounted() {
        let result = tokens("let s = \"\"\"\n  class Fake {\n  \"quoted\"\n  \"\"\"\nnext")
        XCTAssertEqual(result.map(\.kind), [.identifier, .identifier, .punctuation, .string, .identifier])
        XCTAssertEqual(result.last?.line, 5)
    }

    func testRawStringsWithAnyNumberOfHashes() {
        XCTAssertEqual(texts(##"x = #"a "quoted" \(not) b"# y"##), ["x", "=", ##"#"a "quoted" \(not) b"#"##, "y"])
        XCTAssertEqual(texts(###"x = ##"a "# still"## y"###), ["x", "=", ###"##"a "# still"##"###, "y"])
    }

    func testInterpolationWithNestedParenthesesAndStrings() {
        let source = #"let s = "a \(f(g(1), "x)")) b" ; after"#
        XCTAssertEqual(texts(source), ["let", "s", "=", #""a \(f(g(1), "x)")) b""#, ";", "after"])
    }

    func testAttributesWithArguments() {
        XCTAssertEqual(texts("@objc(MyView) @IBOutlet weak"), ["@objc", "(", "MyView", ")", "@IBOutlet", "weak"])
        XCTAssertEqual(tokens("@IBAction").first?.kind, .attribute)
    }

    func testDirectivesAreTokens() {
        let result = tokens("#if DEBUG\nclass A {}\n#else\nclass B {}\n#endif")
        XCTAssertEqual(result.filter { $0.kind == .directive }.map(\.text), ["#if", "#else", "#endif"])
    }

    func testLinesAndByteColumns() {
        let result = tokens("class A {\n    var x = 1\n}")
        let x = result.first { $0.text == "x" }
        XCTAssertEqual(x?.line, 2)
        XCTAssertEqual(x?.column, 9)
    }

    func testCombinedOperators() {
        XCTAssertEqual(texts("a ?? b == c !== d -> e"), ["a", "??", "b", "==", "c", "!==", "d", "->", "e"])
    }

    /// Every ASCII byte that starts no identifier, number, literal, comment, `@`/`#` form or
    /// longer operator is a punctuation token of its own, even doubled, with its column; the
    /// other whitespace bytes separate tokens as spaces do.
    func testEveryOneBytePunctuationIsATokenOfItsOwn() {
        let special = Set("\n/\"'@#=!-?&|<>_$ \t\r\u{0B}\u{0C}".utf8)
        let singles = (UInt8(0)..<0x80).filter { byte in
            !special.contains(byte) && !(0x30...0x39).contains(byte) && !(0x41...0x5A).contains(byte) && !(0x61...0x7A).contains(byte)
        }
        XCTAssertEqual(singles.count, 128 - special.count - 10 - 52)
        for byte in singles {
            let punctuation = String(decoding: [byte], as: UTF8.self)
            let result = tokens("x\n  ab\(punctuation)\(punctuation)c")
            XCTAssertEqual(result.map(\.text), ["x", "ab", punctuation, punctuation, "c"], "byte \(byte)")
            XCTAssertEqual(result.map(\.column), [1, 3, 5, 6, 7], "byte \(byte)")
            XCTAssertEqual(result.map(\.kind), [.identifier, .identifier, .punctuation, .punctuation, .identifier], "byte \(byte)")
            XCTAssertEqual(result.map(\.line), [1, 2, 2, 2, 2], "byte \(byte)")
        }
        XCTAssertEqual(texts("a\tb\rc\u{0B}d\u{0C}e        f"), ["a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(texts("a&&b||c<=d>=e"), ["a", "&&", "b", "||", "c", "<=", "d", ">=", "e"])
    }

    func testUnterminatedStringEndsAtLineEnd() {
        XCTAssertEqual(texts("let s = \"open\nclass A"), ["let", "s", "=", "\"open", "class", "A"])
    }

    func testUnterminatedCommentAndMultiLineStringEndAtFileEnd() {
        XCTAssertEqual(texts("a /* never closed\nclass A {}"), ["a"])
        XCTAssertEqual(texts("a = \"\"\"\nnever closed").count, 3)
    }
}
