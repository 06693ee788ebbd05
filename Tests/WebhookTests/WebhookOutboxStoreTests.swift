import Analysis
import Foundation
@testable import Server
import TestSupport
import XCTest

/// The outbox, on SQLite and on PostgreSQL: written in the transaction that finishes an
/// analysis, leased while an attempt runs, due again after a crash, untouched when the
/// finish is refused.
final class WebhookOutboxStoreTests: EngineTestCase {
    private var server: WebhookTestServer!

    override func prepare(_ engine: TestEngine) throws {
        server = try WebhookTestServer(engine: engine)
        server.server.webhooks.stop()
    }

    override func cleanUp(_ engine: TestEngine) throws {
        server?.stop()
        server?.removeData()
        server = nil
    }

    private var store: WebhookStore { server.server.webhooks.store }

    func testFinishingAnAnalysisQueuesOneMessagePerMatchingEnabledSubscription() throws {
        try onEachEngine {
            let (first, _) = try server.subscribe("https://hooks.example.com/a")
            let (second, _) = try server.subscribe("https://hooks.example.com/b", events: ["analysis.succeeded"])
            let (disabled, _) = try server.subscribe("https://hooks.example.com/c")
            XCTAssertEqual(try server.call("POST", "/v1/webhooks/\(disabled)/disable").status, 200)
            let (pingOnly, _) = try server.subscribe("https://hooks.example.com/d", events: ["ping"])
            let record = try server.finishAnalysis(WebhookTestServer.succeeded())
            for id in [first, second] {
                let log = try store.deliveries(subscriptionID: id, limit: 10, before: nil)
                XCTAssertEqual(log.count, 1)
                XCTAssertEqual(log.first?.0.analysisID, record.id)
                XCTAssertEqual(log.first?.0.event, .analysisSucceeded)
                guard case .pending(0, _)? = log.first?.0.state else { return XCTFail("\(String(describing: log.first?.0.state))") }
            }
            XCTAssertEqual(try store.deliveries(subscriptionID: disabled, limit: 10, before: nil).count, 0)
            XCTAssertEqual(try store.deliveries(subscriptionID: pingOnly, limit: 10, before: nil).count, 0)
        }
    }

    func testARefusedFinishQueuesNothing() throws {
        try onEachEngine {
            let (id, _) = try server.subscribe("https://hooks.example.com/a")
            let record = try server.finishAnalysis(WebhookTestServer.succeeded())
            XCTAssertNil(try server.server.store.finish(id: record.id, attempt: 1, outcome: try WebhookTestServer.succeeded()),
                         "an analysis finishes once")
            XCTAssertEqual(try store.deliveries(subscriptionID: id, limit: 10, before: nil).count, 1)
        }
    }

    func testALeasedMessageIsDueAgainAfterTheLeaseAsAfterACrash() throws {
        try onEachEngine {
            let (id, _) = try server.subscribe("https://hooks.example.com/a")
            try server.finishAnalysis(WebhookTestServer.succeeded())
            let now = Date().addingTimeInterval(1)
            let claimed = try XCTUnwrap(try store.claimDue(now: now, lease: 60))
            XCTAssertEqual(claimed.1.id, id)
            XCTAssertNil(try store.claimDue(now: now.addingTimeInterval(59), lease: 60), "leased while an attempt runs")
            XCTAssertEqual(try XCTUnwrap(try store.nextDue()).timeIntervalSince1970, now.addingTimeInterval(60).timeIntervalSince1970, accuracy: 0.001)
            XCTAssertEqual(try store.claimDue(now: now.addingTimeInterval(61), lease: 60)?.0.id, claimed.0.id)
            try store.release(deliveryID: claimed.0.id, due: now)
            XCTAssertEqual(try store.claimDue(now: now, lease: 60)?.0.id, claimed.0.id, "a released message is due at once")
        }
    }

    func testNodesClaimingAtOnceNeverTakeOneMessageTwice() throws {
        try onEachEngine {
            _ = try server.subscribe("https://hooks.example.com/a")
            for _ in 0 ..< 10 { try server.finishAnalysis(WebhookTestServer.succeeded()) }
            let location = server.server.store.database.location
            let nodes = try (0 ..< 4).map { _ in WebhookStore(analyses: AnalysisStore(database: try Database(location))) }
            let now = Date().addingTimeInterval(1)
            let (claimed, failures) = claimConcurrently(nodes: nodes.count, limit: 10) { number in
                try nodes[number].claimDue(now: now, lease: 60)?.0.id
            }
            XCTAssertEqual(failures, [])
            XCTAssertEqual(claimed.count, 10)
            XCTAssertEqual(Set(claimed).count, 10, "a leased message is not claimed by a second node")
        }
    }

    func testRecordingAppliesTheMachineAndDisablesOnGone() throws {
        try onEachEngine {
            let (id, _) = try server.subscribe("https://hooks.example.com/a")
            try server.finishAnalysis(WebhookTestServer.succeeded())
            try server.finishAnalysis(WebhookTestServer.succeeded())
            let now = Date().addingTimeInterval(1)
            let (delivery, _) = try XCTUnwrap(try store.claimDue(now: now, lease: 60))
            let service = server.server.webhooks
            let attempt = WebhookAttempt(response: WebhookResponse(statusCode: 410, durationMs: 3), at: now)
            let (state, disabled) = try store.record(attempt, of: delivery, outcome: .response(status: 410, retryAfter: nil), random: 0.5,
                                                     machine: service.machine, health: service.configuration.health)
            XCTAssertEqual(state, .failed(attempts: 1, reason: .gone))
            XCTAssertEqual(disabled, "the receiver answered 410 Gone")
            let log = try store.deliveries(subscriptionID: id, limit: 10, before: nil)
            XCTAssertEqual(log.map(\.0.state), [.failed(attempts: 0, reason: .subscriptionDisabled), .failed(attempts: 1, reason: .gone)],
                           "the other pending message is given up with the subscription")
            XCTAssertEqual(log.last?.1.map(\.statusCode), [410])
            XCTAssertNil(try store.claimDue(now: now.addingTimeInterval(3600), lease: 60))
        }
    }
}
