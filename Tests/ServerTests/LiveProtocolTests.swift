@testable import Server
import XCTest

/// HTTP/1.1 behaviour over real sockets: framing errors close the connection, timeouts,
/// persistence, the connection cap, 100-continue.
final class LiveProtocolTests: XCTestCase {
    var live: LiveServer!

    override func setUpWithError() throws {
        live = try LiveServer { $0.maxBodyBytes = 64 * 1024 }
    }

    override func tearDown() {
        live.stop()
    }

    /// Sends `raw`, expects `status` and a closed connection.
    func assertRefusedAndClosed(_ raw: String, status: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let client = try RawHTTPClient(port: live.port)
        try client.send(raw)
        let response = try client.readResponse()
        XCTAssertEqual(response.status, status, raw.debugDescription, file: file, line: line)
        XCTAssertEqual(response.header("Connection"), "close", file: file, line: line)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json", file: file, line: line)
        XCTAssertTrue(client.closesConnection(within: 3), "connection stays open after \(status)", file: file, line: line)
    }

    func testFramingViolationsAre400AndClose() throws {
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400)
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", status: 400)
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Length: abc\r\n\r\n", status: 400)
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", status: 400)
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", status: 501)
        try assertRefusedAndClosed("GET /livez HTTP/1.1\r\nHost: h\r\nX: a\r\n b\r\n\r\n", status: 400)
        try assertRefusedAndClosed("GET /livez HTTP/1.1\r\nHost : h\r\n\r\n", status: 400)
        try assertRefusedAndClosed("GET /livez HTTP/1.1\r\n\r\n", status: 400)
        try assertRefusedAndClosed("GET /livez HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400)
        try assertRefusedAndClosed("GET /livez HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n", status: 400)
        try assertRefusedAndClosed("GET /livez HTTP/3.0\r\nHost: h\r\n\r\n", status: 505)
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.0\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400)
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Length: 1, 1\r\n\r\nx", status: 400)
        try assertRefusedAndClosed("GET /livez HTTP/1.1\r\nHost: h\r\nExpect: something-else\r\n\r\n", status: 417)
        try assertRefusedAndClosed("GET /\(String(repeating: "x", count: 9_000)) HTTP/1.1\r\nHost: h\r\n\r\n", status: 414)
        try assertRefusedAndClosed("GET /livez HTTP/1.1\r\nHost: h\r\nX: \(String(repeating: "y", count: 40_000))\r\n\r\n", status: 431)
        try assertRefusedAndClosed("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nContent-Length: 100000\r\n\r\n", status: 413)
        let chunkedTooLarge = "POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "10000\r\n" + String(repeating: "z", count: 65_536) + "\r\n10\r\n"
        try assertRefusedAndClosed(chunkedTooLarge, status: 413)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: XCTUnwrap(live.server.uploads as? FileUploadStore).temporaryDirectory.path), [], "refused uploads leave nothing")
    }

    func testChunkedUploadWithExtensionsAndTrailers() throws {
        let zip = LiveServer.sampleZip()
        let client = try RawHTTPClient(port: live.port)
        var body = Data("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let half = zip.count / 2
        body += Data("\(String(half, radix: 16));part=1\r\n".utf8) + zip.prefix(half) + Data("\r\n".utf8)
        body += Data("\(String(zip.count - half, radix: 16))\r\n".utf8) + zip.dropFirst(half) + Data("\r\n0\r\nX-Checksum: none\r\n\r\n".utf8)
        try client.send(body)
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 202, response.text)
        let id = try XCTUnwrap(try response.json()["id"] as? String)
        XCTAssertEqual(try live.server.store.record(id: id)?.uploadBytes, Int64(zip.count))
        // The connection is still usable.
        XCTAssertEqual(try client.request("GET", "/livez").status, 200)
    }

    func testExpectContinueIsDecidedBeforeTheBody() throws {
        let client = try RawHTTPClient(port: live.port)
        let zip = LiveServer.sampleZip()
        try client.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nExpect: 100-continue\r\nContent-Length: \(zip.count)\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 100)
        try client.send(zip)
        XCTAssertEqual(try client.readResponse().status, 202)

        let tooLarge = try RawHTTPClient(port: live.port)
        try tooLarge.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nExpect: 100-continue\r\nContent-Length: 999999999\r\n\r\n")
        XCTAssertEqual(try tooLarge.readResponse().status, 413, "refused without a 100")

        let wrongType = try RawHTTPClient(port: live.port)
        try wrongType.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: text/plain\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n")
        XCTAssertEqual(try wrongType.readResponse().status, 415)
    }

    func testPersistentConnectionsPipeliningAndClose() throws {
        let client = try RawHTTPClient(port: live.port)
        for _ in 0 ..< 3 {
            let response = try client.request("GET", "/livez")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.header("Connection"), "keep-alive")
        }
        try client.send("GET /livez HTTP/1.1\r\nHost: h\r\n\r\nGET /readyz HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(try client.readResponse().text, "{\"status\":\"ok\"}")
        XCTAssertEqual(try client.readResponse().text, "{\"status\":\"ready\"}")
        try client.send("GET /livez HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(try client.readResponse().header("Connection"), "close")
        XCTAssertTrue(client.closesConnection(within: 3))

        let old = try RawHTTPClient(port: live.port)
        try old.send("GET /livez HTTP/1.0\r\n\r\n")
        let response = try old.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Connection"), "close")
        XCTAssertTrue(old.closesConnection(within: 3))
    }

    func testResponsesCarryLengthDateAndRequestID() throws {
        let response = try live.request("GET", "/livez", headers: ["X-Request-Id": "ci-run-42"])
        XCTAssertEqual(response.header("X-Request-Id"), "ci-run-42")
        XCTAssertEqual(response.header("Content-Length"), String(response.body.count))
        XCTAssertTrue(response.header("Date")?.hasSuffix(" GMT") == true)
        let generated = try live.request("GET", "/livez", headers: ["X-Request-Id": "bad id with spaces"])
        XCTAssertNotEqual(generated.header("X-Request-Id"), "bad id with spaces")
        XCTAssertEqual(generated.header("X-Request-Id")?.count, 36)
        // The line is written just after the response is sent: wait for it (bounded).
        let logged = live.logLines.first(within: 5) { $0["event"] as? String == "request" && $0["requestId"] as? String == "ci-run-42" }
        XCTAssertEqual(logged?["route"] as? String, "/livez")
        XCTAssertEqual(logged?["status"] as? Int, 200)
        XCTAssertNotNil(logged?["durationMs"])
    }

    func testHeadAnd405() throws {
        let client = try RawHTTPClient(port: live.port)
        try client.send("HEAD /livez HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try client.readResponse(toHead: true)
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.header("Content-Length"), "15")
        XCTAssertEqual(try client.request("GET", "/livez").text, "{\"status\":\"ok\"}", "no body was sent for HEAD")
        let notAllowed = try live.request("PUT", "/v1/analyses")
        XCTAssertEqual(notAllowed.status, 405)
        XCTAssertEqual(notAllowed.header("Allow"), "GET, HEAD, POST")
    }

    func testSlowClientIsCutOffWhileOthersAreServed() throws {
        let slow = try RawHTTPClient(port: live.port)
        try slow.send("GET /livez HTTP/1.1\r\nHost: h\r\n")  // the head never completes
        // Others are served while the slow connection holds its thread.
        for _ in 0 ..< 5 { XCTAssertEqual(try live.request("GET", "/livez").status, 200) }
        let response = try slow.readResponse(timeout: 10)
        XCTAssertEqual(response.status, 408)
        XCTAssertTrue(slow.closesConnection(within: 3))

        let dripping = try RawHTTPClient(port: live.port)
        // 60 ms a byte: the head would take 1.7 s, over the 1 s header timeout.
        for byte in "GET /livez HTTP/1.1\r\nHost: h\r\n" {
            guard (try? dripping.send(String(byte))) != nil else { break }
            usleep(60_000)
        }
        XCTAssertEqual(try dripping.readResponse(timeout: 10).status, 408, "a drip-fed head is bounded as a whole")
    }

    func testStalledBodyIs408AndIdleConnectionCloses() throws {
        let stalled = try RawHTTPClient(port: live.port)
        try stalled.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nContent-Length: 1000\r\n\r\nPK")
        XCTAssertEqual(try stalled.readResponse(timeout: 5).status, 408)
        XCTAssertTrue(stalled.closesConnection(within: 3))

        let idle = try RawHTTPClient(port: live.port)
        XCTAssertEqual(try idle.request("GET", "/livez").status, 200)
        XCTAssertTrue(idle.closesConnection(within: 5), "an idle keep-alive connection is closed quietly")
    }

    func testTricklingBodyIsCutAtTheRateFloorWhileOthersAreServed() throws {
        // A byte every 0.25 s never stalls for the 1 s body timeout, but averages 4 bytes/s.
        let floored = try LiveServer { $0.http.bodyRateFloor = BodyRateFloor(bytesPerSecond: 200, grace: 0.5, window: 1) }
        defer { floored.stop() }
        let trickling = try RawHTTPClient(port: floored.port)
        try trickling.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nContent-Length: 100000\r\n\r\n")
        let started = Date()
        var answer: RawHTTPClient.Response?
        for _ in 0 ..< 40 where answer == nil {
            guard (try? trickling.send("P")) != nil else { break }
            XCTAssertEqual(try floored.request("GET", "/livez", timeout: 5).status, 200, "others are served meanwhile")
            answer = try? trickling.readResponse(timeout: 0.25)
        }
        let response = try answer ?? trickling.readResponse(timeout: 5)
        XCTAssertEqual(response.status, 408)
        XCTAssertEqual(try response.json()["type"] as? String, "https://nibscan.dev/problems/http.body-too-slow")
        XCTAssertLessThan(Date().timeIntervalSince(started), 8, "cut after the grace and one window, not when the body ends")
        XCTAssertTrue(trickling.closesConnection(within: 3))
        XCTAssertEqual(try floored.upload(LiveServer.sampleZip()).status, 202, "a prompt upload is unaffected")
    }

    func testConnectionCapAnswers503() throws {
        // Long timeouts, so that the held connections stay held however slow the machine is.
        let capped = try LiveServer { configuration in
            configuration.http.maxConnections = 3
            configuration.http.headerTimeout = 60
        }
        defer { capped.stop() }
        let held = try (0 ..< 3).map { _ in try RawHTTPClient(port: capped.port) }
        for client in held { try client.send("GET /livez HTTP/1.1\r\nHost: h\r\n") }
        let deadline = Date(timeIntervalSinceNow: 10)
        while capped.server.http.activeConnections < 3 && Date() < deadline { usleep(10_000) }
        let refused = try RawHTTPClient(port: capped.port)
        let response = try refused.readResponse(timeout: 5)
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(response.header("Retry-After"), "1")
        XCTAssertTrue(refused.closesConnection(within: 3))
        withExtendedLifetime(held) {}
    }
}
