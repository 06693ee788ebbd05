import Analysis
@testable import Server
import XCTest

/// Bearer tokens and roles, health, metrics, the OpenAPI document and draining.
final class LiveAuthAndOperationsTests: XCTestCase {
    var live: LiveServer!

    override func setUpWithError() throws {
        live = try LiveServer(withTokens: true)
    }

    override func tearDown() {
        live.stop()
    }

    func bearer(_ token: String) -> [String: String] { ["Authorization": "Bearer \(token)"] }

    func testMissingOrUnknownTokenIs401WithChallenge() throws {
        let missing = try live.request("GET", "/v1/analyses")
        XCTAssertEqual(missing.status, 401)
        XCTAssertTrue(missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
        XCTAssertEqual(try missing.json()["type"] as? String, Problem.typeBase + "auth.unauthorized")
        let unknown = try live.request("GET", "/v1/analyses", headers: bearer("not-a-real-token-0123456789"))
        XCTAssertEqual(unknown.status, 401)
        XCTAssertTrue(unknown.header("WWW-Authenticate")?.contains("invalid_token") == true)
    }

    func testRolesAreEnforced() throws {
        XCTAssertEqual(try live.request("GET", "/v1/analyses", headers: bearer(LiveServer.readToken)).status, 200)
        XCTAssertEqual(try live.request("GET", "/v1/rules", headers: bearer(LiveServer.readToken)).status, 200)
        let readCannotSubmit = try live.upload(LiveServer.sampleZip(), headers: bearer(LiveServer.readToken))
        XCTAssertEqual(readCannotSubmit.status, 403)
        XCTAssertEqual(try readCannotSubmit.json()["type"] as? String, Problem.typeBase + "auth.forbidden")
        let accepted = try live.upload(LiveServer.sampleZip(), headers: bearer(LiveServer.submitToken))
        XCTAssertEqual(accepted.status, 202)
        let id = try XCTUnwrap(try accepted.json()["id"] as? String)
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)", headers: bearer(LiveServer.submitToken)).status, 403)
        XCTAssertEqual(try live.request("DELETE", "/v1/analyses/\(id)", headers: bearer(LiveServer.readToken)).status, 403)
        XCTAssertEqual(try live.request("DELETE", "/v1/analyses/\(id)", headers: bearer(LiveServer.adminToken)).status, 204)
    }

    func testUnauthorisedUploadIsRefusedBeforeItsBody() throws {
        let client = try RawHTTPClient(port: live.port)
        try client.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nContent-Type: application/zip\r\nExpect: 100-continue\r\nContent-Length: 5000000\r\n\r\n")
        XCTAssertEqual(try client.readResponse().status, 401, "no 100 Continue for a missing token")
        let forbidden = try RawHTTPClient(port: live.port)
        try forbidden.send("POST /v1/analyses HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer \(LiveServer.readToken)\r\nContent-Type: application/zip\r\nExpect: 100-continue\r\nContent-Length: 5000000\r\n\r\n")
        XCTAssertEqual(try forbidden.readResponse().status, 403)
    }

    func testRulesListTheCatalogue() throws {
        let response = try live.request("GET", "/v1/rules", headers: bearer(LiveServer.readToken))
        XCTAssertEqual(response.status, 200)
        let rules = try XCTUnwrap(try response.json()["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, RulesAPI.catalog.map(\.id))
    }

    func testOperationsEndpointsNeedNoToken() throws {
        XCTAssertEqual(try live.request("GET", "/livez").status, 200)
        XCTAssertEqual(try live.request("GET", "/readyz").status, 200)
        let openAPI = try live.request("GET", "/openapi.yaml")
        XCTAssertEqual(openAPI.status, 200)
        XCTAssertEqual(openAPI.header("Content-Type"), "application/yaml")
        XCTAssertTrue(openAPI.text.hasPrefix("openapi: 3.1"))
    }

    func testMissingOpenAPIDocumentIs404() throws {
        let bare = try LiveServer { $0.openAPIPath = "/nonexistent/openapi.yaml" }
        defer { bare.stop() }
        let response = try bare.request("GET", "/openapi.yaml")
        XCTAssertEqual(response.status, 404)
        XCTAssertTrue((try response.json()["detail"] as? String)?.contains("--openapi") == true)
    }

    func testMetricsCountRequestsLatencyBytesAndQueue() throws {
        _ = try live.upload(LiveServer.sampleZip(), headers: bearer(LiveServer.submitToken))
        _ = try live.request("GET", "/v1/analyses/missing", headers: bearer(LiveServer.readToken))
        // A request is counted just after its response is sent: poll briefly.
        let node = live.server.configuration.nodeID
        let expected = ["nibscan_http_requests_total{method=\"POST\",route=\"/v1/analyses\",status=\"202\"} 1",
                        "nibscan_http_requests_total{method=\"GET\",route=\"/v1/analyses/{id}\",status=\"404\"} 1"].map { Metrics.labelled($0, node: node) }
        var text = ""
        let deadline = Date(timeIntervalSinceNow: 5)
        repeat {
            text = try live.request("GET", "/metrics").text
        } while !expected.allSatisfy(text.contains) && Date() < deadline
        for line in expected { XCTAssertTrue(text.contains(line), text) }
        XCTAssertTrue(text.contains(Metrics.labelled("nibscan_http_request_duration_seconds_bucket{route=\"/v1/analyses\",le=\"+Inf\"} 1", node: node)), text)
        XCTAssertTrue(text.contains("# TYPE nibscan_http_request_duration_seconds histogram"))
        XCTAssertTrue(text.contains("nibscan_queue_depth{node="))
        XCTAssertTrue(text.contains("nibscan_analyses_finished_total{outcome=\"succeeded\",node="))
        let received = text.split(separator: "\n").first { $0.hasPrefix("nibscan_http_received_bytes_total{") }
        XCTAssertGreaterThan(Int(received?.split(separator: " ").last ?? "") ?? 0, LiveServer.sampleZip().count)
    }

    func testDrainingTurnsReadinessAndUploadsAway() throws {
        live.server.context.beginDraining()
        let ready = try live.request("GET", "/readyz")
        XCTAssertEqual(ready.status, 503)
        XCTAssertEqual(try ready.json()["status"] as? String, "draining")
        let upload = try live.upload(LiveServer.sampleZip(), headers: bearer(LiveServer.submitToken))
        XCTAssertEqual(upload.status, 503)
        XCTAssertEqual(upload.header("Retry-After"), "5")
        XCTAssertEqual(try live.request("GET", "/v1/analyses", headers: bearer(LiveServer.readToken)).status, 200, "reads still work")
    }

    func testDrainingReleasesWaitingUploadsWith202() throws {
        // A replayed key whose first analysis is still running: the upload waits on it.
        let zip = LiveServer.sampleZip()
        let fingerprint = AnalysesAPI.fingerprint(requestDigest: SHA256Digest.hex(of: zip), metadata: .init())
        let id = try live.seed(status: .running, idempotencyKey: "held", fingerprint: fingerprint)
        let answer = Locked<RawHTTPClient.Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        let live = self.live!
        Thread {
            let response = try? live.upload(zip, query: "?wait=60", headers: ["Authorization": "Bearer \(LiveServer.submitToken)", "Idempotency-Key": "held"])
            answer.withLock { $0 = response }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 0.5), .timedOut, "the upload waits while the analysis runs")
        live.server.context.beginDraining()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "draining releases the waiting request")
        let response = try XCTUnwrap(answer.current)
        XCTAssertEqual(response.status, 202)
        XCTAssertEqual(try response.json()["id"] as? String, id)
        XCTAssertEqual(response.header("Idempotent-Replayed"), "true")
    }

    func testDrainingKeepsAnsweringReadinessWith503BeforeTheListenerCloses() throws {
        let delayed = try LiveServer(withTokens: true) { $0.drainDelaySeconds = 1.5 }
        let port = delayed.port
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            delayed.server.drain()
            drained.signal()
        }
        var ready = try RawHTTPClient.request(port: port, "GET", "/readyz", timeout: 5)
        let deadline = Date(timeIntervalSinceNow: 1)
        while ready.status == 200 && Date() < deadline {
            usleep(10_000)
            ready = try RawHTTPClient.request(port: port, "GET", "/readyz", timeout: 5)
        }
        XCTAssertEqual(ready.status, 503, "a new connection still reaches the server and learns it is draining")
        let upload = try RawHTTPClient.request(port: port, "POST", "/v1/analyses",
                                               headers: ["Content-Type": "application/zip"].merging(bearer(LiveServer.submitToken)) { $1 },
                                               body: LiveServer.sampleZip(), timeout: 5)
        XCTAssertEqual(upload.status, 503)
        XCTAssertEqual(try upload.json()["type"] as? String, "https://nibscan.dev/problems/server.draining")
        XCTAssertEqual(drained.wait(timeout: .now() + 10), .success)
        XCTAssertThrowsError(try RawHTTPClient(port: port).request("GET", "/livez", timeout: 2), "then the listener is closed")
        try? FileManager.default.removeItem(at: delayed.dataDirectory)
    }

    func testDrainHandsUnfinishedWorkBackAndStopsListening() throws {
        let port = live.port
        live.server.drain()
        XCTAssertThrowsError(try RawHTTPClient(port: port).request("GET", "/livez", timeout: 2), "the listener is closed")
        XCTAssertNotNil(live.logLines.first { $0["event"] as? String == "stopped" })
    }

    func testDrainWithoutGraceLeavesNothingRunning() throws {
        let busy = try LiveServer { $0.workers = 2 }
        defer { busy.stop() }
        for _ in 0 ..< 6 { XCTAssertEqual(try busy.upload(LiveServer.sampleZip()).status, 202) }
        let handedBack = Set(busy.server.workers.drain(grace: 0))
        let records = try busy.server.store.list(.init(limit: 100))
        XCTAssertEqual(records.count, 6)
        XCTAssertFalse(records.contains { $0.status == .running }, "each analysis finished or went back to the queue")
        for record in records where handedBack.contains(record.id) {
            XCTAssertEqual(record.status, .queued, "only analyses still running are reported as handed back")
        }
        for record in records where record.status == .queued && record.attempts > 0 {
            XCTAssertTrue(handedBack.contains(record.id), "an analysis that was started and put back is reported")
        }
    }
}
