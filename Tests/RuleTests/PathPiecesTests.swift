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
