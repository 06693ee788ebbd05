import Analysis
import Foundation

/// The headers of a Standard Webhooks request: `webhook-id` (the message, the same on
/// every attempt), `webhook-timestamp` (this attempt, unix seconds), `webhook-signature`
/// (one `v1,` signature per active secret, space-separated).
enum WebhookSigning {
    static let userAgent = "nibscan-webhooks/\(NibscanVersion.current)"

    static func request(for delivery: WebhookDelivery, to subscription: WebhookSubscription, at date: Date) -> WebhookRequest {
        let timestamp = Int64(date.timeIntervalSince1970.rounded(.down))
        let signatures = subscription.signingSecrets(at: date)
            .map { $0.signature(messageID: delivery.id, timestamp: timestamp, body: delivery.payload) }
        let headers = [
            (name: "Content-Type", value: "application/json"),
            (name: "User-Agent", value: userAgent),
            (name: "webhook-id", value: delivery.id),
            (name: "webhook-timestamp", value: String(timestamp)),
            (name: "webhook-signature", value: signatures.joined(separator: " ")),
            (name: "nibscan-event", value: delivery.event.rawValue),
        ]
        return WebhookRequest(url: subscription.url, host: WebhookURL.host(of: subscription.url) ?? "", headers: headers, body: delivery.payload)
    }
}
