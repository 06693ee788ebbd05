import Foundation
import Server
import XCTest

final class ProblemRoundTripTests: XCTestCase {
    func testProblemRoundTripsThroughJSON() throws {
        let problem = Problem(code: "webhook.not-found", title: "No such webhook", status: 404, detail: "wh_1")
        let decoded = try JSONDecoder().decode(Problem.self, from: JSONEncoder().encode(problem))
        XCTAssertEqual(decoded, problem)
    }
}
