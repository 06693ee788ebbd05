@testable import Server
import XCTest

final class AccessTokensTests: XCTestCase {
    func testParsesFileAndEnvironmentFormats() throws {
        var tokens = AccessTokens()
        try tokens.add(from: """
            # CI pipelines
            submit,read  ci-token-0123456789abcdef
            admin ops-token-0123456789abcdef   # the on-call
            """, source: "tokens.txt")
        try tokens.add(from: "read dash-token-0123456789abcdef;submit bot-token-0123456789abcdef", source: "NIBSCAN_TOKENS")
        XCTAssertEqual(tokens.verdict(authorization: "Bearer ci-token-0123456789abcdef"), .granted([.submit, .read]))
        XCTAssertEqual(tokens.verdict(authorization: "bearer ops-token-0123456789abcdef"), .granted([.admin]))
        XCTAssertEqual(tokens.verdict(authorization: "Bearer dash-token-0123456789abcdef"), .granted([.read]))
        XCTAssertEqual(tokens.verdict(authorization: "Bearer wrong-token-0123456789abcd"), .invalid)
        XCTAssertEqual(tokens.verdict(authorization: nil), .missing)
        XCTAssertEqual(tokens.verdict(authorization: "Basic Y2k6dG9rZW4="), .missing)
        XCTAssertEqual(AccessTokens().verdict(authorization: nil), .open)
    }

    func testRoleImplication() {
        XCTAssertTrue(Set<Role>([.admin]).allows(.submit))
        XCTAssertTrue(Set<Role>([.read]).allows(.read))
        XCTAssertFalse(Set<Role>([.read]).allows(.submit))
        XCTAssertFalse(Set<Role>([.submit]).allows(.admin))
    }

    func testBadLinesNameTheirPlace() {
        var tokens = AccessTokens()
        XCTAssertThrowsError(try tokens.add(from: "read\n", source: "t.txt")) { XCTAssertTrue("\($0)".contains("t.txt entry 1")) }
        XCTAssertThrowsError(try tokens.add(from: "\nwrite long-enough-token-123456", source: "t.txt")) { XCTAssertTrue("\($0)".contains("unknown role 'write'")) }
        XCTAssertThrowsError(try tokens.add(from: "read short", source: "t.txt")) { XCTAssertTrue("\($0)".contains("at least 16")) }
        XCTAssertThrowsError(try tokens.add(from: "read a b", source: "t.txt"))
    }
}
