@testable import Analysis
import XCTest

final class ObjCTokenizerTests: XCTestCase {
    private func tokens(_ text: String) -> [TokenText] {
        TokenizerFixture.tokens(text, language: .objc)
    }

    private func texts(_ text: String) -> [String] { tokens(text).map(\.text) }

    func testPreprocessorLineWithContinuationIsOneToken() {
        let result = tokens("#define LOAD(x) \\\n  [x load]\n@interface A\n")
        XCTAssertEqual(result.first?.kind, .directive)
        XCTAssertEqual(result.dropFirst().first?.text, "@interface")
        XCTAssertEqual(result.dropFirst().first?.line, 3)
    }

    func testHashInsideALineIsNotAPreprocessorLine() {
        XCTAssertEqual(texts("x = #y z\nw"), ["x", "=", "#y", "z", "w"], "only a line-leading # starts a preprocessor line")
    }

    func testObjectiveCStringAndCharacterLiterals() {
        XCTAssertEqual(texts(#"[a b:@"x \"y\"" c:'"' d:"z"]"#),
                       ["[", "a", "b", ":", #"@"x \"y\"""#, "c", ":", #"'"'"#, "d", ":", #""z""#, "]"])
        XCTAssertEqual(tokens(#"@"x""#).first?.kind, .string)
    }

    func testBlockCommentsDoNotNest() {
        XCTAssertEqual(texts("a /* /* */ b */"), ["a", "b", "*", "/"])
    }

    func testBlocksAndKeywords() {
        XCTAssertEqual(texts("^(id x) { @end"), ["^", "(", "id", "x", ")", "{", "@end"])
        XCTAssertEqual(tokens("@interface").first?.kind, .attribute)
    }

    func testUnterminatedLiteralsEndAtLineEnd() {
        XCTAssertEqual(texts("a = @\"open\nb"), ["a", "=", "@\"open", "b"])
        XCTAssertEqual(texts("c = 'x\nd"), ["c", "=", "'x", "d"])
    }
}
