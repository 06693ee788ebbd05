import Analysis
import Foundation
import TestSupport
import XCTest

/// Everything that is not a readable Interface Builder document becomes a document with
/// a status and a reason, never a crash, a hang or an expanded entity.
final class BadInputTests: XCTestCase {
    private func parse(_ bytes: [UInt8], limits: InterfaceBuilderLimits = .default) -> IBDocument {
        InterfaceBuilderParser(limits: limits).parse(data: Data(bytes), path: "Bad.xib")
    }

    func testCompiledNibsAreBinary() {
        let plist = parse(Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x00])
        XCTAssertEqual(plist.status, .binary)
        XCTAssertEqual(plist.format, .binaryPropertyList)
        XCTAssertEqual(plist.fileStatus, .binary)
        XCTAssertEqual(plist.reason, "compiled nib (binary property list): only Xcode can read it")
        let archive = parse(Array("NIBArchive".utf8) + [1, 0, 0, 0, 9, 0, 0, 0])
        XCTAssertEqual(archive.status, .binary)
        XCTAssertEqual(archive.format, .nibArchive)
    }

    func testEmptyFile() {
        let document = parse([])
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "empty file")
    }

    func testMalformedXMLNamesTheLine() throws {
        let document = parseIB("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <view id="a">
                    <subviews>
                </view>
            </objects>
        </document>
        """)
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.errorLine, 6)
        let reason = try XCTUnwrap(document.reason)
        XCTAssertTrue(reason.hasPrefix("malformed XML: "), reason)
        XCTAssertTrue(reason.contains("subviews"), reason)
        XCTAssertTrue(document.objects.isEmpty, "an error document carries no partial model")
    }

    func testTruncatedDocument() {
        let full = iOSXib("<view id=\"v\"><subviews><label id=\"l\"/></subviews></view>")
        let document = parseIB(String(full.prefix(full.count - 30)))
        XCTAssertEqual(document.status, .error)
        XCTAssertNotNil(document.errorLine)
    }

    func testNotXML() {
        let document = parseIB("just some text\nover two lines")
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.errorLine, 1)
        XCTAssertEqual(document.reason, "not XML: the file does not start with '<'")
        XCTAssertEqual(parseIB("   \n\n").reason, "not XML: the file does not start with '<'")
    }

    func testInvalidUTF8() {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n<objects><view id=\"".utf8)
            + [0xC3, 0x28] + Array("\"/></objects></document>".utf8)
        let document = parse(bytes)
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.errorLine, 3)
    }

    func testUndeclaredNamespacePrefix() throws {
        let document = parseIB(iOSXib("<view id=\"v\">\n<ib:extra value=\"1\"/></view>"))
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.errorLine, 5)
        XCTAssertTrue(try XCTUnwrap(document.reason).hasPrefix("malformed XML: Namespace prefix ib"), document.reason ?? "")
    }

    func testWrongRootElement() {
        let document = parseIB("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>")
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "root element <plist> is not an Interface Builder <document> or <archive>")
        XCTAssertEqual(document.errorLine, 2)
    }

    func testDocumentOfAnotherType() {
        let document = parseIB("<document type=\"com.example.Other\" version=\"3.0\"><objects/></document>")
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "root <document> has type \"com.example.Other\", not an Interface Builder type")
        let untyped = parseIB("<document version=\"3.0\"/>")
        XCTAssertEqual(untyped.reason, "root <document> has type (none), not an Interface Builder type")
    }

    func testUnknownEncoding() throws {
        let document = parseIB("<?xml version=\"1.0\" encoding=\"X-NIBSCAN-UNKNOWN\"?>\n<document/>")
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "unknown or unsupported encoding: Unsupported encoding X-NIBSCAN-UNKNOWN")
        XCTAssertEqual(document.errorLine, 1)
    }

    func testBillionLaughsIsRefusedNotExpanded() throws {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [\n\(entities)]>\n"
            + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><view id=\"v\" userLabel=\"&lol9;\"/></objects></document>"
        let document = parseIB(xml)
        XCTAssertEqual(document.status, .error)
        XCTAssertTrue(document.objects.isEmpty)
        XCTAssertFalse(try XCTUnwrap(document.reason).contains("lollol"))
    }

    func testExternalEntitiesAndDTDsAreNotLoaded() throws {
        let folder = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("TOP-SECRET".utf8).write(to: secret)
        let parameterEntity = folder.appendingPathComponent("defs.ent")
        try Data("<!ENTITY leak \"TOP-SECRET\">".utf8).write(to: parameterEntity)
        let dtd = folder.appendingPathComponent("ib.dtd")
        try Data("<!ATTLIST view customClass CDATA \"InjectedClass\">".utf8).write(to: dtd)
        let documents = [
            "<!DOCTYPE document [<!ENTITY xxe SYSTEM \"\(secret.absoluteString)\">]>",
            "<!DOCTYPE document [<!ENTITY % ext SYSTEM \"\(parameterEntity.absoluteString)\"> %ext;]>",
            "<!DOCTYPE document SYSTEM \"\(dtd.absoluteString)\">",
            "<!DOCTYPE document SYSTEM \"http://127.0.0.1:9/ib.dtd\">",
        ].map { doctype in
            "<?xml version=\"1.0\"?>\n\(doctype)\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><view id=\"v\" userLabel=\"&xxe;&leak;\"/></objects></document>"
        }
        for xml in documents {
            let document = parseIB(xml)
            XCTAssertEqual(document.status, .error, xml)
            let reason = try XCTUnwrap(document.reason)
            XCTAssertFalse(reason.contains("TOP-SECRET"), reason)
            XCTAssertFalse(reason.contains("InjectedClass"), reason)
            XCTAssertTrue(document.objects.isEmpty)
        }
        let plain = parseIB("<?xml version=\"1.0\"?>\n<!DOCTYPE document SYSTEM \"\(dtd.absoluteString)\">\n"
            + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects><view id=\"v\"/></objects></document>")
        XCTAssertEqual(plain.reason, "document type declaration (DOCTYPE) found; Interface Builder never writes one and it is not read")
        XCTAssertEqual(plain.errorLine, 2)
    }

    func testUndeclaredEntityReference() {
        let document = parseIB(iOSXib("<view id=\"v\" userLabel=\"&nope;\"/>"))
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.errorLine, 4)
    }

    func testPredefinedEntitiesAndCharacterReferencesAreDecoded() {
        let document = parseIB(iOSXib("<view id=\"v\" userLabel=\"Tom &amp; Jerry &#x263A; &lt;3\"/>"))
        XCTAssertEqual(document.status, .analysed, document.reason ?? "")
        XCTAssertEqual(document.objects.first?.userLabel, "Tom & Jerry \u{263A} <3")
        // `&` in every spelling, at the ends and next to text that looks like a reference.
        let ampersands = parseIB(iOSXib("<view id=\"v\" userLabel=\"&amp;a&#38;b&#x26;&amp;#38;&amp;\"/>"))
        XCTAssertEqual(ampersands.objects.first?.userLabel, "&a&b&&#38;&")
    }

    func testUTF16DocumentsWithByteOrderMark() throws {
        let xml = iOSXib("<view id=\"v\" userLabel=\"Grüße\"><subviews><label id=\"l\"/></subviews></view>")
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        let reference = parseIB(xml.replacingOccurrences(of: "encoding=\"UTF-16\"", with: "encoding=\"UTF-8\""))
        XCTAssertEqual(reference.status, .analysed)
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let mark: [UInt8] = encoding == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            let body = try XCTUnwrap(xml.data(using: encoding))
            let document = InterfaceBuilderParser().parse(data: Data(mark) + body, path: "Wide.xib")
            XCTAssertEqual(document.status, .analysed, document.reason ?? "")
            XCTAssertEqual(document.objects, reference.objects)
            XCTAssertEqual(document.objects.first?.userLabel, "Grüße")
        }
        let invalid = InterfaceBuilderParser().parse(data: Data([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8]), path: "Broken.xib")
        XCTAssertEqual(invalid.status, .error)
        XCTAssertEqual(invalid.reason, "not valid UTF-16 text")
    }

    func testDepthLimit() throws {
        let nested = String(repeating: "<view id=\"x\"><subviews>", count: 10) + String(repeating: "</subviews></view>", count: 10)
        var limits = InterfaceBuilderLimits()
        limits.maxDepth = 12
        let document = parseIB(iOSXib(nested), limits: limits)
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "elements nested deeper than 12 levels")
        XCTAssertEqual(document.errorLine, 4)
        XCTAssertEqual(parseIB(iOSXib(nested)).status, .analysed)
        let tooDeep = String(repeating: "<view id=\"x\"><subviews>", count: 400)
        XCTAssertEqual(parseIB(iOSXib(tooDeep)).status, .error, "libxml2's own depth limit also holds")
    }

    func testAttributeLengthLimit() {
        var limits = InterfaceBuilderLimits()
        limits.maxAttributeBytes = 100
        let document = parseIB(iOSXib("<view id=\"v\" userLabel=\"\(String(repeating: "a", count: 101))\"/>"), limits: limits)
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "attribute userLabel is 101 bytes long, over the limit of 100")
        XCTAssertEqual(document.errorLine, 4)
        XCTAssertEqual(parseIB(iOSXib("<view id=\"v\" userLabel=\"\(String(repeating: "a", count: 100))\"/>"), limits: limits).status, .analysed)
        // The limit is on the decoded value: 100 `&amp;` are 100 bytes, not 500.
        let ampersands = parseIB(iOSXib("<view id=\"v\" userLabel=\"\(String(repeating: "&amp;", count: 100))\"/>"), limits: limits)
        XCTAssertEqual(ampersands.status, .analysed, ampersands.reason ?? "")
        XCTAssertEqual(ampersands.objects.first?.userLabel, String(repeating: "&", count: 100))
        let overLimit = parseIB(iOSXib("<view id=\"v\" userLabel=\"\(String(repeating: "&#38;", count: 101))\"/>"), limits: limits)
        XCTAssertEqual(overLimit.reason, "attribute userLabel is 101 bytes long, over the limit of 100")
        let ignored = parseIB(iOSXib("<view id=\"v\"><connections><binding name=\"\(String(repeating: "b", count: 101))\"/></connections></view>"), limits: limits)
        XCTAssertEqual(ignored.reason, "attribute name is 101 bytes long, over the limit of 100", "elements the model ignores are checked too")
    }

    func testDocumentSizeLimit() {
        var limits = InterfaceBuilderLimits()
        limits.maxDocumentBytes = 64
        let xml = iOSXib("<view id=\"v\"/>")
        let document = parseIB(xml, limits: limits)
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "file is \(xml.utf8.count) bytes, over the limit of 64")
    }

    func testElementCountLimit() {
        var limits = InterfaceBuilderLimits()
        limits.maxElements = 5
        let document = parseIB(iOSXib(String(repeating: "<view id=\"v\"/>\n", count: 10)), limits: limits)
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "more than 5 elements")
        XCTAssertEqual(document.errorLine, 7)
    }

    /// Counted in the raw bytes before libxml2 reads the tag: `=` inside quoted values, in
    /// comments, CDATA and processing instructions is not an attribute.
    func testAttributesPerElementLimit() {
        var limits = InterfaceBuilderLimits()
        limits.maxAttributesPerElement = 6  // the <document> of iOSXib has 6
        let quoted = "<!-- a=1 b=2 c=3 d=4 e=5 f=6 g=7 --><?pi a=1 b=2 c=3 d=4 e=5 f=6 g=7?>\n<view id=\"v\" userLabel=\"a=b c=d e=f g>h i=j k=l m=n\" tag=\"1\" contentMode=\"a=b\"><![CDATA[a=1 b=2 c=3 d=4 e=5 f=6 g=7]]></view>"
        XCTAssertEqual(parseIB(iOSXib(quoted), limits: limits).status, .analysed)
        let attributes = (0..<7).map { "a\($0)='\($0)'" }.joined(separator: " ")
        let document = parseIB(iOSXib("<view id=\"v\"/>\n<view \(attributes)/>"), limits: limits)
        XCTAssertEqual(document.status, .error)
        XCTAssertEqual(document.reason, "an element with more than 6 attributes")
        XCTAssertEqual(document.errorLine, 5)
        let hostile = (0..<200_000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let refused = parseIB(iOSXib("<view id=\"v\" \(hostile)/>"))
        XCTAssertEqual(refused.reason, "an element with more than 256 attributes", "refused before libxml2 compares them")
    }

    func testParsingFromManyThreadsAtOnce() {
        let good = iOSXib("<view id=\"v\"><subviews><label id=\"l\"/></subviews></view>")
        let bad = good.replacingOccurrences(of: "</subviews>", with: "")
        let expectedGood = parseIB(good)
        let expectedBad = parseIB(bad)
        let results = ResultBox(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            results.set(index, parseIB(index.isMultiple(of: 2) ? good : bad))
        }
        for index in 0..<64 {
            XCTAssertEqual(results.get(index), index.isMultiple(of: 2) ? expectedGood : expectedBad)
        }
    }
}

/// Collects results written from concurrent iterations.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [IBDocument?]
    init(count: Int) { documents = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ document: IBDocument) { lock.withLock { documents[index] = document } }
    func get(_ index: Int) -> IBDocument? { lock.withLock { documents[index] } }
}
