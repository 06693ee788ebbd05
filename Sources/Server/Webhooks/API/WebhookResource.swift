import Foundation

/// The JSON shape of a subscription. The secret appears only in the answers that create
/// or rotate it (``secret``), never when a subscription is read.
struct WebhookResource: Encodable, Sendable {
    struct Links: Encodable, Sendable {
        var `self`: String
        var deliveries: String
    }

    var id: String
    var url: String
    var events: [WebhookEvent]
    var repository: String?
    var enabled: Bool
    var disabledReason: String?
    var disabledAt: String?
    var createdAt: String
    var updatedAt: String
    /// Until when the previous secret still signs, after a rotation.
    var previousSecretExpiresAt: String?
    var secret: String?
    var links: Links

    init(_ subscription: WebhookSubscription, revealing secret: WebhookSecret? = nil, now: Date) {
        id = subscription.id
        url = subscription.url
        events = subscription.events
        repository = subscription.repository
        enabled = subscription.enabled
        disabledReason = subscription.disabledReason
        disabledAt = subscription.disabledAt.map(HTTPDate.rfc3339)
        createdAt = HTTPDate.rfc3339(subscription.createdAt)
        updatedAt = HTTPDate.rfc3339(subscription.updatedAt)
        if let expiry = subscription.previousSecretExpiresAt, expiry > now { previousSecretExpiresAt = HTTPDate.rfc3339(expiry) }
        self.secret = secret?.text
        links = Links(self: Self.path(of: subscription.id), deliveries: Self.path(of: subscription.id) + "/deliveries")
    }

    static func path(of id: String) -> String { "/v1/webhooks/\(id)" }
}

/// The JSON shape of one message and its attempts in the delivery log.
struct WebhookDeliveryResource: Encodable, Sendable {
    struct Attempt: Encodable, Sendable {
        var number: Int
        var attemptedAt: String
        var durationMs: Int
        var result: WebhookAttempt.Result
        var statusCode: Int?
        var address: String?
        var error: String?
        var responseExcerpt: String?
    }

    struct Links: Encodable, Sendable {
        var `self`: String
        var redeliver: String
    }

    var id: String
    var webhookId: String
    var event: WebhookEvent
    var analysisId: String?
    var status: String
    var nextAttemptAt: String?
    var failureReason: WebhookFailureReason?
    var createdAt: String
    var finishedAt: String?
    var attempts: [Attempt]
    var links: Links

    init(_ delivery: WebhookDelivery, attempts: [WebhookAttempt]) {
        id = delivery.id
        webhookId = delivery.subscriptionID
        event = delivery.event
        analysisId = delivery.analysisID
        switch delivery.state {
        case .pending(_, let due):
            status = "pending"
            nextAttemptAt = HTTPDate.rfc3339(due)
        case .succeeded:
            status = "succeeded"
        case .failed(_, let reason):
            status = "failed"
            failureReason = reason
        }
        createdAt = HTTPDate.rfc3339(delivery.createdAt)
        finishedAt = delivery.finishedAt.map(HTTPDate.rfc3339)
        self.attempts = attempts.map {
            Attempt(number: $0.number, attemptedAt: HTTPDate.rfc3339($0.attemptedAt), durationMs: $0.durationMs, result: $0.result,
                    statusCode: $0.statusCode, address: $0.address, error: $0.error, responseExcerpt: $0.responseExcerpt)
        }
        let path = WebhookResource.path(of: delivery.subscriptionID) + "/deliveries/\(delivery.id)"
        links = Links(self: path, redeliver: path + "/redeliver")
    }
}

/// One page of a listing, with the cursor of the next page.
struct WebhookPage<Item: Encodable & Sendable>: Encodable, Sendable {
    var items: [Item]
    var nextCursor: String?
    var links: AnalysisPage.Links
}
