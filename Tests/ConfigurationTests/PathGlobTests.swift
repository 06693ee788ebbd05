import Analysis
import XCTest

final class PathGlobTests: XCTestCase {
    private func assertMatches(_ pattern: String, _ matching: [String], not others: [String],
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let glob = PathGlob(pattern) else { return XCTFail("\(pattern) refused", file: file, line: line) }
        for path in matching { XCTAssertTrue(glob.matches(path), "\(pattern) should match \(path)", file: file, line: line) }
        for path in others { XCTAssertFalse(glob.matches(path), "\(pattern) should not match \(path)", file: file, line: line) }
    }

    func testAPatternWithoutASlashMatchesAtAnyDepthAndWholeFolders() {
        assertMatches("Pods", ["Pods", "Pods/A/B.swift", "Sub/Pods/X.xib"], not: ["Podsfile", "MyPods/A.swift"])
        assertMatches("*.generated.swift", ["A.generated.swift", "x/y/B.generated.swift"], not: ["A.swift", "generated.swift.bak"])
    }

    func testAPatternWithASlashIsAnchoredAtTheRoot() {
        assertMatches("App/Legacy", ["App/Legacy/A.m", "App/Legacy"], not: ["Other/App/Legacy/A.m", "App/LegacyOld/A.m"])
        assertMatches("/Vendor", ["Vendor/x.swift"], not: ["App/Vendor/x.swift"])
        assertMatches("Pods/", ["Pods/A.swift", "deep/Pods/A.swift"], not: ["Podfile"])
    }

    func testStarsQuestionMarksClassesAndDoubleStars() {
        assertMatches("App/*.xib", ["App/A.xib"], not: ["App/Sub/A.xib", "A.xib"])
        assertMatches("App/**/*.xib", ["App/A.xib", "App/a/b/c/A.xib"], not: ["Other/A.xib"])
        assertMatches("App/View?.swift", ["App/View1.swift"], not: ["App/View10.swift"])
        assertMatches("App/[AB]*.m", ["App/Avatar.m", "App/Badge.m"], not: ["App/Card.m"])
        assertMatches("**/Generated/**", ["Generated/a", "x/Generated/y/z"], not: ["x/NotGenerated/y"])
    }

    func testManyDoubleStarsStayCheap() {
        let pattern = Array(repeating: "**", count: 200).joined(separator: "/") + "/x"
        let path = Array(repeating: "a", count: 60).joined(separator: "/") + "/y"
        XCTAssertFalse(PathGlob(pattern)!.matches(path))
    }

    func testEmptyPatternsAreRefused() {
        XCTAssertNil(PathGlob(""))
        XCTAssertNil(PathGlob("//"))
    }
}
