import Analysis
import XCTest

/// The report's own SHA-256 against the test vectors of FIPS 180-2 (one block, two blocks,
/// the padding of an empty message, and a million bytes).
final class SHA256Tests: XCTestCase {
    private func hex(_ message: [UInt8]) -> String {
        SHA256.digest(of: message).map { String(format: "%02x", $0) }.joined()
    }

    func testStandardVectors() {
        XCTAssertEqual(hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "56 bytes: the length needs a second block")
        XCTAssertEqual(hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testBase64IsWhatAContentSecurityPolicyHashSourceHolds() {
        XCTAssertEqual(SHA256.base64(of: Array("abc".utf8)), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }
}
