@testable import Analysis
import TestSupport
import XCTest

/// Upload-relative path folding: paths with nothing to fold come back as they are, the
/// others are folded component by component.
final class ProjectPathTests: XCTestCase {
    func testPathsWithNothingToFoldAreReturnedAsTheyAre() {
        for path in ["", "App", "App/Views/Card.xib", "App/...", "App/.hidden/a.", "Ünïcödé/Ä.swift"] {
            XCTAssertEqual(ProjectPath.normalized(path), path)
        }
    }

    func testDotsAndEmptyComponentsAreFolded() {
        XCTAssertEqual(ProjectPath.normalized("a/./b"), "a/b")
        XCTAssertEqual(ProjectPath.normalized("a/b/../c"), "a/c")
        XCTAssertEqual(ProjectPath.normalized("a//b/"), "a/b")
        XCTAssertEqual(ProjectPath.normalized("/a/b"), "a/b")
        XCTAssertEqual(ProjectPath.normalized("a/."), "a")
        XCTAssertEqual(ProjectPath.normalized("a/b/.."), "a")
        XCTAssertEqual(ProjectPath.normalized("."), "")
        XCTAssertNil(ProjectPath.normalized(".."))
        XCTAssertNil(ProjectPath.normalized("a/../../b"))
        XCTAssertEqual(ProjectPath.join("App", "../Shared/./View.swift"), "Shared/View.swift")
    }

    /// The byte fold of ASCII paths answers as folding `String` components does.
    func testASCIIFoldingMatchesTheComponentFold() {
        var generator = SeededGenerator(state: 12)
        let pieces = ["a", "b", ".", "..", "/", "//", ".x", "x.", "...", "\r\n"]
        for _ in 0..<3_000 {
            let path = (0..<Int(generator.next() % 8)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            XCTAssertEqual(ProjectPath.normalized(path), ProjectPath.normalizedByCharacters(path), path.debugDescription)
        }
        XCTAssertEqual(ProjectPath.normalized("Ünï/../x"), "x", "a non-ASCII path folds by characters")
    }

    func testSortedPathLookups() {
        let sorted = ["App/A.swift", "App/Views/Card.xib", "App/Views/Card.xibx", "Kit/B.m"]
        for path in sorted { XCTAssertTrue(ProjectPath.contains(path, inSorted: sorted), path) }
        for path in ["", "App", "App/Views", "App/Views/Card", "Kit/B.mm", "Z"] { XCTAssertFalse(ProjectPath.contains(path, inSorted: sorted), path) }
        XCTAssertEqual(ProjectPath.files(under: "App/Views", in: sorted), ["App/Views/Card.xib", "App/Views/Card.xibx"])
        XCTAssertEqual(ProjectPath.files(under: "App/View", in: sorted), [])
    }
}
