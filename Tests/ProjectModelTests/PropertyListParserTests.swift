@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// The OpenStep property-list parser on every real `project.pbxproj`, on each syntax
/// element, and on malformed input (each a clear error, in bounded time).
final class PropertyListParserTests: XCTestCase {
    private let parser = OpenStepPropertyListParser()

    private func parse(_ text: String) throws -> PropertyListValue {
        try parser.parse(Data(text.utf8))
    }

    private func error(_ text: String) -> PropertyListError? {
        do {
            _ = try parser.parse(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    func testEveryElementOfTheFormat() throws {
        let value = try parse("""
        // !$*UTF8*$!
        {
            /* a block comment */ plain = value_1.2-$x/y:z+;
            quoted = "a \\"b\\" \\\\ \\n\\t";
            single = 'it';
            unicode = "caf\\U00e9 \\U2603 \\UD83D\\UDE00";
            octal = "\\101\\102";
            data = <0fbd 7E>;
            list = (one, "two", (nested), {k = v;}, );
            empty = ();
            "quoted key" = {};
        }
        """)
        let top = try XCTUnwrap(value.dictionary)
        XCTAssertEqual(top["plain"], .string("value_1.2-$x/y:z+"))
        XCTAssertEqual(top["quoted"], .string("a \"b\" \\ \n\t"))
        XCTAssertEqual(top["single"], .string("it"))
        XCTAssertEqual(top["unicode"], .string("café ☃ 😀"))
        XCTAssertEqual(top["octal"], .string("AB"))
        XCTAssertEqual(top["data"], .data([0x0F, 0xBD, 0x7E]))
        XCTAssertEqual(top["list"], .array([.string("one"), .string("two"), .array([.string("nested")]), .dictionary(["k": .string("v")])]))
        XCTAssertEqual(top["empty"], .array([]))
        XCTAssertEqual(top["quoted key"], .dictionary([:]))
    }

    /// Unquoted strings are scanned four bytes a step, then byte by byte; trivia is tested on
    /// its first byte before the loop. Every length across those steps, ended by each kind
    /// of byte that can follow (and by the end of the file), reads the same string.
    func testUnquotedStringsOfEveryLengthEndWhereTheyShould() throws {
        let alphabet = Array("aZ09_$+/:.-")
        for length in 1...13 {
            let text = String((0..<length).map { alphabet[$0 % alphabet.count] })
            // (`/` belongs to unquoted strings: a comment after one needs a space before it.)
            XCTAssertEqual(try parse(text), .string(text), "a top-level string of \(length) bytes at the end of the file")
            for ending in [";", " ;", "\t;", "\n;", " /* comment */ ;", "\t// line\n;", "\u{0B};"] {
                let dictionary = "{\(text) = \(text)\(ending)}"
                XCTAssertEqual(try parse(dictionary), .dictionary([text: .string(text)]), dictionary.debugDescription)
            }
            XCTAssertEqual(try parse("(\(text),\(text))"), .array([.string(text), .string(text)]))
            XCTAssertNotNil(error("{\(text)é = x;}"), "a byte no unquoted string holds ends the key: the \"=\" is missing")
        }
    }

    func testDocumentNodesAnswerAsTheValueTreeDoes() throws {
        let text = """
        { isa = PBXGroup; children = (A, "B", {x = y;}); name = "caf\\U00e9"; isa = PBXVariantGroup; raw = <01ff>; }
        """
        let document = try parser.document(Data(text.utf8))
        let root = document.root
        XCTAssertEqual(document.value(at: root), try parse(text))
        XCTAssertEqual(document.string(forKey: "isa", in: root), "PBXVariantGroup", "a repeated key keeps its last value")
        XCTAssertTrue(document.isString(forKey: "isa", in: root, "PBXVariantGroup"))
        XCTAssertFalse(document.isString(forKey: "isa", in: root, "PBXGroup"))
        XCTAssertEqual(document.string(forKey: "name", in: root), "café", "an escaped string is decoded")
        XCTAssertNil(document.value(forKey: "missing", in: root))
        let children = try XCTUnwrap(document.value(forKey: "children", in: root))
        XCTAssertEqual(document.elements(of: children).count, 3)
        XCTAssertEqual(document.strings(children).compactMap(document.string), ["A", "B"], "non-strings are left out")
        XCTAssertEqual(document.entries(of: root).count, 5)
        XCTAssertNil(document.string(children), "an array is no string")
        XCTAssertNil(document.value(forKey: "isa", in: children), "an array has no keys")
        let raw = try XCTUnwrap(document.value(forKey: "raw", in: root))
        XCTAssertEqual(document.withBytes(of: raw) { Array($0) }, [0x01, 0xFF])
    }

    func testObjectIdsAreLookedUpByTheirExactText() throws {
        // Uppercase hex ids are packed; any other spelling is kept as text, so ids that
        // differ only in case are different objects, and a missing id is no object.
        let text = """
        { rootObject = 0123456789ABCDEF01234567; objects = {
            0123456789ABCDEF01234567 = { isa = PBXProject; mainGroup = abcdef; targets = (0123456789abcdef01234567, 0123456789ABCDEF0123456F, FFFFFFFFFFFFFFFFFFFFFFFF); };
            abcdef = { isa = PBXGroup; };
            0123456789abcdef01234567 = { isa = PBXNativeTarget; name = lower; };
            0123456789ABCDEF0123456F = { isa = PBXNativeTarget; name = upper; };
            0123456789ABCDEF01234560 = notADictionary;
        }; }
        """
        let objects = try PBXObjects(parser.document(Data(text.utf8)))
        XCTAssertEqual(objects.count, 4, "the string-valued entry is no object")
        XCTAssertEqual(objects.objects(listedAt: "targets", in: objects.root).compactMap { objects.string("name", of: $0) }, ["lower", "upper"])
        XCTAssertEqual(objects.object(at: "mainGroup", of: objects.root).map { objects.isa($0, "PBXGroup") }, true)
        XCTAssertEqual(objects.objects(listedAt: "targets", in: objects.root).map(objects.id(of:)),
                       ["0123456789abcdef01234567", "0123456789ABCDEF0123456F"])
        XCTAssertNil(objects.object(at: "name", of: objects.root))
    }

    /// The id table answers as a `Dictionary` would, through repeated ids, ids whose last
    /// value is no dictionary (removed, their slot reused), text ids and ids that collide.
    func testObjectTableAnswersAsADictionary() throws {
        var generator = SeededGenerator(state: 99)
        // Few distinct ids, so repeats and removals are frequent; one text id among them.
        let spellings = (0..<40).map { String(format: "%024X", $0 &* 0x10001) } + ["notHex"]
        for round in 0..<60 {
            var table = PBXObjectTable(capacity: 40)
            var model: [String: Int] = [:]
            var document = "{"
            let operations = 1 + Int(generator.next() % 40)
            for _ in 0..<operations {
                document += "\(spellings[Int(generator.next() % UInt64(spellings.count))]) = x;"
            }
            document += "}"
            let parsed = try parser.document(Data(document.utf8))
            for (position, entry) in parsed.entries(of: parsed.root).enumerated() {
                let id = try XCTUnwrap(PBXObjectID(entry.key, in: parsed))
                let key = parsed.string(entry.key) ?? ""
                if generator.next() % 4 == 0 {
                    XCTAssertEqual(table.removeValue(forKey: id), model.removeValue(forKey: key), "round \(round)")
                } else {
                    XCTAssertEqual(table.updateValue(position, forKey: id), model.updateValue(position, forKey: key), "round \(round)")
                }
                XCTAssertEqual(table.count, model.count, "round \(round)")
            }
            for entry in parsed.entries(of: parsed.root) {
                let id = try XCTUnwrap(PBXObjectID(entry.key, in: parsed))
                XCTAssertEqual(table[id], model[parsed.string(entry.key) ?? ""], "round \(round)")
            }
        }
    }

    func testMalformedInputGivesAClearErrorWithItsLine() {
        let cases: [(String, String, Int)] = [
            ("{\n a = b;\n c = (d, e\n", "the array opened on line 3 is never closed", 4),
            ("{ a = b;\n", "the dictionary opened on line 1 is never closed", 2),
            ("{ a = b; }\n}", "unexpected \"}\" after the end", 2),
            ("{ a = \"unterminated; }", "the string opened on line 1 is never closed", 1),
            ("{ a = \"\\UZZ\"; }", "has no hex digits", 1),
            ("{ a = \"\\UD83D\"; }", "half of a surrogate pair", 1),
            ("{ a = \"\\UDC00\"; }", "lone second half", 1),
            ("{ a = \"\\", "ends inside an escape", 1),
            ("{ a = <0fb>; }", "odd number of hex digits", 1),
            ("{ a = <0fxz>; }", "in <hex data>", 1),
            ("{ a = b }", "expected \";\" after the value of \"a\"", 1),
            ("{ a b; }", "expected \"=\" after the key \"a\"", 1),
            ("{ a = (b c); }", "expected \",\" or \")\"", 1),
            ("{ a = b; /* open", "the comment opened on line 1 is never closed", 1),
            ("", "holds no property list", 1),
            ("{ a = ; }", "unexpected \";\" where a value was expected", 1),
        ]
        for (text, message, line) in cases {
            let failure = error(text)
            XCTAssertNotNil(failure, text)
            XCTAssertTrue(failure?.message.contains(message) == true, "\(text): \(failure?.description ?? "no error")")
            XCTAssertEqual(failure?.line, line, text)
        }
    }

    func testDeepNestingStopsAtTheDepthLimit() {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        XCTAssertTrue(error(deep)?.message.contains("nest deeper than 64 levels") == true)
    }

    func testHugeFilesAreRefusedUnread() {
        var huge = Data("{ objects = {".utf8)
        huge.append(Data(repeating: UInt8(ascii: " "), count: 50 << 20))
        XCTAssertThrowsError(try parser.parse(huge)) { error in
            XCTAssertTrue("\(error)".contains("over the limit"), "\(error)")
        }
        // Under a raised limit the same 50 MB is read through and fails at its end.
        let generous = OpenStepPropertyListParser(limits: .init(maximumBytes: 64 << 20))
        XCTAssertThrowsError(try generous.parse(huge)) { error in
            XCTAssertTrue("\(error)".contains("never closed"), "\(error)")
        }
    }

    func testTruncatedRealProjectsFailCleanlyAtEveryCut() throws {
        let path = Fixtures.realworldDirectory.appendingPathComponent("MengTo__Spring/SpringApp.xcodeproj/project.pbxproj")
        let data = try Data(contentsOf: path)
        for fraction in stride(from: 0.05, to: 1.0, by: 0.05) {
            let cut = data.prefix(Int(Double(data.count) * fraction))
            XCTAssertThrowsError(try parser.parse(cut), "cut at \(fraction)")
        }
    }

    /// Every real project file parses, and its objects table and targets are what the file
    /// says: counted by hand (`grep -cP '^\t\t[0-9A-F]{24}( /\*.*?\*/)? = \{'` for objects,
    /// `grep -c 'isa = PBXNativeTarget'` for targets) for the five pinned here.
    func testEveryRealProjectFileParses() throws {
        let pinned: [String: (objects: Int, targets: Int)] = [
            "Clipy__Clipy/Clipy.xcodeproj/project.pbxproj": (258, 2),
            "MengTo__Spring/SpringApp.xcodeproj/project.pbxproj": (143, 4),
            "dekatotoro__SlideMenuControllerSwift/SlideMenuControllerSwift.xcodeproj/project.pbxproj": (113, 3),
            "sveinbjornt__Platypus/Platypus.xcodeproj/project.pbxproj": (395, 3),
            "HexFiend__HexFiend/app/HexFiend_2.xcodeproj/project.pbxproj": (828, 8),
        ]
        let paths = Fixtures.relativeFiles(under: Fixtures.realworldDirectory).filter { $0.hasSuffix("/project.pbxproj") }
        XCTAssertGreaterThan(paths.count, 120)
        var checked = 0
        for path in paths {
            let data = try Data(contentsOf: Fixtures.realworldDirectory.appendingPathComponent(path))
            XCTAssertNoThrow(try parser.parse(data), path)
            let project = try XcodeProjectReader(document: parser.document(data), pbxprojPath: path, uploadPaths: []).project()
            XCTAssertFalse(project.targets.isEmpty, path)
            if let expected = pinned[path] {
                XCTAssertEqual(project.objectCount, expected.objects, path)
                XCTAssertEqual(project.targets.count, expected.targets, path)
                checked += 1
            }
        }
        XCTAssertEqual(checked, pinned.count)
    }

    /// The parser reads every real project file to the same tree as Foundation's
    /// `PropertyListSerialization` (slow, but the format's reference reader here): every
    /// string, escape, array and dictionary of 120-odd real files, node for node.
    func testEveryRealProjectFileReadsAsFoundationReadsIt() throws {
        let paths = Fixtures.relativeFiles(under: Fixtures.realworldDirectory).filter { $0.hasSuffix("/project.pbxproj") }
        XCTAssertGreaterThan(paths.count, 120)
        for path in paths {
            let data = try Data(contentsOf: Fixtures.realworldDirectory.appendingPathComponent(path))
            var format = PropertyListSerialization.PropertyListFormat.openStep
            let reference = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
            XCTAssertEqual(try parser.parse(data), Self.value(of: reference), path)
        }
    }

    /// A Foundation property-list object as a ``PropertyListValue``.
    private static func value(of object: Any) -> PropertyListValue? {
        switch object {
        case let string as String: return .string(string)
        case let data as Data: return .data(Array(data))
        case let array as [Any]:
            let elements = array.compactMap(value(of:))
            return elements.count == array.count ? .array(elements) : nil
        case let dictionary as [AnyHashable: Any]:
            var result: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                guard let key = key.base as? String, let element = value(of: element) else { return nil }
                result[key] = element
            }
            return .dictionary(result)
        default: return nil
        }
    }
}
