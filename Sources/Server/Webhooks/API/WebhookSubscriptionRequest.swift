import Analysis
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
        url = try Self.url(object["url"])
        events = try Self.events(object["events"])
        repository = try Self.repository(object["repository"])
    }

    /// `url`: a string that ``WebhookURL`` accepts.
    static func url(_ value: Any?) throws(WebhookError) -> String {
        guard let value else { throw .invalidURL("'url' is required") }
        guard let url = value as? String else { throw .invalidURL("'url' must be a string") }
        return try WebhookURL.validate(url)
    }

    /// `events`: a non-empty array of event names, duplicates dropped, order kept.
    static func events(_ value: Any?) throws(WebhookError) -> [WebhookEvent] {
        guard let names = value as? [Any], !names.isEmpty else {
            throw .invalidEvents("'events' must be a non-empty array; events: \(eventList)")
        }
        var events: [WebhookEvent] = []
        for name in names {
            guard let text = name as? String, let event = WebhookEvent(rawValue: text) else {
                throw .invalidEvents("'\(String(describing: name).prefix(50))' is not an event; events: \(eventList)")
            }
            if !events.contains(event) { events.append(event) }
        }
        return events
    }

    /// `repository`: absent or `null` for every repository, else 1 to 255 characters naming
    /// one, kept in its canonical form (``RepositoryName``) so that it matches analyses
    /// uploaded under any form of the same name.
    static func repository(_ value: Any?) throws(WebhookError) -> String? {
        switch value {
        case nil, is NSNull:
            return nil
        case let text as String where !text.isEmpty && text.count <= 255:
            return RepositoryName.filed(text)
        default:
            throw .invalidBody("'repository' must be a string of 1 to 255 characters, or null for every repository")
        }
    }

    private static var eventList: String { WebhookEvent.allCases.map(\.rawValue).joined(separator: ", ") }
}
