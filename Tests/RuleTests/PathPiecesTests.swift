@testable import Analysis
import Foundation
import XCTest

/// The byte-level path helpers of the joins answer exactly as the `NSString` and `split`
/// calls they replace, including the odd names (dots first or last, non-ASCII, slashes).
final class PathPiecesTests: XCTestCase {
    private let components = [
        "Card.xib", "Card~ipad.XIB", ".xib", "a.", "a..xib", "A.XIB", "a.b.xib", "ü.xib", "a b.x-b",
        ".", "..", "a.xib.", "a.-", "a.x y", "a.\u{301}xib", "Main.storyboard", "noextension", "é.nib", "x.Storyboard",
    ]

    func testExtensionsMatchNSString() {
        for component in components {
            let (name, pathExtension) = PathPieces.splitExtension(component[...])
            XCTAssertEqual(String(pathExtension), (component as NSString).pathExtension, component)
            XCTAssertEqual(String(name), (component as NSString).deletingPathExtension, component)
        }
    }

    func testLastComponentMatchesSplit() {
        for path in ["a/b/c.xib", "c.xib", "a/b/", "/", "", "//x//", "a//b", "ü/é.nib", "ü/é.nib///", "😀/😀", "x/y.XIB"] {
            XCTAssertEqual(PathPieces.lastComponent(of: path[...]).map(String.init), path.split(separator: "/").last.map(String.init), path)
        }
    }

    func testLoadNamesMatchTheNSStringDefinition() {
        let folders = ["", "App/", "App/Base.lproj/", "Old.NIB/", "x.nib//", "ü.lproj/"]
        for folder in folders {
            for component in components + ["Card~iphone.xib", "Card~IPAD~iphone.nib", "~ipad.xib", "designable.nib"] {
                let path = folder + component
                XCTAssertEqual(NibCatalog.loadName(ofPath: path), Self.referenceLoadName(path), path)
            }
        }
    }

    func testCaseInsensitiveSuffixes() {
        XCTAssertTrue(PathPieces.hasSuffixIgnoringCase("Main.NIB", ".nib"))
        XCTAssertFalse(PathPieces.hasSuffixIgnoringCase("nib", ".nib"))
        XCTAssertTrue(PathPieces.equalsIgnoringCase("StoryBoard", "storyboard"))
        XCTAssertFalse(PathPieces.equalsIgnoringCase("storyboards", "storyboard"))
    }

    func testStrippedNibNamesMatchFoundationContains() {
        let names = ["Card", "Card.xib", "Views/Card", "Views/Card.nib", "Card.storyboard", "Caf\u{E9}", "e\u{301}/x",
                     "/\u{301}", ".\u{301}", "a/", "", "Kelvin\u{212A}", "\u{FF0F}wide", "Card.XIB"]
        // No `/` or `.` byte means no such character for Foundation's `contains` either (the
        // byte test that keeps a plain name); a combining mark hides one from Foundation only.
        for name in names where !name.utf8.contains(where: { $0 == 0x2F || $0 == 0x2E }) {
            XCTAssertFalse(name.contains("/") || name.contains("."), name)
        }
        XCTAssertFalse("/\u{301}".contains("/"))
        XCTAssertEqual(names.map(NibCatalog.stripped), ["Card", "Card", "Card", "Card", "Card.storyboard", "Caf\u{E9}", "x",
                                                        "/\u{301}", ".\u{301}", "a", "", "Kelvin\u{212A}", "\u{FF0F}wide", "Card"])
    }

    /// The definition `loadName` had before it was made byte-level.
    private static func referenceLoadName(_ path: String) -> String? {
        var components = path.split(separator: "/").map(String.init)
        guard var last = components.popLast() else { return nil }
        if let folder = components.last, folder.lowercased().hasSuffix(".nib") { last = folder }
        let ext = (last as NSString).pathExtension.lowercased()
        guard ["xib", "nib", "storyboard"].contains(ext) else { return nil }
        var name = (last as NSString).deletingPathExtension
        for idiom in ["~iphone", "~ipad"] where name.lowercased().hasSuffix(idiom) {
            name = String(name.dropLast(idiom.count))
        }
        return name.isEmpty ? nil : name
    }
}
