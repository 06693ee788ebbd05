@testable import Analysis
import Foundation
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

    /// Upload paths order by their UTF-8 bytes, the order the sorted-path searches rely on.
    func testPathsOrderByTheirBytes() {
        var generator = SeededGenerator(state: 5)
        let pieces = ["a", "B", "/", "é", "e\u{301}", "", "😀", "z", "."]
        for _ in 0..<2_000 {
            func path() -> String { (0..<Int(generator.next() % 5)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined() }
            let (first, second) = (path(), path())
            XCTAssertEqual(ProjectFile.pathPrecedes(first, second), first.utf8.lexicographicallyPrecedes(second.utf8), "\(first) < \(second)")
        }
    }

    /// A `path` value joined from its bytes reads as joining its text: absolute, escaping,
    /// empty, non-ASCII and invalid UTF-8 alike.
    func testJoiningBytesMatchesJoiningText() {
        let seconds: [[UInt8]] = [Array("View.swift".utf8), Array("../Shared/./A.m".utf8), Array("/abs/B.h".utf8), [],
                                  Array("Ünï/ç.xib".utf8), [0x41, 0xFF, 0x42], [0x80, 0x2F, 0x43], Array("../../x".utf8)]
        for first in ["", "App", "App/Sub", "Ä"] {
            for second in seconds {
                let text = String(decoding: second, as: UTF8.self)
                XCTAssertEqual(second.withUnsafeBufferPointer { ProjectPath.join(first, bytes: $0) }, ProjectPath.join(first, text), "\(first) + \(second)")
            }
        }
    }

    /// Lookups without case: a path the upload lacks finds the one upload path equal to it
    /// without case (ASCII or not), none when several are, and none when nothing is.
    func testCaseFoldedLookups() {
        let upload = ["App/Bucketlist/App.swift", "App/Kit/ÄPFEL.swift", "App/Same/a.swift", "App/same/A.swift", "Other/App.swift"]
        let folded = CaseFoldedPaths(upload)
        XCTAssertEqual(folded.onlyMatch(of: "App/BucketList/App.swift"), "App/Bucketlist/App.swift")
        XCTAssertEqual(folded.onlyMatch(of: "app/kit/äpfel.swift"), "App/Kit/ÄPFEL.swift", "non-ASCII letters fold as lowercased() folds them")
        XCTAssertNil(folded.onlyMatch(of: "App/SAME/A.SWIFT"), "two upload paths match without case")
        XCTAssertNil(folded.onlyMatch(of: "App/Images/icon.png"), "nothing matches")
        XCTAssertNil(folded.onlyMatch(of: "Elsewhere/App.swift"), "the same last component in another folder is no match")
        // The key is a function of the lowercased path: the Kelvin sign lowercases to ASCII "k".
        XCTAssertEqual(CaseFoldedPaths.key(of: "A/\u{212A}.swift"), CaseFoldedPaths.key(of: "a/K.swift"))
        XCTAssertEqual(CaseFoldedPaths.key(of: "Ünï/X.swift"), CaseFoldedPaths.key(of: "ünï/x.SWIFT"))
    }

    /// C-family implementations by their last bytes, as `hasSuffix` tells them.
    func testImplementationExtensions() {
        let paths = ["a.m", "a.mm", "a.c", "a.cpp", "a.h", "a.swift", "m", ".m", "a.xcm", "am", "a.cp", "a.M", "dir.m/x.png", "é.mm"]
        for path in paths {
            let expected = ImplementationExtension.allCases.first { path.hasSuffix($0.text) }
            XCTAssertEqual(ImplementationExtension(of: path), expected, path)
        }
        XCTAssertEqual(ImplementationExtension(of: "a.mm")?.isObjectiveC, true)
        XCTAssertEqual(ImplementationExtension(of: "a.cpp")?.isObjectiveC, false)
    }

    /// A phase's files sorted, each once, as sorting a `Set` of them gives: non-ASCII names
    /// (in `String` order), and ASCII paths that share long prefixes, tie in the 16 bytes
    /// after the shared prefix, end inside it or are prefixes of each other (byte order).
    func testPhaseFilesAreSortedAndUnique() {
        var generator = SeededGenerator(state: 7)
        let nonASCII = ["b.swift", "a.swift", "A.swift", "caf\u{E9}.swift", "cafe\u{301}.swift", "z/y.xib"]
        let ascii = ["App/Sources/Views/Cards/CardView.swift", "App/Sources/Views/Cards/CardView.swift.orig",
                     "App/Sources/Views/Cards/CardViewController.swift", "App/Sources/Views/Cards/CardViewControlle.swift",
                     "App/Sources/Views/Cards", "App/Sources/Views/A", "App/Sources/Views/a", "App/Sources/Views/Cards/CardView",
                     "App/Sources/Views/Cards/CardView.swifu", "App/Sources/Z.swift", "App/Sources/Views/Cards/CardView.Swift"]
        for names in [nonASCII, ascii] {
            for _ in 0..<500 {
                // Up to 120 paths: short lists and long ones take different ways.
                let paths = (0..<Int(generator.next() % 120)).map { _ in names[Int(generator.next() % UInt64(names.count))] }
                XCTAssertEqual(PathSorting.sortedUnique(paths).count, Set(paths).count, "\(paths)")
                XCTAssertEqual(PathSorting.sortedUnique(paths).map { $0.precomposedStringWithCanonicalMapping },
                               Set(paths).sorted().map { $0.precomposedStringWithCanonicalMapping }, "\(paths)")
            }
        }
    }

    func testSortedPathLookups() {
        let sorted = ["App/A.swift", "App/Views/Card.xib", "App/Views/Card.xibx", "Kit/B.m"]
        for path in sorted { XCTAssertTrue(ProjectPath.contains(path, inSorted: sorted), path) }
        for path in ["", "App", "App/Views", "App/Views/Card", "Kit/B.mm", "Z"] { XCTAssertFalse(ProjectPath.contains(path, inSorted: sorted), path) }
        XCTAssertEqual(ProjectPath.files(under: "App/Views", in: sorted), ["App/Views/Card.xib", "App/Views/Card.xibx"])
        XCTAssertEqual(ProjectPath.files(under: "App/View", in: sorted), [])
    }
}
