@testable import Analysis
import Foundation
import XCTest

/// The byte-level shortcuts (token comparisons, keyword sets, ASCII string helpers) must
/// answer exactly as the `String` operations they replace, also for non-ASCII text.
final class TokenTextTests: XCTestCase {
    private func stream(_ text: String, language: SourceLanguage = .swift) -> TokenStream {
        SourceTokenizer(language: language).stream(Array(text.utf8))
    }

    func testLiteralComparisonsFollowStringEquality() {
        // KELVIN SIGN and GREEK QUESTION MARK are canonically equivalent to "K" and ";".
        let tokens = stream("\u{212A} ; \u{037E} caf\u{E9}")
        XCTAssertEqual(tokens.count, 4)
        XCTAssertTrue(tokens.isText(0, "K"))
        XCTAssertTrue(tokens.isText(1, ";"))
        XCTAssertTrue(tokens.isText(2, ";"))
        XCTAssertTrue(tokens.isText(3, equalTo: "cafe\u{301}"))
        XCTAssertFalse(tokens.isText(3, equalTo: "cafe"))
        XCTAssertFalse(tokens.isText(4, ";"), "past the end")
        XCTAssertTrue(tokens.hasPrefix(tokens[3], "caf"))
    }

    func testKeywordSetsFollowSetOfStringMembership() {
        let tokens = stream("\u{212A} weak weakly")
        let set = TokenSet(["K", "weak"])
        XCTAssertEqual((0..<3).map { set.contains($0, in: tokens) }, [true, true, false])
        XCTAssertFalse(set.contains(3, in: tokens))
    }

    func testTheIndicesOfASetsWordsAreTheTokensOfThatKindItContains() {
        let tokens = stream("\u{212A} weak \"weak\" weakly #if weak(x) // weak\n@weak caf\u{E9} K")
        let words = TokenSet(["K", "weak", "#if", "caf\u{E9}"])
        for kind in [SourceToken.Kind.identifier, .string, .directive, .attribute] {
            let expected = (0..<tokens.count).filter { tokens[$0].kind == kind && words.contains($0, in: tokens) }
            XCTAssertEqual(words.indices(of: kind, in: tokens), expected, "\(kind)")
        }
        XCTAssertEqual(words.indices(of: .identifier, in: tokens).map { tokens.text($0) }, ["\u{212A}", "weak", "weak", "caf\u{E9}", "K"])
        XCTAssertEqual(words.indices(of: .directive, in: tokens).map { tokens.text($0) }, ["#if"])
        let asciiWords = TokenSet(["K", "weak", "weakly"])  // bytewise, but the KELVIN SIGN still matches "K"
        XCTAssertEqual(asciiWords.indices(of: .identifier, in: tokens).map { tokens.text($0) }, ["\u{212A}", "weak", "weakly", "weak", "K"])
        XCTAssertEqual(TokenSet(["weak"]).indices(of: .identifier, in: stream("")), [])
        XCTAssertEqual(tokens.indices { $0.kind == .attribute }.map { tokens.text($0) }, ["@weak"])
    }

    func testInvalidUTF8IsReplacedWhenTextIsRead() {
        let tokens = SourceTokenizer(language: .objc).stream([0x61, 0xFF, 0x20, 0x62])
        XCTAssertEqual(tokens.text(0), "a\u{FFFD}")
        XCTAssertFalse(tokens[0].isASCII)
        XCTAssertTrue(tokens.isText(0, equalTo: "a\u{FFFD}"))
        XCTAssertEqual(tokens.text(1), "b")
    }

    func testJoinedTextKeepsTheSpaceAfterInvalidUTF8() {
        // `a\xFF b` then `c` on the next line: the replaced text is longer than its bytes.
        let tokens = SourceTokenizer(language: .objc).stream([0x61, 0xFF, 0x20, 0x62, 0x28, 0x29, 0x0A, 0x63])
        XCTAssertEqual(tokens.text(of: 0..<5), "a\u{FFFD} b() c")
        XCTAssertEqual(tokens.text(of: 1..<4), "b()", "ASCII tokens keep their adjacency")
        let adjacent = SourceTokenizer(language: .objc).stream([0x28, 0x61, 0xFF, 0x29, 0x20, 0x78])
        XCTAssertEqual(adjacent.text(of: 0..<adjacent.count), "(a\u{FFFD}) x")
    }

    func testASCIISubstringSearchAgreesWithFoundation() {
        let cases: [(String, String)] = [
            ("pinedges", "edges"), ("flexiblewidth|flexibleheight", "flexibleheight"), ("abc", "abcd"),
            ("UIView *", "View"), ("e\u{301}dges", "edges"), ("caf\u{E9}", "cafe\u{301}"), ("", "x"), ("x", ""),
        ]
        for (text, needle) in cases {
            XCTAssertEqual(ASCIIText.contains(text, needle), text.contains(needle), "\(text) / \(needle)")
        }
    }

    func testLiteralValues() {
        XCTAssertEqual(SourceLiteral.value(of: #""abc""#), "abc")
        XCTAssertEqual(SourceLiteral.value(of: #"@"""#), "")
        XCTAssertEqual(SourceLiteral.value(of: ##"#"a "b" c"#"##), #"a "b" c"#)
        XCTAssertEqual(SourceLiteral.value(of: #""a\"b\\c""#), #"a"b\c"#)
        XCTAssertEqual(SourceLiteral.value(of: #""caf\#u{E9}""#), "caf\u{E9}")
        for noValue in [#"""#, #"#""#, ##"#"a""##, #""""a""""#, #""a\(b)""#, #"@"open"#] {
            XCTAssertNil(SourceLiteral.value(of: noValue), noValue)
        }
    }

    func testBareTypesAndSelectorsForASCIIAndOtherNames() {
        XCTAssertEqual(SwiftDeclarationParser.bareType("Optional<UILabel>?!"), "UILabel")
        XCTAssertEqual(SwiftDeclarationParser.bareType("[UIButton]!"), "[UIButton]")
        XCTAssertEqual(SwiftDeclarationParser.bareType("\u{C9}tiquette?"), "\u{C9}tiquette")
        XCTAssertEqual(SwiftSelector.selector(baseName: "tap", labels: ["sender"]), "tapWithSender:")
        XCTAssertEqual(SwiftSelector.selector(baseName: "move", labels: ["toSuperview"]), "moveToSuperview:")
        XCTAssertEqual(SwiftSelector.selector(baseName: "show", labels: ["\u{E9}tat", "b"]), "showWith\u{C9}tat:b:")
        XCTAssertEqual(SwiftSelector.swiftName(baseName: "tap", labels: [nil, "forEvent"]), "tap(_:forEvent:)")
    }

    func testRepeatedAttributeKeepsTheLastArgument() {
        let index = SourceFixture.index(swift: "@objc(First) @objc(Second) class Card: UIView {}")
        XCTAssertEqual(index.types["Card"]?.runtimeName, "Second")
    }
}

/// A name reads as a type's by its first letter, ASCII or not.
final class TypeNameTests: XCTestCase {
    func testUppercaseOrUnderscoreStartsATypeName() {
        for name in ["CardView", "_PrivateView", "ÉcranView", "Ωmega"] {
            XCTAssertTrue(NibNameResolver.isTypeName(name), name)
        }
        for name in ["", "Self", "cardView", "écran", "ωmega", "1View", "$0"] {
            XCTAssertFalse(NibNameResolver.isTypeName(name), name)
        }
    }
}
