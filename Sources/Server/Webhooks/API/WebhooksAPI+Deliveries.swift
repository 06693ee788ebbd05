import Foundation

extension WebhooksAPI {
    /// `GET /v1/webhooks/{id}/deliveries?limit=&cursor=`: newest message first, each with every attempt.
    func deliveries(_ request: APIRequest) throws -> HTTPResponse {
        let subscription = try existing(request)
        let page = try PageRequest(request)
        let found = try service.store.deliveries(subscriptionID: subscription.id, limit: page.limit + 1, before: page.position)
        let items = Array(found.prefix(page.limit))
        let next = found.count > page.limit ? items.last.map { ListCursor.encode($0.0.sequence) } : nil
        return .json(WebhookPage(items: items.map { WebhookDeliveryResource($0.0, attempts: $0.1) }, nextCursor: next,
                                 links: .init(next: next.map { page.nextLink(request, cursor: $0) })))
    }

    func showDelivery(_ request: APIRequest) throws -> HTTPResponse {
        let subscription = try existing(request)
        let id = request.pathParameters["delivery"] ?? ""
        guard let (delivery, attempts) = try service.store.delivery(id: id, subscriptionID: subscription.id) else {
            throw WebhookError.notFound("webhook \(subscription.id) has no delivery '\(id.prefix(100))'")
        }
        return .json(WebhookDeliveryResource(delivery, attempts: attempts))
    }

    /// `POST …/deliveries/{d}/redeliver`: due now with a fresh schedule; 409 while disabled.
    func redeliver(_ request: APIRequest) throws -> HTTPResponse {
        let subscription = try existing(request)
        guard subscription.enabled else { throw WebhookError.conflict("webhook \(subscription.id) is disabled; enable it before redelivering") }
        let id = request.pathParameters["delivery"] ?? ""
        guard let delivery = try service.store.redeliver(id: id, subscriptionID: subscription.id, now: service.now, machine: service.machine),
              let (_, attempts) = try service.store.delivery(id: delivery.id, subscriptionID: subscription.id) else {
            throw WebhookError.notFound("webhook \(subscription.id) has no delivery '\(id.prefix(100))'")
        }
        service.notify()
        return Self.accepted(delivery, attempts: attempts)
    }
}

/// `?limit=&cursor=` of a webhook listing.
struct PageRequest {
    var limit = 20
    var position: Int64?

    init(_ request: APIRequest) throws {
        if let text = try request.queryValue("limit") {
            guard let parsed = Int(text), (1...100).contains(parsed) else { throw Problem.invalidParameter("limit", "must be a whole number from 1 to 100") }
            limit = parsed
        }
        if let cursor = try request.queryValue("cursor") {
            guard let decoded = ListCursor.decode(cursor) else { throw Problem.invalidParameter("cursor", "is not a cursor this server issued") }
            position = decoded
        }
    }

    func nextLink(_ request: APIRequest, cursor: String) -> String {
        var components = URLComponents()
        components.path = request.head.path
        components.queryItems = request.query.filter { $0.name != "cursor" }.map { URLQueryItem(name: $0.name, value: $0.value) }
            + [URLQueryItem(name: "cursor", value: cursor)]
        return components.string ?? request.head.path
    }
}
