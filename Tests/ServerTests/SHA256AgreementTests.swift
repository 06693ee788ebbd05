import Analysis
@testable import Server
import XCTest

/// The analysis library's SHA-256 (for the HTML report's policy) and OpenSSL's (for uploads)
/// give the same digest at every length around the padding's block boundaries.
final class SHA256AgreementTests: XCTestCase {
    func testTheReportsDigestAgreesWithOpenSSL() {
        var generator = SystemRandomNumberGenerator()
        for length in Array(0...200) + [1_000, 4_096, 65_537] {
            let message = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let openSSL = SHA256Digest()
            openSSL.update(message)
            XCTAssertEqual(SHA256.digest(of: message), openSSL.finalizeBytes(), "length \(length)")
        }
    }
}
