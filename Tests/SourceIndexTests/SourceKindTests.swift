import Analysis
import XCTest

final class SourceKindTests: XCTestCase {
    func testSourceKindsByExtension() {
        XCTAssertEqual(ProjectFile.kind(ofPath: "A.swift"), .swift)
        XCTAssertEqual(ProjectFile.kind(ofPath: "A.h"), .objc)
        XCTAssertEqual(ProjectFile.kind(ofPath: "A.mm"), .objc)
        XCTAssertEqual(ProjectFile.kind(ofPath: "A.png"), .other)
    }
}
