import Foundation

/// One message to one subscription, as the outbox keeps it: the body is fixed when the
/// event happens, so every attempt (and a redelivery) sends the same bytes under the same
/// `webhook-id`.
public struct WebhookDelivery: Sendable, Equatable {
    public var sequence: Int64 = 0
    /// The `webhook-id`: `msg_` and 32 hex digits.
    public var id: String
    public var subscriptionID: String
    public var event: WebhookEvent
    public var analysisID: String?
    public var payload: Data
    public var state: WebhookDeliveryState
    public var createdAt: Date
    /// When the message succeeded or was given up.
    public var finishedAt: Date?

    public init(id: String = WebhookDelivery.makeID(), subscriptionID: String, event: WebhookEvent, analysisID: String?,
                payload: Data, createdAt: Date) {
        self.id = id
        self.subscriptionID = subscriptionID
        self.event = event
        self.analysisID = analysisID
        self.payload = payload
        self.state = .pending(attemptsMade: 0, due: createdAt)
        self.createdAt = createdAt
    }

    public static func makeID() -> String { "msg_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "") }
}

/// One attempt as logged: what was dialled, what came back, how long it took.
public struct WebhookAttempt: Sendable, Equatable {
    /// How an attempt ended, as the delivery log shows it.
    public enum Result: String, Sendable, Codable {
        /// A 2xx answer.
        case delivered
        /// Any other answer.
        case rejected
        /// The address policy refused the address dialled; nothing was sent.
        case refused
        /// No answer: connection failure, timeout, TLS error.
        case failed
    }

    public var number: Int
    public var attemptedAt: Date
    public var durationMs: Int
    public var result: Result
    public var statusCode: Int?
    /// The address dialled (or refused), when a connection was tried.
    public var address: String?
    public var error: String?
    /// The start of the answer's body, at most ``excerptLimit`` bytes, as text.
    public var responseExcerpt: String?

    public static let excerptLimit = 1024
}
