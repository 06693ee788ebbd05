import Foundation

/// The body of `PATCH /v1/webhooks/{id}`, a JSON merge patch (RFC 7396) of the editable
/// members: a member left out is kept, `repository: null` removes the filter. Each member
/// given is checked as `POST /v1/webhooks` checks it; members that are not editable here
/// are refused, with the call that changes them when there is one.
struct WebhookSubscriptionPatch: Sendable, Equatable {
    var url: String?
    var events: [WebhookEvent]?
    /// `.some(nil)`: the subscription gets every repository's analyses.
    var repository: String??

    /// Members a subscription shows that another call changes.
    private static let changedElsewhere = [
        "enabled": "POST /v1/webhooks/{id}/enable or /disable",
        "secret": "POST /v1/webhooks/{id}/rotate-secret",
    ]

    init(json: Any) throws(WebhookError) {
        guard let object = json as? [String: Any] else {
            throw .invalidBody("the body must be a JSON object of the members to change: url, events, repository")
        }
        for member in object.keys.sorted() where !WebhookSubscriptionRequest.members.contains(member) {
            if let call = Self.changedElsewhere[member] { throw .invalidBody("'\(member)' is not changed by PATCH; use \(call)") }
            throw .invalidBody("'\(member.prefix(50))' cannot be changed; editable: url, events, repository")
        }
        if object.keys.contains("url") {
            guard !(object["url"] is NSNull) else { throw .invalidURL("'url' cannot be removed, only replaced") }
            url = try WebhookSubscriptionRequest.url(object["url"])
        }
        if object.keys.contains("events") { events = try WebhookSubscriptionRequest.events(object["events"]) }
        if object.keys.contains("repository") { repository = .some(try WebhookSubscriptionRequest.repository(object["repository"])) }
    }

    /// `subscription` with the patch applied, or `nil` when nothing would change.
    func applied(to subscription: WebhookSubscription) -> WebhookSubscription? {
        var edited = subscription
        if let url { edited.url = url }
        if let events { edited.events = events }
        if let repository { edited.repository = repository }
        return edited == subscription ? nil : edited
    }
}
