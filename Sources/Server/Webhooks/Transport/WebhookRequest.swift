import Foundation

/// One HTTP POST the delivery worker sends: the URL, the signed headers, the body.
struct WebhookRequest: Sendable {
    var url: String
    /// The host named by the URL, for the operator's host allow-list.
    var host: String
    var headers: [(name: String, value: String)]
    var body: Data
}

/// What came back from one attempt, before the delivery machine judges it.
struct WebhookResponse: Sendable, Equatable {
    var statusCode: Int?
    /// The raw `Retry-After` field, when sent.
    var retryAfter: String?
    /// At most ``WebhookAttempt/excerptLimit`` bytes of the body, as text.
    var excerpt: String?
    /// The address connected to, or the last one refused.
    var address: String?
    /// Why there is no answer: the address policy's refusal or libcurl's error.
    var error: String?
    var refused = false
    /// The connect or total timeout ran out.
    var timedOut = false
    /// The worker was stopping: the attempt does not count.
    var abandoned = false
    var durationMs: Int
}
