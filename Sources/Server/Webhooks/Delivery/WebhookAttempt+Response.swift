import Foundation

extension WebhookResponse {
    /// What the delivery machine judges: the status and its `Retry-After`, or no answer.
    func outcome(now: Date) -> WebhookAttemptOutcome {
        guard let statusCode else { return .noResponse }
        return .response(status: statusCode, retryAfter: retryAfter.flatMap { RetryAfter.seconds(from: $0, now: now) })
    }
}

extension WebhookAttempt {
    /// The log entry of an attempt that started at `date`.
    init(response: WebhookResponse, at date: Date) {
        number = 0
        attemptedAt = date
        durationMs = response.durationMs
        statusCode = response.statusCode
        address = response.address
        error = response.error
        responseExcerpt = response.excerpt
        if response.refused {
            result = .refused
        } else if let status = response.statusCode {
            result = (200...299).contains(status) ? .delivered : .rejected
        } else {
            result = .failed
        }
    }

    /// The fields of the `webhook-attempt` log line.
    func logFields(delivery: WebhookDelivery, state: WebhookDeliveryState) -> [String: any Sendable] {
        var fields: [String: any Sendable] = ["webhookId": delivery.subscriptionID, "deliveryId": delivery.id, "event": delivery.event.rawValue,
                                              "result": result.rawValue, "durationMs": durationMs]
        if let statusCode { fields["status"] = statusCode }
        if let address { fields["address"] = address }
        if let error { fields["error"] = error }
        switch state {
        case .pending(let made, let due):
            fields["attempts"] = made
            fields["nextAttemptAt"] = HTTPDate.rfc3339(due)
        case .succeeded(let attempts):
            fields["attempts"] = attempts
        case .failed(let attempts, let reason):
            fields["attempts"] = attempts
            fields["gaveUp"] = reason.rawValue
        }
        return fields
    }
}
