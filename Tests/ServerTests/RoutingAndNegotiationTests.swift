import Analysis
@testable import Server
import TestSupport
import XCTest

final class RoutingAndNegotiationTests: XCTestCase {
    let router = Router(routes: [
        Router.Route(method: "GET", template: "/v1/analyses", role: .read) { _ in .respond(HTTPResponse(status: 200)) },
        Router.Route(method: "POST", template: "/v1/analyses", role: .submit) { _ in .respond(HTTPResponse(status: 202)) },
        Router.Route(method: "GET", template: "/v1/analyses/{id}/report", role: .read) { _ in .respond(HTTPResponse(status: 200)) },
    ])

    func testMatchesTemplatesAndDecodesParameters() {
        guard case .found(let route, let parameters) = router.match(method: "GET", path: "/v1/analyses/a%20b/report") else {
            return XCTFail("expected a match")
        }
        XCTAssertEqual(route.template, "/v1/analyses/{id}/report")
        XCTAssertEqual(parameters["id"], "a b")
        guard case .found(let head, _) = router.match(method: "HEAD", path: "/v1/analyses") else { return XCTFail("HEAD serves GET routes") }
        XCTAssertEqual(head.method, "GET")
    }

    func testTells404From405() {
        guard case .methodNotAllowed(let allowed) = router.match(method: "DELETE", path: "/v1/analyses") else { return XCTFail("expected 405") }
        XCTAssertEqual(Set(allowed), ["GET", "HEAD", "POST"])
        guard case .notFound = router.match(method: "GET", path: "/v1/analyses//report") else { return XCTFail("empty id is no match") }
        guard case .notFound = router.match(method: "GET", path: "/v1/other") else { return XCTFail("expected 404") }
    }

    func testReportFormatFromQueryOrAccept() throws {
        XCTAssertEqual(try AnalysesAPI.format(named: nil, accept: nil), .json)
        XCTAssertEqual(try AnalysesAPI.format(named: "SARIF", accept: "text/markdown"), .sarif, "?format= wins")
        XCTAssertEqual(try AnalysesAPI.format(named: nil, accept: "text/html;q=0.9, text/markdown"), .markdown)
        XCTAssertEqual(try AnalysesAPI.format(named: "junit", accept: nil), .junit)
        XCTAssertThrowsError(try AnalysesAPI.format(named: "pdf", accept: nil)) { XCTAssertEqual(($0 as? Problem)?.code, "report.unknown-format") }
        XCTAssertThrowsError(try AnalysesAPI.format(named: nil, accept: "image/png")) { XCTAssertEqual(($0 as? Problem)?.code, "report.not-acceptable") }
    }

    func testPathPrefixOfTheReport() throws {
        XCTAssertEqual(try AnalysesAPI.pathPrefix("./ios"), "ios/")
        XCTAssertNil(try AnalysesAPI.pathPrefix("."))
        XCTAssertNil(try AnalysesAPI.pathPrefix(nil))
        XCTAssertThrowsError(try AnalysesAPI.pathPrefix("../etc")) { XCTAssertEqual(($0 as? Problem)?.code, "request.invalid-parameter") }
    }

    func testRenderOptionsComeFromMetadata() {
        var record = AnalysisRecord(id: "a1", createdAt: Date(), metadata: .init(repository: "https://github.com/acme/app", branch: "main", commit: "abc"),
                                    projectName: nil, uploadPath: nil, uploadBytes: 0, uploadSHA256: "")
        var options = AnalysesAPI.renderOptions(for: record, reportURL: PublicLinks(publicURL: nil).page(of: "a1", base: "https://nibscan.example"))
        XCTAssertEqual(options.sourceLinks?.repositoryURL, "https://github.com/acme/app")
        XCTAssertEqual(options.commit, "abc")
        XCTAssertEqual(options.reportURL, "https://nibscan.example/v1/analyses/a1/report?format=html", "unsigned when signed links are off")
        record.metadata.repository = "acme/app"
        options = AnalysesAPI.renderOptions(for: record, reportURL: nil)
        XCTAssertEqual(options.sourceLinks?.url(commit: "abc", path: "A.xib", line: 2), "https://github.com/acme/app/blob/abc/A.xib#L2",
                       "owner/name is a GitHub repository")
        record.metadata.repository = "group/sub/app"
        XCTAssertNil(AnalysesAPI.renderOptions(for: record, reportURL: nil).sourceLinks, "a bare name of three parts names no host")
        let onPremises = try? SourceLinkTemplate("https://git.corp/{repository}/-/blob/{commit}/{path}#L{line}")
        options = AnalysesAPI.renderOptions(for: record, reportURL: nil, sourceLink: onPremises)
        XCTAssertEqual(options.sourceLinks?.url(commit: "abc", path: "A.xib", line: 2), "https://git.corp/group/sub/app/-/blob/abc/A.xib#L2")
        XCTAssertNil(options.reportURL, "no relative links")
        let proxied = HTTPRequestHead(method: "GET", target: "/", headers: HTTPHeaders([("Host", "ci.example:8443"), ("X-Forwarded-Proto", "https")]))
        let fromRequest = PublicLinks(publicURL: nil)
        XCTAssertEqual(fromRequest.base(for: proxied), "https://ci.example:8443")
        XCTAssertEqual(fromRequest.base(for: HTTPRequestHead(method: "GET", target: "/", headers: HTTPHeaders([("Host", "h:1")]))), "http://h:1")
        XCTAssertNil(fromRequest.base(for: HTTPRequestHead(method: "GET", target: "/", headers: HTTPHeaders())))
        XCTAssertEqual(fromRequest.base(listeningOn: "::1", port: 8080), "http://[::1]:8080")
    }

    func testEveryRouteIsInTheOpenAPIDocumentAndEveryPathIsRouted() throws {
        let live = try LiveServer()
        defer { live.stop() }
        let served = Set(APIResponder(context: live.server.context, webhooks: live.server.webhooks).router.routes.map { "\($0.method) \($0.template)" })
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        var documented = Set<String>()
        var path: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if !line.isEmpty, !line.hasPrefix("  ") {
                path = nil
            } else if let path, let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" }) {
                documented.insert("\(method.uppercased()) \(path.replacingOccurrences(of: "{deliveryId}", with: "{delivery}"))")
            }
        }
        XCTAssertTrue(documented.contains("GET /v1/repositories/{repository}"), "the scan reads the document")
        XCTAssertEqual(served.subtracting(documented).sorted(), [], "routes missing from openapi.yaml")
        XCTAssertEqual(documented.subtracting(served).sorted(), [], "paths of openapi.yaml no route serves")
    }

    func testConfiguredPublicURLWinsOverHostAndListener() {
        let links = PublicLinks(publicURL: "https://nibscan.example/ci/")
        let head = HTTPRequestHead(method: "GET", target: "/", headers: HTTPHeaders([("Host", "10.0.0.5:8080")]))
        XCTAssertEqual(links.base(for: head), "https://nibscan.example/ci")
        XCTAssertEqual(links.base(listeningOn: "0.0.0.0", port: 8080), "https://nibscan.example/ci")
        XCTAssertEqual(PublicLinks.report("a1", base: "https://n.example", format: .sarif), "https://n.example/v1/analyses/a1/report?format=sarif")
        XCTAssertEqual(PublicLinks.analysis("a1", base: "https://n.example"), "https://n.example/v1/analyses/a1")
        let signer = ReportLinkSigner(key: Array(repeating: 1, count: 32), lifetime: 60)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertEqual(PublicLinks(publicURL: nil, reportLinks: signer).page(of: "a1", base: "https://n.example", now: now),
                       "https://n.example/v1/analyses/a1/report?format=html&\(signer.grant(for: "a1", now: now).query)")
    }

    func testQueryDecoding() throws {
        let pairs = try APIRequest.decodeQuery("repository=acme%2Fapp&branch=feature+x&flag&empty=")
        XCTAssertEqual(pairs.map(\.name), ["repository", "branch", "flag", "empty"])
        XCTAssertEqual(pairs.map(\.value), ["acme/app", "feature x", "", ""])
        XCTAssertThrowsError(try APIRequest.decodeQuery("bad=%zz"))
    }

    func testListCursorRoundTripsAndRejectsForgeries() {
        XCTAssertEqual(ListCursor.decode(ListCursor.encode(12_345)), 12_345)
        XCTAssertNil(ListCursor.decode("not-a-cursor"))
        XCTAssertNil(ListCursor.decode(Data("v2:5".utf8).base64EncodedString()))
        XCTAssertNil(ListCursor.decode(ListCursor.encode(-3)))
    }

    func testFailureCodesMapToClientStatuses() {
        func status(_ code: String) -> Int? { Problem.clientError(for: .init(code: code, message: "m"), analysisID: "a")?.status }
        XCTAssertEqual(status("archive.too-many-entries"), 413)
        XCTAssertEqual(status("archive.entry-too-large"), 413)
        XCTAssertEqual(status("archive.total-size-exceeded"), 413)
        XCTAssertEqual(status("archive.not-a-zip"), 422)
        XCTAssertEqual(status("archive.unsafe-entry-name"), 422)
        XCTAssertEqual(status("archive.compression-ratio"), 422)
        XCTAssertEqual(status("input.unreadable"), 422)
        XCTAssertNil(status("analysis.interrupted"), "a crash is not the client's fault")
        XCTAssertEqual(Problem.clientError(for: .init(code: "archive.not-a-zip", message: "m"), analysisID: "a")?.type,
                       "https://nibscan.dev/problems/archive.not-a-zip")
    }

    func testDatesAreUTC() {
        let date = Date(timeIntervalSince1970: 784_111_777.25)
        XCTAssertEqual(HTTPDate.format(date), "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPDate.rfc3339(date), "1994-11-06T08:49:37.250Z")
    }
}
