import Foundation

extension WebhooksAPI {
    /// The media types `PATCH /v1/webhooks/{id}` takes: a JSON merge patch, or plain JSON.
    static let patchMediaTypes = ["application/merge-patch+json", "application/json"]

    /// `PATCH /v1/webhooks/{id}`: changes `url`, `events` and `repository` in place
    /// (``WebhookSubscriptionPatch``), checked as creation checks them; `404` for an
    /// unknown id, before the body is read.
    func edit(_ request: APIRequest) -> HTTPResponderDecision {
        let id: String
        do {
            id = try existing(request).id
            try JSONBodyReceiver.check(request.head, accepted: Self.patchMediaTypes)
        } catch {
            return .respond(Self.run { throw error })
        }
        return .receiveBody(JSONBodyReceiver { json in
            Self.run {
                let patch = try WebhookSubscriptionPatch(json: json)
                let now = service.now
                guard let edited = try service.store.edit(id: id, with: patch, now: now) else {
                    throw WebhookError.notFound("no webhook with id '\(id)'")
                }
                return .json(WebhookResource(edited, now: now))
            }
        })
    }
}
