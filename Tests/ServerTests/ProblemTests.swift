import Foundation
import Server
import XCTest

final class ProblemTests: XCTestCase {
    func testTypeIsStableURIForCode() {
        let problem = Problem(code: "archive.too-many-entries", title: "Too many entries", status: 413)
        XCTAssertEqual(problem.type, "https://nibscan.dev/problems/archive.too-many-entries")
    }
}
