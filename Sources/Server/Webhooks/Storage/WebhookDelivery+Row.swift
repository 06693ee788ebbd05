import Foundation

extension WebhookDelivery {
    static let columns = "seq, id, subscription_id, event, analysis_id, payload, status, attempts, next_attempt_at, failure_reason, created_at, finished_at"

    init(row: DatabaseRow) throws {
        guard let id = row.text("id"), let subscriptionID = row.text("subscription_id"),
              let event = row.text("event").flatMap(WebhookEvent.init(rawValue:)), let payload = row.blob("payload") else {
            throw ServerError.database("a webhook delivery row lacks a column")
        }
        self.init(id: id, subscriptionID: subscriptionID, event: event, analysisID: row.text("analysis_id"), payload: payload,
                  createdAt: row.date("created_at") ?? Date())
        sequence = row.integer("seq") ?? 0
        finishedAt = row.date("finished_at")
        let attempts = Int(row.integer("attempts") ?? 0)
        switch row.text("status") {
        case "succeeded":
            state = .succeeded(attempts: attempts)
        case "failed":
            state = .failed(attempts: attempts, reason: row.text("failure_reason").flatMap(WebhookFailureReason.init(rawValue:)) ?? .exhausted)
        default:
            state = .pending(attemptsMade: attempts, due: row.date("next_attempt_at") ?? createdAt)
        }
    }

    /// `status`, `attempts`, `next_attempt_at`, `failure_reason` for `state`.
    static func stateValues(_ state: WebhookDeliveryState) -> [DatabaseValue] {
        switch state {
        case .pending(let made, let due): [.text("pending"), .integer(Int64(made)), .real(due.timeIntervalSince1970), .null]
        case .succeeded(let attempts): [.text("succeeded"), .integer(Int64(attempts)), .null, .null]
        case .failed(let attempts, let reason): [.text("failed"), .integer(Int64(attempts)), .null, .text(reason.rawValue)]
        }
    }
}

extension WebhookAttempt {
    init(row: DatabaseRow) {
        number = Int(row.integer("number") ?? 0)
        attemptedAt = row.date("attempted_at") ?? Date(timeIntervalSince1970: 0)
        durationMs = Int(row.integer("duration_ms") ?? 0)
        result = row.text("result").flatMap(Result.init(rawValue:)) ?? .failed
        statusCode = row.integer("status_code").map(Int.init)
        address = row.text("address")
        error = row.text("error")
        responseExcerpt = row.text("response_excerpt")
    }
}
