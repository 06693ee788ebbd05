import Foundation
@testable import Server
import TestSupport
import XCTest

/// Signed report links as values: what is accepted, what is refused and why, with no server.
final class ReportLinkSignerTests: XCTestCase {
    private let signer = ReportLinkSigner(key: Array("a-report-link-secret-of-32-bytes!".utf8), lifetime: 3_600)
    private let now = Date(timeIntervalSince1970: 1_796_000_000)
    private let id = "3f2a7c1e-0b4d-4e59-9a61-2c8d5b7e9f10"

    private func verdict(id: String? = nil, expires: String?, signature: String?, at date: Date? = nil) -> ReportLinkSigner.Verdict {
        signer.verdict(analysisID: id ?? self.id, expires: expires, signature: signature, now: date ?? now)
    }

    func testALinkIsValidForItsAnalysisUntilItExpires() {
        let grant = signer.grant(for: id, now: now)
        XCTAssertEqual(grant.expires, 1_796_003_600, "expires after the lifetime, in unix seconds")
        XCTAssertEqual(grant.signature.count, 43, "32 bytes of base64url without padding")
        XCTAssertEqual(grant.query, "expires=1796003600&signature=\(grant.signature)")
        XCTAssertEqual(verdict(expires: "1796003600", signature: grant.signature), .valid)
        XCTAssertEqual(verdict(expires: "1796003600", signature: grant.signature, at: now.addingTimeInterval(3_599)), .valid)
        XCTAssertEqual(verdict(expires: "1796003600", signature: grant.signature, at: now.addingTimeInterval(3_600)), .expired)
        XCTAssertEqual(verdict(expires: "1796003600", signature: grant.signature, at: now.addingTimeInterval(86_400 * 400)), .expired)
    }

    func testEveryAlterationIsInvalid() {
        let grant = signer.grant(for: id, now: now)
        let expires = String(grant.expires)
        XCTAssertEqual(verdict(id: "3f2a7c1e-0b4d-4e59-9a61-2c8d5b7e9f11", expires: expires, signature: grant.signature), .invalid, "another analysis")
        XCTAssertEqual(verdict(expires: String(grant.expires + 86_400), signature: grant.signature), .invalid, "a later expiry")
        XCTAssertEqual(verdict(expires: String(grant.expires - 10), signature: grant.signature, at: now.addingTimeInterval(7_200)), .invalid,
                       "a forged expiry is invalid, never merely expired")
        var flipped = Array(grant.signature)
        flipped[5] = flipped[5] == "A" ? "B" : "A"
        XCTAssertEqual(verdict(expires: expires, signature: String(flipped)), .invalid, "one character of the signature")
        let other = ReportLinkSigner(key: Array("another-secret-of-thirty-two-byte".utf8), lifetime: 3_600)
        XCTAssertEqual(verdict(expires: expires, signature: other.grant(for: id, now: now).signature), .invalid, "signed under another secret")
    }

    func testMalformedValuesAreInvalid() {
        let grant = signer.grant(for: id, now: now)
        let expires = String(grant.expires)
        XCTAssertEqual(verdict(expires: nil, signature: grant.signature), .invalid)
        XCTAssertEqual(verdict(expires: expires, signature: nil), .invalid)
        XCTAssertEqual(verdict(expires: "+\(expires)", signature: grant.signature), .invalid, "digits only")
        XCTAssertEqual(verdict(expires: "", signature: grant.signature), .invalid)
        XCTAssertEqual(verdict(expires: "99999999999999999999999", signature: grant.signature), .invalid)
        XCTAssertEqual(verdict(expires: expires, signature: grant.signature + "="), .invalid, "padding is not base64url as issued")
        XCTAssertEqual(verdict(expires: expires, signature: String(grant.signature.dropLast())), .invalid, "too short")
        XCTAssertEqual(verdict(expires: expires, signature: grant.signature.replacingOccurrences(of: "-", with: "+")
                           .replacingOccurrences(of: "_", with: "/") + "/"), .invalid)
        XCTAssertEqual(verdict(expires: expires, signature: String(repeating: "A", count: 500)), .invalid)
    }

    func testTheQueryDecidesWhetherALinkIsPresented() {
        let grant = signer.grant(for: id, now: now)
        let link = [(name: "format", value: "html"), (name: "expires", value: String(grant.expires)), (name: "signature", value: grant.signature)]
        XCTAssertNil(ReportLinkSigner.verdict(of: signer, query: [(name: "format", value: "html")], analysisID: id, now: now),
                     "no link: the token decides")
        XCTAssertEqual(ReportLinkSigner.verdict(of: signer, query: link, analysisID: id, now: now), .valid)
        XCTAssertEqual(ReportLinkSigner.verdict(of: signer, query: link + [(name: "signature", value: grant.signature)], analysisID: id, now: now),
                       .invalid, "a repeated parameter")
        XCTAssertEqual(ReportLinkSigner.verdict(of: signer, query: [(name: "signature", value: grant.signature)], analysisID: id, now: now), .invalid)
        XCTAssertEqual(ReportLinkSigner.verdict(of: nil, query: link, analysisID: id, now: now), .invalid, "signed links are off")
    }

    func testTheStoredSecretIsMadeOnceAndReadBackOnEveryEngine() throws {
        for engine in TestEngine.allCases {
            let directory = try Fixtures.makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let location = try AnalysisStoreTests.location(on: engine, in: directory)
            let first = AnalysisStore(database: try Database(location))
            let made = try first.serverSecret(named: "report-links") { Array(repeating: 7, count: 32) }
            XCTAssertEqual(made, Array(repeating: 7, count: 32), "[\(engine)]")
            let second = AnalysisStore(database: try Database(location))
            let again = try second.serverSecret(named: "report-links") {
                XCTFail("[\(engine)] a stored secret is never made again")
                return Array(repeating: 9, count: 32)
            }
            XCTAssertEqual(again, made, "[\(engine)]")
        }
    }

    func testSettingsOfSignedLinks() throws {
        typealias Configuration = NibscanServer.Configuration
        XCTAssertEqual(Configuration().reportLinkDays, 30)
        XCTAssertNil(Configuration().reportLinkSecret)
        let configured = try Configuration.resolve(arguments: ["--report-link-days", "7"],
                                                   environment: ["NIBSCAN_REPORT_LINK_DAYS": "2", "NIBSCAN_REPORT_LINK_SECRET": "s3cret"])
        XCTAssertEqual(configured.reportLinkDays, 7)
        XCTAssertEqual(configured.reportLinkSecret, "s3cret")
        XCTAssertThrowsError(try Configuration.resolve(arguments: ["--report-link-secret", "x"], environment: [:]),
                             "the secret is never a flag, so that it never shows in ps")
        XCTAssertTrue(Configuration.helpText().contains("NIBSCAN_REPORT_LINK_SECRET"))
        let directory = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AnalysisStore(path: directory.appendingPathComponent("db.sqlite").path)
        XCTAssertThrowsError(try ReportLinkSigner.configured(by: configured, store: store)) {
            XCTAssertTrue("\($0)".hasPrefix("NIBSCAN_REPORT_LINK_SECRET:"), "\($0)")
        }
        var off = configured
        off.reportLinkDays = 0
        XCTAssertNil(try ReportLinkSigner.configured(by: off, store: store))
        var given = configured
        given.reportLinkSecret = String(repeating: "k", count: 32)
        XCTAssertEqual(try ReportLinkSigner.configured(by: given, store: store)?.key, Array(String(repeating: "k", count: 32).utf8))
        XCTAssertEqual(try ReportLinkSigner.configured(by: given, store: store)?.lifetime, 7 * 86_400)
        var stored = configured
        stored.reportLinkSecret = nil
        let generated = try XCTUnwrap(try ReportLinkSigner.configured(by: stored, store: store))
        XCTAssertEqual(generated.key.count, 32)
        XCTAssertEqual(try ReportLinkSigner.configured(by: stored, store: store)?.key, generated.key, "the stored key is kept")
    }
}
