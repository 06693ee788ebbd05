@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// The shortcuts that save allocations and passes (bracket pairing without a stack,
/// one-pass helper-call search, token text written in place, selector words compared on
/// bytes, merged conformances kept when already sorted) must answer exactly as the plain
/// algorithms they replace. Each is checked against a straightforward reference.
final class IndexShortcutTests: XCTestCase {
    private var generator = SeededGenerator(state: 2_026)

    private func randomText(from alphabet: String, length: Int) -> String {
        let characters = Array(alphabet)
        return String((0..<length).map { _ in characters[Int(generator.next() % UInt64(characters.count))] })
    }

    // MARK: - Dynamic reuse registrations

    /// On ASCII lines the byte matcher answers as the regular expression and `String` search
    /// it stands in for, on lines built from the pieces both look for.
    func testDynamicRegistrationBytesAnswerAsTheStringCheck() {
        let pieces = ["register", "Nib", "Class", "(", " ", "\t", ":", "cellType", "viewType", "ViewType", "Cell", "_", "1",
                      "forCellReuseIdentifier:", "withReuseIdentifier:", "forHeaderFooterViewReuseIdentifier:", "\"", "@", "x", ".", ","]
        var lines = ["register(cellType: A.self)", "registerNib ( \tviewType :", "register(MyViewType:", "register(cellTypes:",
                     "deregisterCell(cellType:", "register(x) register(cellType:", "forCellReuseIdentifier: @\"A\"", "forCellReuseIdentifier:  B"]
        for _ in 0..<2_000 {
            lines.append((0..<Int(generator.next() % 9)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined())
        }
        var positives = 0
        for line in lines {
            for namesTypeLabel in [false, true] {
                let expected = DynamicReuseRegistration.registersDynamically(line, namesTypeLabel: namesTypeLabel)
                if expected && namesTypeLabel { positives += 1 }
                let bytes = Array(line.utf8)
                let found = bytes.withUnsafeBufferPointer { DynamicReuseRegistration.registersDynamically($0, namesTypeLabel: namesTypeLabel) }
                XCTAssertEqual(found, expected, "\(line.debugDescription), type label: \(namesTypeLabel)")
            }
        }
        XCTAssertGreaterThan(positives, 20, "the lines exercise both answers")
    }

    /// Whether a file names `reuseIdentifier:` answers as decoding the file and searching
    /// its text with Foundation, which is what the rule did before the fact was collected
    /// while indexing: on ASCII and non-ASCII text, a combining mark after the label, and
    /// bytes that are not UTF-8.
    func testReuseIdentifierLabelAnswersAsTheTextSearch() {
        let fixed: [[UInt8]] = [
            Array("cell = [[UITableViewCell alloc] initWithStyle:s reuseIdentifier:@\"A\"];".utf8),
            Array("UITableViewCell(style: .default, reuseIdentifier: \"plain\")".utf8),
            Array("// caf\u{E9}\nUITableViewCell(style: .default, reuseIdentifier: nil)".utf8),
            Array("reuseIdentifier:\u{301}".utf8), Array("reuseIdentifier".utf8), Array("reuseidentifier:".utf8), [],
            Array("reuseIdentifier:".utf8) + [0xFF], [0xC3] + Array("reuseIdentifier:".utf8),
            Array("reuseIdentifier:\u{301} caf\u{E9}\r\nx reuseIdentifier: y".utf8), Array("\u{E9}reuseIdentifier:\n\u{301}".utf8),
        ]
        let pieces = ["reuse", "Identifier", "reuseIdentifier", "reuseIdentifier:", ":", " ", "\u{E9}", "\u{301}", "\n", "x"]
        let random = (0..<500).map { _ in
            Array((0..<Int(generator.next() % 7)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined().utf8)
        }
        var positives = 0
        for bytes in fixed + random {
            let expected = String(data: Data(bytes), encoding: .utf8)?.contains("reuseIdentifier:") == true
            if expected { positives += 1 }
            XCTAssertEqual(ReuseIdentifierLabel.occurs(in: bytes), expected, String(decoding: bytes, as: UTF8.self).debugDescription)
        }
        XCTAssertGreaterThan(positives, 20, "the texts exercise both answers")
    }

    // MARK: - Base names and byte equality

    /// A Swift method's base name cut on bytes answers as cutting before the first `(`
    /// character, also where a combining or prepended mark joins the `(` to a neighbour.
    func testBaseNameIsThePrefixBeforeTheFirstParenthesisCharacter() {
        let fixed = ["setUp(with:)", "plain", "", "(", "a(", "é(x:)", "(\u{301}b(c:)", "a\u{600}(b(c:)", "日本(語:)"]
        let random = (0..<300).map { _ in randomText(from: "ab(:_é\u{301}\u{600}", length: Int(generator.next() % 9)) }
        for name in fixed + random {
            XCTAssertEqual(SourceIndexMerger.baseName(name), String(name.prefix { $0 != "(" }), name.debugDescription)
        }
    }

    func testSameUTF8IsByteEqualityNotCanonicalEquivalence() {
        XCTAssertTrue("awakeAfter(using:)".hasSameUTF8(as: "awakeAfter(using:)"))
        XCTAssertFalse("awakeAfter(using:)".hasSameUTF8(as: "awakeAfter(using:"))
        XCTAssertFalse("caf\u{E9}".hasSameUTF8(as: "cafe\u{301}"), "canonically equal, different bytes")
        XCTAssertEqual("caf\u{E9}", "cafe\u{301}")
    }

    // MARK: - Bracket pairs

    /// The pairing rules with an explicit stack, as the stream used to compute them.
    private func referencePartners(_ stream: TokenStream) -> (partner: [Int], unbalanced: Int) {
        var partner = Array(repeating: -1, count: stream.count)
        var unbalanced = 0
        var stack: [(index: Int, byte: UInt8)] = []
        for index in 0..<stream.count where stream[index].kind == .punctuation && stream[index].length == 1 {
            let byte = stream.bytes[stream[index].start]
            switch byte {
            case 0x28, 0x5B, 0x7B:
                stack.append((index, byte))
            case 0x29, 0x5D, 0x7D:
                let opener: UInt8 = byte == 0x29 ? 0x28 : byte == 0x5D ? 0x5B : 0x7B
                while let top = stack.last, top.byte != opener {
                    if byte != 0x7D && top.byte == 0x7B { break }
                    stack.removeLast()
                    partner[top.index] = index
                    unbalanced += 1
                }
                if let top = stack.last, top.byte == opener {
                    stack.removeLast()
                    partner[top.index] = index
                    partner[index] = top.index
                } else {
                    unbalanced += 1
                }
            default:
                break
            }
        }
        for entry in stack { partner[entry.index] = stream.count }
        return (partner, unbalanced + stack.count)
    }

    func testBracketPairsMatchAStackOnRandomInput() {
        for length in [0, 1, 2, 7, 40, 400] {
            for _ in 0..<200 {
                let text = randomText(from: "([{}])a ,", length: length)
                let stream = SourceTokenizer(language: .swift).stream(Array(text.utf8))
                let reference = referencePartners(stream)
                XCTAssertEqual(Array(stream.partner), reference.partner, text)
                XCTAssertEqual(stream.unbalanced, reference.unbalanced, text)
            }
        }
    }

    func testBracketPairsOfWrittenCases() {
        let stream = SourceTokenizer(language: .swift).stream(Array("f(a[0]) { g( } ] (".utf8))
        // f ( a [ 0 ] ) { g ( } ] (
        XCTAssertEqual(Array(stream.partner), [-1, 6, -1, 5, -1, 3, 1, 10, -1, 10, 7, -1, 13])
        XCTAssertEqual(stream.unbalanced, 3, "the `(` closed by `}`, the stray `]`, the `(` left open")
        XCTAssertEqual(stream.after(1), 7)
    }

    // MARK: - Helper calls

    /// The search as it was written first: each name on its own, byte by byte.
    private func referenceIsCalled(_ text: String, names: [(String, UInt8)]) -> Bool {
        let bytes = Array(text.utf8)
        func isIdentifier(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
        }
        return names.contains { name, follower in
            let name = Array(name.utf8)
            guard !name.isEmpty, name.count <= bytes.count else { return false }
            for index in 0...(bytes.count - name.count) where Array(bytes[index..<(index + name.count)]) == name {
                guard index == 0 || !isIdentifier(bytes[index - 1]) else { continue }
                var next = index + name.count
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if next < bytes.count, bytes[next] == follower { return true }
            }
            return false
        }
    }

    // MARK: - Merged member lists

    /// A class declared in a header and implemented in a `.m` merges its members the same
    /// way whether its lists are short (searched) or long (through a dictionary): one entry
    /// per selector in header order, the implemented copy kept, settable when any
    /// declaration makes it so.
    func testMergedMembersAreTheSameOnBothSidesOfTheShortListLimit() throws {
        for count in [3, 16, 17, 40] {
            let names = (0..<count).map { "member\($0)" }
            var header = "@interface Card : UIView\n"
            var implementation = "@interface Card ()\n"
            for name in names { header += "@property (nonatomic, readonly) NSString *\(name);\n- (void)\(name)Tapped;\n" }
            for name in names.prefix(2) { implementation += "@property (nonatomic, readwrite) NSString *\(name);\n" }
            implementation += "@end\n@implementation Card\n"
            for name in names.reversed() { implementation += "- (void)\(name)Tapped { [self setNeedsLayout]; }\n" }
            implementation += "- (void)extra { }\n@end\n"
            let index = SourceFixture.index([("Card.h", header + "@end\n"), ("Card.m", implementation)])
            let type = try XCTUnwrap(index.types["Card"])
            XCTAssertEqual(type.methods.map(\.selector), names.map { "\($0)Tapped" } + ["extra"], "\(count) members")
            XCTAssertTrue(type.methods.allSatisfy(\.hasBody), "\(count) members: the implemented copy is kept")
            XCTAssertEqual(type.properties.map(\.name), names, "\(count) members")
            XCTAssertEqual(type.properties.map(\.isSettable), names.indices.map { $0 < 2 }, "\(count) members")
        }
    }

    // MARK: - Selectors written in place

    /// The selector of a call on `self` written from the token bytes is the one joined from
    /// the token texts, ASCII or not (label token indices; -1 for an unlabeled argument).
    func testSwiftSelectorsWrittenInPlaceMatchTheJoinedText() {
        let cases: [(source: String, labels: [Int], selector: String)] = [
            ("reload(animated: true, _: 1, in: view)", [2, -1, 10], "reload(animated:_:in:)"),
            ("reload()", [], "reload()"),
            ("grüße(an: x, y)", [2, -1], "grüße(an:_:)"),
            ("tap(é: x)", [2], "tap(é:)"),
        ]
        for (source, labels, selector) in cases {
            let stream = SourceTokenizer(language: .swift).stream(Array(source.utf8))
            XCTAssertEqual(stream.swiftSelector(name: 0, labels: labels), selector, source)
        }
    }

    // MARK: - Byte search

    func testByteSearchFromTheRarestByteAgreesWithAPlainScan() {
        func plain(_ needle: [UInt8], _ haystack: [UInt8], from start: Int) -> Int? {
            guard !needle.isEmpty else { return start }
            guard start >= 0, haystack.count - start >= needle.count else { return nil }
            return (start...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
        }
        for needleText in ["register", "awakeAfter", "a", "gg", "rer", "Ag", " r"] {
            let needle = Array(needleText.utf8)
            for length in [0, 1, 5, 30, 200] {
                for _ in 0..<200 {
                    let haystack = Array(randomText(from: "regist AwakefAg\n", length: length).utf8)
                    let start = length == 0 ? 0 : Int(generator.next() % UInt64(length))
                    let found = haystack.withUnsafeBufferPointer { ByteSearch.firstIndex(of: ByteSearch.Needle(needle), in: $0, from: start) }
                    XCTAssertEqual(found, plain(needle, haystack, from: start), "\(needleText) in \(String(decoding: haystack, as: UTF8.self)) from \(start)")
                }
            }
        }
        XCTAssertEqual(ByteSearch.rarestOffset(in: Array("register".utf8)), 2, "the g")
        XCTAssertEqual(ByteSearch.Needle("register").anchor, 2, "a needle keeps its rarest byte")
    }

    func testHelperCallSearchAgreesWithANameByNameSearch() {
        var keys = CallKeys()
        keys.add("make", isSwift: true)
        keys.add("mk", isSwift: true)
        keys.add("view", isSwift: false)
        keys.add("loadWith:owner:", isSwift: false)
        let swift = keys.matcher(swift: true)
        let objc = keys.matcher(swift: false)
        let swiftNames = keys.swift.map { ($0, UInt8(ascii: "(")) }
        let objcNames = keys.unary.map { ($0, UInt8(ascii: "]")) } + keys.keyword.map { ($0, UInt8(ascii: ":")) }
        for length in [0, 3, 12, 60] {
            for _ in 0..<500 {
                let text = randomText(from: "makeviwloadWth([]:)\t _é", length: length)
                XCTAssertEqual(swift.isCalled(in: Data(text.utf8)), referenceIsCalled(text, names: swiftNames), text)
                XCTAssertEqual(objc.isCalled(in: Data(text.utf8)), referenceIsCalled(text, names: objcNames), text)
            }
        }
    }

    func testHelperCallSearchOfWrittenCases() {
        var keys = CallKeys()
        keys.add("make", isSwift: true)
        keys.add("view", isSwift: false)
        keys.add("loadWith:owner:", isSwift: false)
        let swift = keys.matcher(swift: true)
        let objc = keys.matcher(swift: false)
        for (text, expected) in [("Card.make(", true), ("make \t(", true), ("remake(", false), ("_make(", false),
                                 ("\u{E9}make(", false), ("make\n(", false), ("make", false), ("maker(", false), ("", false)] {
            XCTAssertEqual(swift.isCalled(in: Data(text.utf8)), expected, text)
        }
        for (text, expected) in [("[Card view]", true), ("[Card view ]", true), ("[Card view:", false),
                                 ("[self loadWith:@\"A\" owner:self]", true), ("[self loadWith]", false)] {
            XCTAssertEqual(objc.isCalled(in: Data(text.utf8)), expected, text)
        }
        XCTAssertFalse(CallKeys().matcher(swift: true).isCalled(in: Data("make(".utf8)), "no names: nothing is called")
    }

    // MARK: - Token text

    /// Token text joined token by token, as for non-ASCII ranges.
    private func referenceText(_ stream: TokenStream, _ range: Range<Int>, spaced: Bool) -> String {
        var result = ""
        var previous: SourceToken?
        for index in range.clamped(to: 0..<stream.count) {
            let token = stream[index]
            if spaced, let previous, previous.line != token.line || previous.column + previous.length < token.column {
                result += " "
            }
            result += stream.text(token)
            previous = token
        }
        return result
    }

    func testTokenTextAgreesWithTokenByTokenJoining() {
        for _ in 0..<300 {
            let text = randomText(from: "ab1 (),.\n\"/*é", length: 30)
            let stream = SourceTokenizer(language: .swift).stream(Array(text.utf8))
            let lower = Int(generator.next() % UInt64(stream.count + 2))
            let upper = lower + Int(generator.next() % 8)
            XCTAssertEqual(stream.text(of: lower..<upper), referenceText(stream, lower..<upper, spaced: true), text)
            XCTAssertEqual(stream.compactText(of: lower..<upper), referenceText(stream, lower..<upper, spaced: false), text)
        }
        let stream = SourceTokenizer(language: .swift).stream(Array("Optional < UILabel >/* c */!\nx".utf8))
        XCTAssertEqual(stream.text(of: 0..<6), "Optional < UILabel > ! x")
        XCTAssertEqual(stream.compactText(of: 0..<5), "Optional<UILabel>!")
        XCTAssertEqual(stream.text(of: 2..<3), "UILabel")
        XCTAssertEqual(stream.text(of: 4..<99), "! x", "clamped to the tokens")
        XCTAssertEqual(stream.text(of: 6..<9), "")
    }

    // MARK: - Selectors

    func testSelectorWordsComparedOnBytes() {
        let cases: [(String, [String?], Bool, String)] = [
            ("update", ["with"], false, "updateWith:"),
            ("tap", ["forEvent"], false, "tapForEvent:"),
            ("moveTo", ["point"], false, "moveToPoint:"),
            ("encodeWith", ["coder"], false, "encodeWithCoder:"),
            ("loadView", ["FromNib"], false, "loadViewWithFromNib:"),
            ("fetchAll", ["inside", "x"], true, "fetchAllInside:x:error:"),
            ("openURL", ["options"], false, "openURLWithOptions:"),
            ("init", ["coder"], false, "initWithCoder:"),
            ("tableView", [nil, "cellForRowAt"], false, "tableView:cellForRowAt:"),
            ("scrollOVER", ["x"], false, "scrollOVERWithX:"),
            ("doThing\u{C0}", ["for"], false, "doThing\u{C0}For:"),
            ("jump", ["\u{FC}ber", nil], false, "jumpWith\u{DC}ber::"),
            ("reload", [], true, "reloadAndReturnError:"),
            ("reload", [], false, "reload"),
        ]
        for (base, labels, throwing, expected) in cases {
            XCTAssertEqual(SwiftSelector.selector(baseName: base, labels: labels, throwing: throwing), expected, "\(base) \(labels)")
        }
        XCTAssertEqual(SwiftSelector.swiftName(baseName: "tableView", labels: [nil, "cellForRowAt"]), "tableView(_:cellForRowAt:)")
        XCTAssertEqual(SwiftSelector.swiftName(baseName: "reload", labels: []), "reload()")
    }

    func testLifecycleNamesAfterTheFirstByteCheck() {
        XCTAssertEqual(SwiftDeclarationParser.lifecycle(of: "awakeAfter(using:)"), .awakeAfter)
        XCTAssertEqual(SwiftDeclarationParser.lifecycle(of: "initWithFrame:"), .initFrame)
        XCTAssertEqual(SwiftDeclarationParser.lifecycle(of: "layoutSubviews()"), .layoutSubviews)
        XCTAssertEqual(SwiftDeclarationParser.lifecycle(of: "prepareForInterfaceBuilder"), .prepareForInterfaceBuilder)
        XCTAssertNil(SwiftDeclarationParser.lifecycle(of: "viewDidLoad()"))
        XCTAssertNil(SwiftDeclarationParser.lifecycle(of: ""))
    }

    // MARK: - Merged types

    func testConformancesAreSortedAndUniqueWhetherKeptOrRebuilt() {
        let index = SourceFixture.index([
            ("A.swift", "struct Sorted: Codable, Hashable {}\nstruct Unsorted: Zeta, Alpha {}\nstruct Twice: P, P {}\n"
                + "class Base: UIView, Zeta, Alpha {}\nstruct Split: Zeta {}"),
            ("B.swift", "extension Split: Alpha, Zeta {}"),
        ])
        XCTAssertEqual(index.types["Sorted"]?.conformances, ["Codable", "Hashable"])
        XCTAssertEqual(index.types["Unsorted"]?.conformances, ["Alpha", "Zeta"])
        XCTAssertEqual(index.types["Twice"]?.conformances, ["P"])
        XCTAssertEqual(index.types["Base"]?.conformances, ["Alpha", "Zeta"])
        XCTAssertEqual(index.types["Base"]?.superclass, "UIView")
        XCTAssertEqual(index.types["Split"]?.conformances, ["Alpha", "Zeta"])
        XCTAssertEqual(index.types["Split"]?.declarations.map(\.path), ["A.swift", "B.swift"])
    }

    func testMembersOfSeveralDeclarationsMergeInFileOrder() {
        let index = SourceFixture.index([
            ("A.swift", "class Card: UIView {\n @IBOutlet var title: UILabel!\n var count = 0\n func load() {}\n}"),
            ("B.swift", "extension Card {\n @IBOutlet var title: UILabel!\n var total: Int { get { 0 } set {} }\n func load() {}\n func show() {}\n}"),
            ("C.swift", "extension Card { var count: Int { 1 } }"),
        ])
        let card = index.types["Card"]
        XCTAssertEqual(card?.outlets.map(\.name), ["title"])
        XCTAssertEqual(card?.properties.map(\.name), ["title", "count", "total"])
        XCTAssertEqual(card?.properties.map(\.isSettable), [true, true, true])
        XCTAssertEqual(card?.methods.map(\.name), ["load()", "show()"])
        XCTAssertEqual(card?.methods.first?.location.path, "A.swift")
        XCTAssertEqual(card?.declarations.count, 3)
    }
}
