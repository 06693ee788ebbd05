import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// A nibscan server on 127.0.0.1 with a fast webhook schedule (tens of milliseconds, a
/// few attempts, one-second timeouts) and a chosen allow-list. API calls go through the
/// server's own responder in memory; webhooks go over real loopback sockets.
final class WebhookTestServer {
    static let adminToken = "admin-token-0123456789abcdef"
    static let submitToken = "submit-token-0123456789abcdef"
    static let readToken = "read-token-0123456789abcdef"

    let server: NibscanServer
    let dataDirectory: URL
    /// The port the HTTP listener is bound to on 127.0.0.1.
    let port: Int
    private let responder: APIResponder

    /// The test configuration; `allowed` is the webhook allow-list (nothing by default).
    static func configuration(dataDirectory: URL, allowed: String = "") throws -> NibscanServer.Configuration {
        var configuration = NibscanServer.Configuration(dataDirectory: dataDirectory.path)
        configuration.http.port = 0
        configuration.workers = 1
        configuration.shutdownGraceSeconds = 1
        configuration.tokens = "admin \(adminToken);submit \(submitToken);read \(readToken)"
        configuration.publicURL = "https://nibscan.example.test"
        configuration.webhooks = NibscanServer.WebhookConfiguration(
            allowList: try WebhookAllowList(parsing: allowed), connectTimeout: 1, timeout: 1,
            schedule: WebhookRetrySchedule(maxAttempts: 3, initialDelay: 0.05, multiplier: 2, maxDelay: 0.2, retryAfterCap: 2),
            health: WebhookSubscriptionHealth.Policy(maxConsecutiveFailedMessages: 3, maxFailingDuration: 3600),
            secretOverlap: 3600, senders: 2, pollInterval: 0.05)
        configuration.analysisIsolation.executable = Fixtures.nibscanExecutable
        return configuration
    }

    init(dataDirectory: URL? = nil, allowed: String = "127.0.0.1", engine: TestEngine = .sqlite,
         configure: (inout NibscanServer.Configuration) -> Void = { _ in }) throws {
        self.dataDirectory = try dataDirectory ?? Fixtures.makeTemporaryDirectory(prefix: "nibscan-webhooks")
        var configuration = try Self.configuration(dataDirectory: self.dataDirectory, allowed: allowed)
        configuration.database = try engine.databaseURL().flatMap(Database.Location.init(url:))
        configure(&configuration)
        server = try NibscanServer(configuration: configuration, log: ServerLog { _ in })
        port = try server.start()
        responder = APIResponder(context: server.context, webhooks: server.webhooks)
    }

    /// Drains the server; the data directory stays (for restarts) until ``removeData()``.
    func stop() {
        server.drain()
    }

    func removeData() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// A step of a test's setup that went wrong (fails the test, never skips it).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Response {
        var status: Int
        var headers: HTTPHeaders
        var body: Data

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var problemType: String? { json["type"] as? String }
    }

    /// One API call through the server's responder, as the connection layer makes it.
    func call(_ method: String, _ target: String, token: String? = adminToken, json: Any? = nil,
              body: Data? = nil, contentType: String? = "application/json") throws -> Response {
        var fields: [(String, String)] = []
        if let token { fields.append(("Authorization", "Bearer \(token)")) }
        let payload = try body ?? json.map { try JSONSerialization.data(withJSONObject: $0) }
        if payload != nil, let contentType { fields.append(("Content-Type", contentType)) }
        let head = HTTPRequestHead(method: method, target: target, headers: HTTPHeaders(fields),
                                   framing: payload.map { .contentLength(Int64($0.count)) } ?? .none)
        let response: HTTPResponse
        switch responder.begin(HTTPRequestContext(head: head, requestID: "test", isDraining: false)) {
        case .respond(let answer):
            response = answer
        case .receiveBody(let receiver):
            response = receiver.receive(Array(payload ?? Data())) ?? receiver.finish()
        }
        return Response(status: response.status, headers: response.headers, body: response.body)
    }

    /// Subscribes `url`; returns (id, secret).
    @discardableResult
    func subscribe(_ url: String, events: [String] = ["analysis.succeeded", "analysis.failed"],
                   repository: String? = nil) throws -> (id: String, secret: String) {
        var body: [String: Any] = ["url": url, "events": events]
        if let repository { body["repository"] = repository }
        let response = try call("POST", "/v1/webhooks", json: body)
        guard response.status == 201, let id = response.json["id"] as? String, let secret = response.json["secret"] as? String else {
            throw Failure(description: "subscription failed: \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
        return (id, secret)
    }

    /// Stores a running analysis and finishes it through the store, as a worker does: the
    /// completion hooks run in the finishing transaction.
    @discardableResult
    func finishAnalysis(_ outcome: AnalysisStore.Outcome, metadata: AnalysisRecord.Metadata = .init()) throws -> AnalysisRecord {
        let id = UUID().uuidString.lowercased()
        try server.store.withDatabase { database in
            try database.query("""
                INSERT INTO analyses (id, status, created_at, started_at, repository, branch, commit_sha, pull_request, baseline,
                upload_bytes, upload_sha256, attempts) VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?, 10, 'ab', 1)
                """, [.text(id), .real(Date().timeIntervalSince1970), .real(Date().timeIntervalSince1970),
                      metadata.repository.map(DatabaseValue.text) ?? .null, metadata.branch.map(DatabaseValue.text) ?? .null,
                      metadata.commit.map(DatabaseValue.text) ?? .null, metadata.pullRequest.map { .integer(Int64($0)) } ?? .null,
                      metadata.baseline.map(DatabaseValue.text) ?? .null])
        }
        guard let record = try server.store.finish(id: id, attempt: 1, outcome: outcome) else {
            throw Failure(description: "the seeded analysis could not be finished")
        }
        return record
    }

    /// The value of the sample `name` (with its labels) in `/metrics`, if it is there.
    func metric(_ name: String) throws -> Int? {
        let text = String(decoding: try call("GET", "/metrics", token: nil).body, as: UTF8.self)
        let series = Metrics.labelled(name + " 0", node: server.configuration.nodeID).dropLast(2)
        let line = text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
        return line.flatMap { Int($0.dropFirst(series.count + 1)) }
    }

    /// The delivery log of a subscription, newest first.
    func deliveries(_ webhookID: String) throws -> [[String: Any]] {
        try call("GET", "/v1/webhooks/\(webhookID)/deliveries?limit=100").json["items"] as? [[String: Any]] ?? []
    }

    /// Waits (bounded) until `condition` holds for the delivery log.
    @discardableResult
    func waitForDeliveries(_ webhookID: String, timeout: TimeInterval = 10, until condition: ([[String: Any]]) -> Bool) throws -> [[String: Any]] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var log = try deliveries(webhookID)
        while !condition(log) && Date() < deadline {
            usleep(20_000)
            log = try deliveries(webhookID)
        }
        return log
    }

    /// A succeeded outcome with one error and one warning finding; `baseline` marks them.
    static func succeeded(newErrors: Int = 1, unchangedWarnings: Int = 1, marked: Bool = false) throws -> AnalysisStore.Outcome {
        var findings: [Finding] = []
        for index in 0 ..< newErrors {
            findings.append(finding("e\(index)", .error, marked ? .new : nil))
        }
        for index in 0 ..< unchangedWarnings {
            findings.append(finding("w\(index)", .warning, marked ? .unchanged : nil))
        }
        let summary = Report.Summary(errors: newErrors, warnings: unchangedWarnings, classes: 2, nibs: 1)
        let report = Report(project: .init(name: "App", files: 3, bytes: 100), files: [], findings: findings, summary: summary)
        return .succeeded(report: try report.jsonData(pretty: false), summary: summary, projectName: "App")
    }

    private static func finding(_ fingerprint: String, _ severity: Severity, _ baseline: Finding.BaselineState?) -> Finding {
        Finding(rule: "outlet-missing", severity: severity, message: "m", locations: [], fix: "f", fingerprint: fingerprint, baseline: baseline)
    }
}
