import Foundation
import Glibc
@testable import Server
import TestSupport
import XCTest

/// Three real `nibscan serve` processes on one PostgreSQL database, over loopback: what a
/// load balancer in front of them sees when uploads spread over the nodes, when a node is
/// killed or redeployed, when a webhook is due and when the database restarts.
final class ScaleOutTests: XCTestCase {
    private var url: String!
    private var nodes: [ServeNode] = []

    override func setUpWithError() throws {
        url = try XCTUnwrap(try TestEngine.postgres.databaseURL())
    }

    override func tearDown() {
        nodes.forEach { $0.stop() }
        nodes = []
        super.tearDown()
    }

    /// Starts three nodes (`node-1` …) on the test's database with `arguments` each.
    private func startNodes(_ arguments: [String] = []) throws {
        for number in 1 ... 3 {
            nodes.append(try ServeNode(name: "node-\(number)", database: url, arguments: ["--workers", "2"] + arguments))
        }
    }

    private func id(of response: RawHTTPClient.Response) throws -> String {
        XCTAssertEqual(response.status, 202, response.text)
        return try XCTUnwrap(try response.json()["id"] as? String, response.text)
    }

    /// Polls (through the live nodes, in turn) until every analysis of `ids` is final, at
    /// most `timeout` seconds; returns each one's resource.
    private func waitUntilFinal(_ ids: [String], timeout: TimeInterval) throws -> [String: [String: Any]] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var final: [String: [String: Any]] = [:]
        var turn = 0
        while final.count < ids.count && Date() < deadline {
            let live = nodes.filter(\.isRunning)
            guard !live.isEmpty else { break }
            for id in ids where final[id] == nil {
                turn += 1
                guard let response = try? live[turn % live.count].request("GET", "/v1/analyses/\(id)"), response.status == 200,
                      let resource = try? response.json(), ["succeeded", "failed"].contains(resource["status"] as? String) else { continue }
                final[id] = resource
            }
            if final.count < ids.count { usleep(100_000) }
        }
        XCTAssertEqual(final.count, ids.count, "analyses still not final after \(timeout) s: \(Set(ids).subtracting(final.keys).sorted())")
        return final
    }

    /// Waits (bounded) until some node has logged a claim of one of `ids`; returns that
    /// node and the id.
    private func waitForClaim(of ids: [String], timeout: TimeInterval = 30) -> (node: ServeNode, id: String)? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            for node in nodes {
                if let id = node.claimedIDs().first(where: ids.contains) { return (node, id) }
            }
            usleep(10_000)
        }
        return nil
    }

    func testTwoHundredUploadsSpreadOverThreeNodesAllSucceedAndNoneRunsTwice() throws {
        try startNodes()
        let zip = LiveServer.sampleZip()
        let accepted = Locked<[String]>([])
        let refused = Locked<[String]>([])
        let nodes = self.nodes
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            do {
                let response = try nodes[index % 3].upload(zip, query: "?repository=scale&branch=b\(index)")
                guard response.status == 202, let id = try response.json()["id"] as? String else {
                    refused.withLock { $0.append("\(response.status) \(response.text)") }
                    return
                }
                accepted.withLock { $0.append(id) }
            } catch {
                refused.withLock { $0.append("\(error)") }
            }
        }
        XCTAssertEqual(refused.current, [])
        let ids = accepted.current
        XCTAssertEqual(Set(ids).count, 200)
        let final = try waitUntilFinal(ids, timeout: 240)
        XCTAssertEqual(final.values.filter { $0["status"] as? String == "succeeded" }.count, 200)
        XCTAssertEqual(final.values.filter { $0["attempts"] as? Int != 1 }.count, 0, "every analysis was started once")
        // Each node logs every claim it makes: over the three logs, each id is claimed once.
        let claims = nodes.flatMap { $0.claimedIDs() }
        XCTAssertEqual(claims.count, 200)
        XCTAssertEqual(Set(claims), Set(ids))
        XCTAssertEqual(try nodes.map { try $0.metric("nibscan_analyses_finished_total", labels: "outcome=\"succeeded\"") }.reduce(0, +), 200,
                       "the nodes' counters add up to one run per analysis")
        XCTAssertGreaterThan(nodes.filter { !$0.claimedIDs().isEmpty }.count, 1, "the work is spread over the nodes")
    }

    func testAnalysesOfANodeKilledMidAnalysisAreFinishedByAnotherAfterTheLeaseExpires() throws {
        try startNodes(["--lease-seconds", "3"])
        // Long enough (about 3 s of CPU) that a child left running would outlive the check below.
        let slow = SlowProject.zip(views: 400)
        let ids = try (0 ..< 3).map { try id(of: try nodes[$0].upload(slow)) }
        let (victim, interrupted) = try XCTUnwrap(waitForClaim(of: ids), "a node claims one of the analyses")
        let childrenDeadline = Date(timeIntervalSinceNow: 20)
        var children = victim.childProcesses()
        while children.isEmpty && Date() < childrenDeadline {
            usleep(5_000)
            children = victim.childProcesses()
        }
        XCTAssertFalse(children.isEmpty, "the analysis runs in a child process")
        let killedAt = Date()
        victim.signal(SIGKILL)
        XCTAssertTrue(victim.waitForDeath(timeout: 10), "killed by the signal")
        let orphansDeadline = Date(timeIntervalSinceNow: 2)
        while children.contains(where: ServeNode.isAlive) && Date() < orphansDeadline { usleep(20_000) }
        XCTAssertEqual(children.filter(ServeNode.isAlive), [], "its analysis children stop with it")
        XCTAssertTrue(victim.events("analysis-finished").filter { $0["analysisId"] as? String == interrupted }.isEmpty,
                      "it was killed mid-analysis")
        let final = try waitUntilFinal(ids, timeout: 120)
        for id in ids { XCTAssertEqual(final[id]?["status"] as? String, "succeeded", "\(id): \(final[id] ?? [:])") }
        XCTAssertEqual(final[interrupted]?["attempts"] as? Int, 2, "taken over once, as a second attempt")
        let takeover = try XCTUnwrap(nodes.filter { $0 !== victim }.flatMap { $0.events("analysis-claimed") }
            .first { $0["analysisId"] as? String == interrupted && $0["attempt"] as? Int == 2 }, "a live node claimed it again")
        let claimedAt = try XCTUnwrap(ServeNode.time(of: takeover))
        // Renewed every third of the 3 s lease until the kill: no node may take it over sooner.
        XCTAssertGreaterThan(claimedAt.timeIntervalSince(killedAt), 1.9, "taken over only once the lease ran out")
    }

    func testSIGTERMDrainsOneNodeWhileTheOthersKeepServing() throws {
        try startNodes(["--shutdown-grace", "60", "--drain-delay", "1"])
        let slow = SlowProject.zip()
        let ids = try (0 ..< 4).map { try id(of: try nodes[$0 % 3].upload(slow)) }
        let (draining, inFlight) = try XCTUnwrap(waitForClaim(of: ids), "a node runs one of the analyses")
        let serving = try XCTUnwrap(nodes.first { $0 !== draining })
        draining.signal(SIGTERM)
        let deadline = Date(timeIntervalSinceNow: 10)
        while draining.events("draining").isEmpty && Date() < deadline { usleep(10_000) }
        XCTAssertEqual(try draining.request("GET", "/readyz").status, 503, "the balancer is told to stop routing to it")
        // The others keep taking and running work while it drains.
        let during = try id(of: try serving.upload(LiveServer.sampleZip()))
        XCTAssertEqual(draining.waitForExit(timeout: 90), 0, "it drains and exits 0")
        let drainedAt = try XCTUnwrap(draining.events("draining").first.flatMap(ServeNode.time(of:)))
        let lateClaims = draining.events("analysis-claimed").filter {
            (ServeNode.time(of: $0) ?? .distantFuture) > drainedAt
        }
        XCTAssertEqual(lateClaims.count, 0, "no claim after the drain began")
        XCTAssertEqual(draining.events("analysis-finished").filter { $0["analysisId"] as? String == inFlight }.count, 1,
                       "its running analysis finished within the grace")
        // A claim that raced the drain's start is handed back unstarted; another node runs it.
        let handedBack = draining.events("analysis-handed-back").compactMap { $0["analysisId"] as? String }
        XCTAssertEqual(draining.events("stopped").first?["requeued"] as? Int, handedBack.count)
        let finishedHere = draining.events("analysis-finished").compactMap { $0["analysisId"] as? String }
        XCTAssertEqual(Set(draining.claimedIDs()).subtracting(finishedHere).subtracting(handedBack), [], "every claim finished or handed back")
        let final = try waitUntilFinal(ids + [during], timeout: 120)
        for id in ids + [during] { XCTAssertEqual(final[id]?["status"] as? String, "succeeded", "\(id): \(final[id] ?? [:])") }
        XCTAssertEqual(final[inFlight]?["attempts"] as? Int, 1)
    }

    func testAWebhookIsDeliveredWithOneIdAndNeverByTwoNodesAtOnce() throws {
        // Two refusals, then success: three attempts, which any of the nodes may make.
        let receiver = try LoopbackReceiver(script: [.status(500), .status(503)])
        defer { receiver.stop() }
        try startNodes(["--webhook-allowed-hosts", "127.0.0.1", "--webhook-initial-retry", "0.2", "--webhook-max-retry", "0.5"])
        let subscribed = try nodes[0].request("POST", "/v1/webhooks", headers: ["Content-Type": "application/json"],
                                              body: Data(#"{"url": "\#(receiver.url)", "events": ["analysis.succeeded"]}"#.utf8))
        XCTAssertEqual(subscribed.status, 201, subscribed.text)
        let webhook = try XCTUnwrap(try subscribed.json()["id"] as? String)
        let analysis = try id(of: try nodes[1].upload(LiveServer.sampleZip()))
        XCTAssertEqual(try waitUntilFinal([analysis], timeout: 60)[analysis]?["status"] as? String, "succeeded")
        let requests = receiver.waitForRequests(3, timeout: 30)
        // Any further attempt (a second node sending the same message) would arrive now.
        usleep(1_500_000)
        XCTAssertEqual(receiver.requests.count, 3, "three attempts, no more: \(receiver.requests.map(\.headers))")
        XCTAssertEqual(Set(requests.compactMap { $0.headers["webhook-id"] }).count, 1, "one webhook-id for every attempt")
        let log = try XCTUnwrap(try nodes[2].request("GET", "/v1/webhooks/\(webhook)/deliveries?limit=100").json()["items"] as? [[String: Any]])
        XCTAssertEqual(log.count, 1)
        XCTAssertEqual(log.first?["id"] as? String, requests.first?.headers["webhook-id"])
        XCTAssertEqual(log.first?["status"] as? String, "succeeded")
        let tries = try XCTUnwrap(log.first?["attempts"] as? [[String: Any]])
        XCTAssertEqual(tries.compactMap { $0["number"] as? Int }.sorted(), [1, 2, 3])
        // Each attempt began after the one before it ended.
        let spans = tries.compactMap { attempt -> (start: Date, end: Date)? in
            guard let start = ServeNode.time(of: ["time": attempt["attemptedAt"] ?? ""]), let milliseconds = attempt["durationMs"] as? Int else { return nil }
            return (start, start.addingTimeInterval(Double(milliseconds) / 1000))
        }.sorted { $0.start < $1.start }
        XCTAssertEqual(spans.count, 3)
        for (earlier, later) in zip(spans, spans.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.start.timeIntervalSince(earlier.end), -0.001, "two attempts overlapped")
        }
        let attempts = nodes.flatMap { $0.events("webhook-attempt") }
        XCTAssertEqual(attempts.count, 3, "each attempt made by exactly one node")
    }

    func testADatabaseRestartUnderLoadAnswers503ThenRecoversAndLosesNothingAccepted() throws {
        try startNodes(["--lease-seconds", "3"])
        let database = try TestPostgres.shared()
        let zip = LiveServer.sampleZip()
        let accepted = Locked<[String]>([])
        let answers = Locked<[String]>([])
        let loadEnds = Date(timeIntervalSinceNow: 9)
        let clients = DispatchGroup()
        for client in 0 ..< 3 {
            DispatchQueue.global().async(group: clients) { [nodes] in
                var sent = 0
                while Date() < loadEnds && sent < 300 {
                    sent += 1
                    guard let response = try? nodes[client].upload(zip, query: "?repository=outage") else {
                        answers.withLock { $0.append("no response") }
                        continue
                    }
                    let type = (try? response.json()["type"] as? String) ?? ""
                    answers.withLock { $0.append("\(response.status) \(response.status == 202 ? "" : type)") }
                    if response.status == 202, let id = try? response.json()["id"] as? String { accepted.withLock { $0.append(id) } }
                    if response.status != 202 { usleep(50_000) }
                }
            }
        }
        usleep(2_500_000)
        try database.pause()
        do {
            defer { try? database.resume() }
            usleep(500_000)
            for node in nodes { XCTAssertEqual(try node.request("GET", "/readyz").status, 503, "\(node.name) is not ready without its database") }
            usleep(1_500_000)
        }
        XCTAssertEqual(clients.wait(timeout: .now() + 60), .success)
        let unavailable = Problem.typeBase + "server.storage-unavailable"
        let seen = Dictionary(grouping: answers.current, by: { $0 }).mapValues(\.count)
        XCTAssertEqual(Set(seen.keys).subtracting(["202 ", "503 \(unavailable)"]), [], "only 202 or a clean 503: \(seen)")
        XCTAssertGreaterThan(seen["503 \(unavailable)"] ?? 0, 0, "the outage was seen: \(seen)")
        for node in nodes {
            let deadline = Date(timeIntervalSinceNow: 30)
            var ready = 0
            while ready != 200 && Date() < deadline {
                ready = (try? node.request("GET", "/readyz").status) ?? 0
                if ready != 200 { usleep(100_000) }
            }
            XCTAssertEqual(ready, 200, "\(node.name) recovers by itself")
        }
        let ids = accepted.current
        let after = try id(of: try nodes[2].upload(zip))
        let final = try waitUntilFinal(ids + [after], timeout: 180)
        let notSucceeded = final.filter { $0.value["status"] as? String != "succeeded" }
        XCTAssertEqual(notSucceeded.count, 0, "every accepted analysis succeeds: \(notSucceeded)")
    }
}

/// A project whose analysis takes long enough (about half a second of CPU in a debug build)
/// for a test to act while it runs: many xibs, each with custom views backed by sources.
enum SlowProject {
    static func zip(views: Int = 60) -> Data {
        var zip = ZipBuilder()
        for number in 0 ..< views {
            zip.add("Slow/Views/Panel\(number).swift", text: """
                import UIKit
                final class Panel\(number): UIView {
                    @IBOutlet weak var title: UILabel!
                    @IBAction func tapped(_ sender: Any) {}
                }
                """)
            let subviews = (0 ..< 20).map { index in
                """
                <view contentMode="scaleToFill" id="v\(number)-\(index)" customClass="Panel\((number + index) % views)" customModule="Slow">
                <rect key="frame" x="0.0" y="\(index * 10).0" width="320" height="10"/></view>
                """
            }.joined(separator: "\n")
            zip.add("Slow/Views/Panel\(number).xib", text: """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
                <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="root\(number)" customClass="Panel\(number)" customModule="Slow">
                <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                <subviews>
                \(subviews)
                </subviews>
                </view>
                </objects>
                </document>
                """)
        }
        return zip.build()
    }
}
