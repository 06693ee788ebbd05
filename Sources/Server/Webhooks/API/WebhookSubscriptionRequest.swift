import Foundation

/// The body of `POST /v1/webhooks`, checked member by member so that each mistake gets
/// its own sentence.
struct WebhookSubscriptionRequest: Sendable, Equatable {
    var url: String
    var events: [WebhookEvent]
    var repository: String?

    static let members: Set<String> = ["url", "events", "repository"]

    init(json: Any) throws(WebhookError) {
        guard let object = json as? [String: Any] else { throw .invalidBody("the body must be a JSON object with 'url' and 'events'") }
        if let unknown = object.keys.sorted().first(where: { !Self.members.contains($0) }) {
            throw .invalidBody("unknown member '\(unknown.prefix(50))'; expected url, events, repository")
        }
        guard let url = object["url"] as? String else { throw .invalidURL("'url' is required and must be a string") }
        self.url = try WebhookURL.validate(url)
        guard let names = object["events"] as? [Any], !names.isEmpty else {
            throw .invalidEvents("'events' must be a non-empty array; events: \(Self.eventList)")
        }
        var events: [WebhookEvent] = []
        for name in names {
            guard let text = name as? String, let event = WebhookEvent(rawValue: text) else {
                throw .invalidEvents("'\(String(describing: name).prefix(50))' is not an event; events: \(Self.eventList)")
            }
            if !events.contains(event) { events.append(event) }
        }
        self.events = events
        switch object["repository"] {
        case nil, is NSNull:
            repository = nil
        case let text as String where !text.isEmpty && text.count <= 255:
            repository = text
        default:
            throw .invalidBody("'repository' must be a string of 1 to 255 characters")
        }
    }

    private static var eventList: String { WebhookEvent.allCases.map(\.rawValue).joined(separator: ", ") }
}
