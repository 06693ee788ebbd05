import Analysis
import Foundation
@testable import Server
import XCTest

/// Signed report links over loopback, on a server that requires tokens: a link opens the
/// report of its analysis without one, and nothing else; an altered or expired link is 403.
final class LiveReportLinkTests: XCTestCase {
    private var live: LiveServer!
    private var id = ""

    override func setUpWithError() throws {
        live = try LiveServer(withTokens: true)
        let finding = Finding(rule: "example.rule", severity: .error, message: "m", locations: [], fix: "f", fingerprint: "fp-1")
        id = try live.seed(status: .succeeded, report: Report(project: .init(name: "App", files: 1, bytes: 1), files: [], findings: [finding],
                                                              summary: .init(errors: 1)))
    }

    override func tearDown() {
        live.stop()
    }

    private var signer: ReportLinkSigner {
        get throws { try XCTUnwrap(live.server.context.links.reportLinks) }
    }

    /// The report target of `id` with the link of `grant` and `format`.
    private func target(_ id: String, _ grant: ReportLinkSigner.Grant, format: String = "json") -> String {
        "/v1/analyses/\(id)/report?format=\(format)&\(grant.query)"
    }

    private func problemType(_ response: RawHTTPClient.Response) throws -> String? {
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
        return try response.json()["type"] as? String
    }

    func testASignedLinkOpensTheReportWithoutAToken() throws {
        let grant = try signer.grant(for: id)
        let opened = try live.request("GET", target(id, grant))
        XCTAssertEqual(opened.status, 200, opened.text)
        XCTAssertEqual(try opened.json()["findings"].map { ($0 as? [Any])?.count }, 1)
        XCTAssertEqual(try live.request("GET", target(id, grant, format: "markdown")).status, 200, "the link covers every format")
        XCTAssertNotNil(live.logLines.first { $0["path"] as? String == "/v1/analyses/\(id)/report" && $0["status"] as? Int == 200 })
        XCTAssertFalse(live.logLines.lines.contains { "\($0)".contains(grant.signature) }, "the log keeps the path, never the signature")
        let withoutLink = try live.request("GET", "/v1/analyses/\(id)/report")
        XCTAssertEqual(withoutLink.status, 401, "without a token or a link, as before")
    }

    func testAnAlteredLinkIsRefused() throws {
        let grant = try signer.grant(for: id)
        var later = grant
        later.expires += 86_400
        let extended = try live.request("GET", target(id, later))
        XCTAssertEqual(extended.status, 403)
        XCTAssertEqual(try problemType(extended), Problem.typeBase + "report-link.invalid")
        var forged = grant
        forged.signature = String(grant.signature.reversed())
        XCTAssertEqual(try live.request("GET", target(id, forged)).status, 403)
        let otherID = try live.seed(status: .succeeded, report: Report(project: .init(name: "B", files: 0, bytes: 0), files: [], summary: .init()))
        let elsewhere = try live.request("GET", target(otherID, grant))
        XCTAssertEqual(elsewhere.status, 403, "the signature of one analysis opens no other")
        XCTAssertEqual(try problemType(elsewhere), Problem.typeBase + "report-link.invalid")
        let twice = try live.request("GET", target(id, grant) + "&signature=\(grant.signature)")
        XCTAssertEqual(twice.status, 403)
    }

    func testAnExpiredLinkIsRefusedEvenBesideAToken() throws {
        let grant = try signer.grant(for: id, now: Date(timeIntervalSinceNow: -31 * 86_400))
        let expired = try live.request("GET", target(id, grant))
        XCTAssertEqual(expired.status, 403)
        XCTAssertEqual(try problemType(expired), Problem.typeBase + "report-link.expired")
        let besideToken = try live.request("GET", target(id, grant), headers: ["Authorization": "Bearer \(LiveServer.readToken)"])
        XCTAssertEqual(besideToken.status, 403, "a presented link is judged as a link")
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)/report", headers: ["Authorization": "Bearer \(LiveServer.readToken)"]).status, 200)
    }

    func testTheHTMLReportIsSentWithItsPolicy() throws {
        let opened = try live.request("GET", target(id, try signer.grant(for: id), format: "html"))
        XCTAssertEqual(opened.status, 200, opened.text)
        XCTAssertEqual(opened.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(opened.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(opened.header("Referrer-Policy"), "no-referrer", "a signed URL never leaks through Referer")
        let policy = try XCTUnwrap(opened.header("Content-Security-Policy"))
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; style-src 'sha256-"), policy)
        XCTAssertTrue(policy.hasSuffix("; frame-ancestors 'none'"), policy)
        let meta = try XCTUnwrap(opened.text.range(of: "http-equiv=\"Content-Security-Policy\" content=\""))
        let metaPolicy = opened.text[meta.upperBound...].prefix { $0 != "\"" }.replacingOccurrences(of: "&apos;", with: "'")
        XCTAssertEqual(policy, metaPolicy + "; frame-ancestors 'none'", "the header is the page's own policy, with no framing")
        let negotiated = try live.request("GET", "/v1/analyses/\(id)/report",
                                          headers: ["Authorization": "Bearer \(LiveServer.readToken)", "Accept": "text/html,application/xhtml+xml,*/*;q=0.8"])
        XCTAssertEqual(negotiated.header("Content-Type"), "text/html; charset=utf-8", "a browser's Accept gets the page")
        XCTAssertEqual(negotiated.header("Content-Security-Policy"), policy)
    }

    func testABrowserIsShownItsRefusalAsAPage() throws {
        let expired = try signer.grant(for: id, now: Date(timeIntervalSinceNow: -31 * 86_400))
        let refused = try live.request("GET", target(id, expired, format: "html"), headers: ["Accept": "text/html,application/xhtml+xml,*/*;q=0.8"])
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(refused.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertNotNil(refused.header("Content-Security-Policy"))
        XCTAssertTrue(refused.text.contains("<code>report-link.expired</code>"), refused.text)
        XCTAssertEqual(try live.request("GET", target(id, expired, format: "html")).header("Content-Type"), "application/problem+json",
                       "other clients get the problem document")
    }

    func testTheMarkdownCommentLinksToTheSignedPage() throws {
        let comment = try live.request("GET", "/v1/analyses/\(id)/report?format=markdown", headers: ["Authorization": "Bearer \(LiveServer.readToken)"])
        XCTAssertEqual(comment.status, 200)
        let start = try XCTUnwrap(comment.text.range(of: "[full report](http://127.0.0.1"), comment.text)
        let link = String(comment.text[start.upperBound...].prefix { $0 != ")" })
        XCTAssertTrue(link.hasPrefix("/v1/analyses/\(id)/report?format=html&expires="), link)
        let opened = try live.request("GET", link)
        XCTAssertEqual(opened.status, 200, "the comment's link opens without a token")
        XCTAssertEqual(opened.header("Content-Type"), "text/html; charset=utf-8")
    }

    func testALinkOpensNothingButTheReport() throws {
        let query = try signer.grant(for: id).query
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)?\(query)").status, 401)
        XCTAssertEqual(try live.request("DELETE", "/v1/analyses/\(id)/report?\(query)").status, 405)
        XCTAssertEqual(try live.request("GET", "/v1/analyses?\(query)").status, 401)
        XCTAssertEqual(try live.request("DELETE", "/v1/analyses/\(id)?\(query)").status, 401)
    }
}
