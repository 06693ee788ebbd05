import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// A real server on 127.0.0.1 with a free port and a temporary data directory, with short
/// timeouts so that the timeout tests stay quick; its log lines are kept for assertions.
/// Its properties never change after `init`, so threads may share it.
final class LiveServer: @unchecked Sendable {
    static let adminToken = "admin-token-0123456789abcdef"
    static let submitToken = "submit-token-0123456789abcdef"
    static let readToken = "read-token-0123456789abcdef"

    let server: NibscanServer
    let port: Int
    let dataDirectory: URL
    let logLines = LogBuffer()

    final class LogBuffer: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) {
            lock.lock()
            data.append(more)
            lock.unlock()
        }

        /// The first line matching `predicate`, waiting up to `timeout` seconds: a request's
        /// line is written just after its response is sent.
        func first(within timeout: TimeInterval = 5, where predicate: ([String: Any]) -> Bool) -> [String: Any]? {
            let deadline = Date(timeIntervalSinceNow: timeout)
            repeat {
                if let line = lines.first(where: predicate) { return line }
                usleep(10_000)
            } while Date() < deadline
            return nil
        }

        var lines: [[String: Any]] {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    init(withTokens: Bool = false, configure: (inout NibscanServer.Configuration) -> Void = { _ in }) throws {
        dataDirectory = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-server")
        var configuration = NibscanServer.Configuration(dataDirectory: dataDirectory.path)
        configuration.http.port = 0
        configuration.http.headerTimeout = 1
        configuration.http.bodyTimeout = 1
        configuration.http.idleTimeout = 2
        configuration.workers = 2
        configuration.shutdownGraceSeconds = 2
        configuration.openAPIPath = Fixtures.packageRoot.appendingPathComponent("openapi.yaml").path
        configuration.analysisIsolation.executable = Fixtures.nibscanExecutable
        if withTokens {
            configuration.tokens = "admin \(Self.adminToken);submit \(Self.submitToken);read \(Self.readToken)"
        }
        configure(&configuration)
        let buffer = logLines
        server = try NibscanServer(configuration: configuration, log: ServerLog { buffer.append($0) })
        port = try server.start()
    }

    func stop() {
        server.drain()
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data(), timeout: TimeInterval = 30) throws -> RawHTTPClient.Response {
        try RawHTTPClient.request(port: port, method, target, headers: headers, body: body, timeout: timeout)
    }

    /// Uploads a zip; returns the response.
    func upload(_ zip: Data, query: String = "", headers: [String: String] = [:]) throws -> RawHTTPClient.Response {
        var all = headers
        all["Content-Type"] = all["Content-Type"] ?? "application/zip"
        return try request("POST", "/v1/analyses\(query)", headers: all, body: zip)
    }

    /// Polls until the analysis is final (at most `timeout` seconds).
    func waitUntilFinal(_ id: String, timeout: TimeInterval = 20) throws -> [String: Any] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let record = try server.store.record(id: id)
            if record?.status.isFinal == true { return try request("GET", "/v1/analyses/\(id)", headers: ["Authorization": "Bearer \(Self.adminToken)"]).json() }
            usleep(20_000)
        }
        throw RawHTTPClient.Failure(description: "analysis \(id) did not finish in \(timeout) s")
    }

    /// Stores an analysis in a given state directly (one locked step, so that no worker races
    /// it), with the rule counts of its report's findings when it succeeded: by severity, or
    /// with `severities: false` their totals only, as a release before migration 7 stored them.
    @discardableResult
    func seed(status: AnalysisRecord.Status, report: Report? = nil, failure: AnalysisRecord.Failure? = nil,
              repository: String? = nil, branch: String? = nil, commit: String? = nil, uploadPath: String? = nil, createdAt: Date = Date(),
              idempotencyKey: String? = nil, fingerprint: String? = nil, severities: Bool = true) throws -> String {
        let id = UUID().uuidString.lowercased()
        let reportData = try report.map { try $0.jsonData(pretty: false) }
        let summary = try report.map { String(decoding: try JSONEncoder().encode($0.summary), as: UTF8.self) }
        try server.store.withDatabase { database in
            try database.query("""
                INSERT INTO analyses (id, status, created_at, finished_at, repository, branch, commit_sha, upload_path, upload_bytes, upload_sha256,
                attempts, report, summary, error_code, error_message, idempotency_key, request_fingerprint)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 'ab', 1, ?, ?, ?, ?, ?, ?)
                """, [.text(id), .text(status.rawValue), .real(createdAt.timeIntervalSince1970),
                      status.isFinal ? .real(createdAt.timeIntervalSince1970) : .null,
                      repository.map(DatabaseValue.text) ?? .null, branch.map(DatabaseValue.text) ?? .null, commit.map(DatabaseValue.text) ?? .null,
                      uploadPath.map(DatabaseValue.text) ?? .null,
                      reportData.map(DatabaseValue.blob) ?? .null, summary.map(DatabaseValue.text) ?? .null,
                      failure.map { .text($0.code) } ?? .null, failure.map { .text($0.message) } ?? .null,
                      idempotencyKey.map(DatabaseValue.text) ?? .null, fingerprint.map(DatabaseValue.text) ?? .null])
            guard status == .succeeded, let report else { return }
            for (rule, counts) in SeverityCounts.byRule(report.findings) {
                let bySeverity = [counts.errors, counts.warnings, counts.infos].map { severities ? DatabaseValue.integer(Int64($0)) : .null }
                try database.query("INSERT INTO analysis_rule_counts (analysis_id, rule, findings, errors, warnings, infos) VALUES (?, ?, ?, ?, ?, ?)",
                                   [.text(id), .text(rule), .integer(Int64(counts.total))] + bySeverity)
            }
        }
        return id
    }

    /// A small valid project archive.
    static func sampleZip() -> Data {
        var zip = ZipBuilder()
        zip.add("App/BadgeView.swift", text: "import UIKit\nfinal class BadgeView: UIView {}\n")
        zip.add("App/BadgeView.xib", text: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects/></document>\n")
        return zip.build()
    }
}
