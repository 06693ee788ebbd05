@testable import Server
import XCTest

/// The parser as a value: bytes in, events out, no socket.
final class HTTPRequestParserTests: XCTestCase {
    /// Every event the parser yields for `text`, and the error that stopped it.
    static func parse(_ text: String, limits: HTTPRequestParser.Limits = .init(), chunkSize: Int = .max) -> (events: [HTTPRequestParser.Event], error: HTTPParseError?) {
        var parser = HTTPRequestParser(limits: limits)
        var events: [HTTPRequestParser.Event] = []
        let bytes = Array(text.utf8)
        var offset = 0
        repeat {
            let end = min(bytes.count, offset + chunkSize)
            parser.append(bytes[offset ..< end])
            offset = end
            do {
                while let event = try parser.nextEvent() { events.append(event) }
            } catch {
                return (events, error)
            }
        } while offset < bytes.count
        return (events, nil)
    }

    /// The body bytes of the events, joined.
    static func body(_ events: [HTTPRequestParser.Event]) -> String {
        String(decoding: events.flatMap { event -> [UInt8] in
            if case .body(let bytes) = event { return bytes }
            return []
        }, as: UTF8.self)
    }

    static func heads(_ events: [HTTPRequestParser.Event]) -> [HTTPRequestHead] {
        events.compactMap { if case .head(let head) = $0 { return head } else { return nil } }
    }

    func assertRefused(_ text: String, status: Int, code: String, limits: HTTPRequestParser.Limits = .init(), file: StaticString = #filePath, line: UInt = #line) {
        let result = Self.parse(text, limits: limits)
        XCTAssertEqual(result.error?.status, status, "for \(text.debugDescription)", file: file, line: line)
        XCTAssertEqual(result.error?.code, code, file: file, line: line)
    }

    func testSimpleGetYieldsHeadThenEnd() throws {
        let result = Self.parse("GET /v1/analyses?limit=2 HTTP/1.1\r\nHost: localhost:8080\r\nAccept: */*\r\n\r\n")
        XCTAssertNil(result.error)
        XCTAssertEqual(result.events.count, 2)
        let head = try XCTUnwrap(Self.heads(result.events).first)
        XCTAssertEqual(head.method, "GET")
        XCTAssertEqual(head.path, "/v1/analyses")
        XCTAssertEqual(head.query, "limit=2")
        XCTAssertEqual(head.headers["accept"], "*/*")
        XCTAssertEqual(head.framing, .none)
        XCTAssertTrue(head.keepAlive)
        XCTAssertEqual(result.events.last, .end)
    }

    func testByteAtATimeGivesTheSameEvents() {
        let text = "POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=\"q\"\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n"
        let whole = Self.parse(text)
        let dripped = Self.parse(text, chunkSize: 1)
        XCTAssertNil(dripped.error)
        XCTAssertEqual(Self.heads(whole.events), Self.heads(dripped.events))
        XCTAssertEqual(Self.body(dripped.events), "hello")
        XCTAssertEqual(dripped.events.last, .end)
    }

    func testPipelinedRequestsOnOnePersistentConnection() {
        let text = "GET /a HTTP/1.1\r\nHost: h\r\n\r\nPOST /b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcGET /c HTTP/1.1\r\nHost: h\r\n\r\n"
        let result = Self.parse(text)
        XCTAssertNil(result.error)
        XCTAssertEqual(Self.heads(result.events).map(\.path), ["/a", "/b", "/c"])
        XCTAssertEqual(result.events.filter { $0 == .end }.count, 3)
        XCTAssertEqual(Self.body(result.events), "abc")
    }

    func testParserStopsAfterHeadUntilPulledAgain() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("PUT /u HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nbody".utf8))
        guard case .head = try parser.nextEvent() else { return XCTFail("expected the head first") }
        parser.limitBody(to: 2)
        XCTAssertThrowsError(try parser.nextEvent()) { XCTAssertEqual(($0 as? HTTPParseError)?.status, 413) }
    }

    func testContentLengthBodyArrivesInPieces() {
        let result = Self.parse("POST /u HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello world", chunkSize: 4)
        XCTAssertNil(result.error)
        XCTAssertEqual(Self.body(result.events), "hello world")
        XCTAssertEqual(Self.heads(result.events).first?.framing, .contentLength(11))
    }

    func testChunkedBodyWithExtensionsAndTrailers() {
        let text = "POST /u HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip-not, chunked\r\n\r\n"
        XCTAssertEqual(Self.parse(text).error?.status, 501, "an unknown coding before chunked is not implemented")
        let valid = "POST /u HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n"
            + "4 ; name=value ; flag\r\nWiki\r\n5;q=\"a \\\"quoted\\\" value\"\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\nX-Sum: 1\r\n\r\n"
        let result = Self.parse(valid)
        XCTAssertNil(result.error)
        XCTAssertEqual(Self.body(result.events), "Wikipedia in\r\n\r\nchunks.")
        XCTAssertEqual(Self.heads(result.events).first?.framing, .chunked)
    }

    func testMalformedChunksAreRefused() {
        let prefix = "POST /u HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        assertRefused(prefix + "zz\r\n", status: 400, code: "http.invalid-chunk-size")
        assertRefused(prefix + "\r\n", status: 400, code: "http.invalid-chunk-size")
        assertRefused(prefix + "-1\r\n", status: 400, code: "http.invalid-chunk-size")
        assertRefused(prefix + "10000000000000000\r\n", status: 400, code: "http.invalid-chunk-size")
        assertRefused(prefix + "3\r\nabcX\r\n", status: 400, code: "http.invalid-chunk")
        assertRefused(prefix + "3;\r\nabc\r\n", status: 400, code: "http.invalid-chunk-extension")
        assertRefused(prefix + "3;a=\"open\r\nabc\r\n", status: 400, code: "http.invalid-chunk-extension")
        assertRefused(prefix + "3 x\r\nabc\r\n", status: 400, code: "http.invalid-chunk-extension")
        assertRefused(prefix + "3\r\nabc\r\n0\r\nBad Trailer: x\r\n\r\n", status: 400, code: "http.invalid-field-name")
        assertRefused(prefix + "3" + String(repeating: ";a=b", count: 2_000) + "\r\n", status: 400, code: "http.chunk-line-too-long")
    }

    func testChunkedBodyOverTheLimitIs413() {
        var limits = HTTPRequestParser.Limits()
        limits.maxBodyBytes = 8
        let text = "POST /u HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n5\r\nfghij\r\n0\r\n\r\n"
        assertRefused(text, status: 413, code: "http.content-too-large", limits: limits)
    }

    func testContentLengthWithTransferEncodingIs400() {
        assertRefused("POST /u HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
                      status: 400, code: "http.content-length-with-transfer-encoding")
    }

    func testContentLengthRules() {
        let head = "POST /u HTTP/1.1\r\nHost: h\r\n"
        assertRefused(head + "Content-Length: 5\r\nContent-Length: 6\r\n\r\n", status: 400, code: "http.repeated-content-length")
        assertRefused(head + "Content-Length: 5\r\nContent-Length: 5\r\n\r\n", status: 400, code: "http.repeated-content-length")
        assertRefused(head + "Content-Length: 5, 5\r\n\r\n", status: 400, code: "http.repeated-content-length")
        for invalid in ["abc", "-5", "+5", "0x10", "5 5", "1e3", "", "99999999999999999999"] {
            assertRefused(head + "Content-Length: \(invalid)\r\n\r\n", status: 400, code: "http.invalid-content-length")
        }
    }

    func testTransferEncodingRules() {
        let head = "POST /u HTTP/1.1\r\nHost: h\r\n"
        assertRefused(head + "Transfer-Encoding: chunked, gzip\r\n\r\n", status: 400, code: "http.invalid-transfer-encoding")
        assertRefused(head + "Transfer-Encoding: gzip\r\n\r\n", status: 400, code: "http.invalid-transfer-encoding")
        assertRefused(head + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400, code: "http.invalid-transfer-encoding")
        assertRefused(head + "Transfer-Encoding: chunked,,\r\n\r\n", status: 400, code: "http.invalid-transfer-encoding")
        assertRefused(head + "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n", status: 501, code: "http.unsupported-transfer-coding")
        assertRefused("POST /u HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400, code: "http.transfer-encoding-in-http10")
    }

    func testFieldSyntaxRules() {
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nX-Long: a\r\n  folded\r\n\r\n", status: 400, code: "http.obsolete-line-folding")
        assertRefused("GET / HTTP/1.1\r\n Host: h\r\n\r\n", status: 400, code: "http.obsolete-line-folding")
        assertRefused("GET / HTTP/1.1\r\nHost : h\r\n\r\n", status: 400, code: "http.whitespace-before-colon")
        assertRefused("GET / HTTP/1.1\r\nHost\t: h\r\n\r\n", status: 400, code: "http.whitespace-before-colon")
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nBad(Name): v\r\n\r\n", status: 400, code: "http.invalid-field-name")
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\n: v\r\n\r\n", status: 400, code: "http.invalid-field-name")
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nNoColon\r\n\r\n", status: 400, code: "http.invalid-field")
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{0}b\r\n\r\n", status: 400, code: "http.invalid-field-value")
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n", status: 400, code: "http.bare-cr")
        assertRefused("GET / HTTP/1.1\nHost: h\n\n", status: 400, code: "http.bare-lf")
    }

    func testFieldValuesAreTrimmedAndObsTextKept() throws {
        let result = Self.parse("GET / HTTP/1.1\r\nHost:   h  \r\nX-Latin: caf\u{E9}\t\r\n\r\n")
        let head = try XCTUnwrap(Self.heads(result.events).first)
        XCTAssertEqual(head.headers["host"], "h")
        XCTAssertEqual(head.headers.values(for: "X-Latin").count, 1)
    }

    func testHostRules() {
        assertRefused("GET / HTTP/1.1\r\n\r\n", status: 400, code: "http.missing-host")
        assertRefused("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400, code: "http.repeated-host")
        assertRefused("GET / HTTP/1.1\r\nHost: a b\r\n\r\n", status: 400, code: "http.invalid-host")
        assertRefused("GET / HTTP/1.1\r\nHost: user@evil\r\n\r\n", status: 400, code: "http.invalid-host")
        XCTAssertNil(Self.parse("GET / HTTP/1.0\r\n\r\n").error, "HTTP/1.0 needs no Host")
        XCTAssertNil(Self.parse("GET / HTTP/1.1\r\nHost:\r\n\r\n").error, "an empty Host is allowed")
    }

    func testRequestLineRules() {
        assertRefused("GET /\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-request-line")
        assertRefused("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-request-line")
        assertRefused("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-method")
        assertRefused("GET / HTTP/2.0\r\nHost: h\r\n\r\n", status: 505, code: "http.version-not-supported")
        assertRefused("GET / HTTP/1.1x\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-version")
        assertRefused("GET / http/1.1\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-version")
        assertRefused("GET nopath HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-target")
        assertRefused("GET * HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-target")
        assertRefused("GET /\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", status: 400, code: "http.invalid-target")
    }

    func testAbsoluteFormTargetAndLeadingEmptyLines() throws {
        let result = Self.parse("\r\n\r\nGET http://example.test:8080/v1/rules?x=1 HTTP/1.1\r\nHost: example.test:8080\r\n\r\n")
        XCTAssertNil(result.error)
        let head = try XCTUnwrap(Self.heads(result.events).first)
        XCTAssertEqual(head.path, "/v1/rules")
        XCTAssertEqual(head.query, "x=1")
    }

    func testLimits() {
        var limits = HTTPRequestParser.Limits()
        limits.maxRequestLineBytes = 64
        limits.maxHeaderBytes = 128
        limits.maxHeaderCount = 3
        assertRefused("GET /\(String(repeating: "a", count: 100)) HTTP/1.1\r\nHost: h\r\n\r\n", status: 414, code: "http.uri-too-long", limits: limits)
        // 414 comes before the line ends: a client cannot make the server buffer forever.
        assertRefused("GET /\(String(repeating: "a", count: 100))", status: 414, code: "http.uri-too-long", limits: limits)
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "b", count: 200))\r\n\r\n", status: 431, code: "http.header-fields-too-large", limits: limits)
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(String(repeating: "b", count: 200))", status: 431, code: "http.header-fields-too-large", limits: limits)
        assertRefused("GET / HTTP/1.1\r\nHost: h\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", status: 431, code: "http.header-fields-too-large", limits: limits)
        limits.maxBodyBytes = 10
        assertRefused("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", status: 413, code: "http.content-too-large", limits: limits)
    }

    func testExpectations() throws {
        let continued = try XCTUnwrap(Self.heads(Self.parse("POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 1\r\n\r\n").events).first)
        XCTAssertTrue(continued.expectsContinue)
        assertRefused("POST / HTTP/1.1\r\nHost: h\r\nExpect: something-else\r\n\r\n", status: 417, code: "http.expectation-failed")
        let old = try XCTUnwrap(Self.heads(Self.parse("POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n").events).first)
        XCTAssertFalse(old.expectsContinue, "HTTP/1.0 clients do not wait for 100")
    }

    func testPersistenceRules() throws {
        func head(_ text: String) throws -> HTTPRequestHead { try XCTUnwrap(Self.heads(Self.parse(text).events).first) }
        XCTAssertTrue(try head("GET / HTTP/1.1\r\nHost: h\r\n\r\n").keepAlive)
        XCTAssertFalse(try head("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n").keepAlive)
        XCTAssertFalse(try head("GET / HTTP/1.0\r\n\r\n").keepAlive)
        XCTAssertTrue(try head("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").keepAlive)
        XCTAssertFalse(try head("GET / HTTP/1.1\r\nHost: h\r\nConnection: upgrade, close\r\n\r\n").keepAlive)
    }

    func testAfterAnErrorTheParserStaysFailed() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost : h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        XCTAssertThrowsError(try parser.nextEvent())
        XCTAssertThrowsError(try parser.nextEvent())
    }

    func testIdleOnlyBetweenRequestsWithNothingBuffered() throws {
        var parser = HTTPRequestParser()
        XCTAssertTrue(parser.isIdle)
        parser.append(Array("GE".utf8))
        XCTAssertFalse(parser.isIdle)
        parser.append(Array("T / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        _ = try parser.nextEvent()
        XCTAssertFalse(parser.isIdle)
        XCTAssertEqual(try parser.nextEvent(), .end)
        XCTAssertTrue(parser.isIdle)
    }
}
