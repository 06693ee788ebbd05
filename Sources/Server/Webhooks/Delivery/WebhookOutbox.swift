import Analysis
import Foundation

/// Writes one outbox message per matching enabled subscription inside the transaction
/// that finishes an analysis: the analysis and its webhooks commit together, so a crash
/// can lose neither.
struct WebhookOutbox: AnalysisCompletionHook {
    /// The server's public URL (known once the listener is bound).
    let baseURL: @Sendable () -> String
    /// Signs the payload's page link.
    let links: PublicLinks
    /// Wakes the delivery worker; it waits for this transaction's lock before it reads.
    let wake: @Sendable () -> Void

    func analysisDidFinish(_ analysis: AnalysisRecord, in database: any DatabaseConnection) throws {
        guard let event = WebhookEvent(finished: analysis.status) else { return }
        let subscriptions = try WebhookStore.enabledSubscriptions(in: database).filter { $0.wants(event, repository: analysis.metadata.repository) }
        guard !subscriptions.isEmpty else { return }
        var report: Report?
        if analysis.metadata.baseline != nil, analysis.status == .succeeded,
           let data = try database.query("SELECT report FROM analyses WHERE id = ?", [.text(analysis.id)]).first?.blob("report") {
            report = try? Report.decode(jsonData: data)
        }
        let now = analysis.finishedAt ?? Date()
        let payload = try WebhookPayload(event: event, at: now, data: AnalysisEventData(record: analysis, report: report, baseURL: baseURL(), links: links)).encoded()
        for subscription in subscriptions {
            try WebhookStore.enqueue(WebhookDelivery(subscriptionID: subscription.id, event: event, analysisID: analysis.id,
                                                     payload: payload, createdAt: now), in: database)
        }
        wake()
    }
}
