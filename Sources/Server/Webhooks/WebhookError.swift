/// Why a webhook request or setting was refused: each case becomes a problem document
/// with a stable `type` (``problem``).
public enum WebhookError: Error, Sendable, Equatable {
    case invalidSecret
    case randomUnavailable
    case invalidURL(String)
    case invalidEvents(String)
    case invalidBody(String)
    /// The request's `Content-Type`, and the types the call takes.
    case unsupportedMediaType(String, accepted: [String] = ["application/json"])
    case notFound(String)
    case conflict(String)

    /// The problem document the API answers with.
    public var problem: Problem {
        switch self {
        case .invalidSecret:
            Problem(code: "webhook.invalid-secret", title: "Internal Server Error", status: 500, detail: "a stored webhook secret is not a whsec_ key")
        case .randomUnavailable:
            Problem(code: "webhook.random-unavailable", title: "Service Unavailable", status: 503, detail: "the system random generator failed; try again")
        case .invalidURL(let reason):
            Problem(code: "webhook.invalid-url", title: "Unprocessable Content", status: 422, detail: reason)
        case .invalidEvents(let reason):
            Problem(code: "webhook.invalid-events", title: "Unprocessable Content", status: 422, detail: reason)
        case .invalidBody(let reason):
            Problem(code: "webhook.invalid-body", title: "Bad Request", status: 400, detail: reason)
        case .unsupportedMediaType(let type, let accepted):
            Problem(code: "webhook.unsupported-media-type", title: "Unsupported Media Type", status: 415,
                    detail: "send \(accepted.joined(separator: " or ")), not '\(type.prefix(100))'")
        case .notFound(let detail):
            Problem(code: "webhook.not-found", title: "Not Found", status: 404, detail: detail)
        case .conflict(let detail):
            Problem(code: "webhook.conflict", title: "Conflict", status: 409, detail: detail)
        }
    }
}
