import Foundation

/// `/v1/webhooks` (admin role): subscriptions (created, edited in place, removed), their
/// secrets, enabling, pings, and the delivery log with redelivery.
struct WebhooksAPI: Sendable {
    let service: WebhookService

    static let collection = "/v1/webhooks"
    static let item = "/v1/webhooks/{id}"

    var routes: [Router.Route] {
        [
            Router.Route(method: "POST", template: Self.collection, role: .admin) { request in create(request) },
            route("GET", Self.collection, list),
            route("GET", Self.item, show),
            Router.Route(method: "PATCH", template: Self.item, role: .admin) { request in edit(request) },
            route("DELETE", Self.item, delete),
            route("POST", Self.item + "/enable") { try setEnabled($0, true) },
            route("POST", Self.item + "/disable") { try setEnabled($0, false) },
            route("POST", Self.item + "/rotate-secret", rotateSecret),
            route("POST", Self.item + "/ping", ping),
            route("GET", Self.item + "/deliveries", deliveries),
            route("GET", Self.item + "/deliveries/{delivery}", showDelivery),
            route("POST", Self.item + "/deliveries/{delivery}/redeliver", redeliver),
        ]
    }

    /// An admin route whose handler answers at once; errors become problem responses.
    private func route(_ method: String, _ template: String,
                       _ handler: @escaping @Sendable (APIRequest) throws -> HTTPResponse) -> Router.Route {
        Router.Route(method: method, template: template, role: .admin) { request in .respond(Self.run { try handler(request) }) }
    }

    static func run(_ body: () throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try body()
        } catch let error as WebhookError {
            return .problem(error.problem)
        } catch let problem as Problem {
            return .problem(problem)
        } catch {
            return .problem(.storage(error))
        }
    }

    private func create(_ request: APIRequest) -> HTTPResponderDecision {
        do {
            try JSONBodyReceiver.check(request.head)
        } catch {
            return .respond(.problem(error.problem))
        }
        return .receiveBody(JSONBodyReceiver { json in
            Self.run {
                let body = try WebhookSubscriptionRequest(json: json)
                let now = service.now
                let subscription = WebhookSubscription(id: WebhookSubscription.makeID(), url: body.url, events: body.events,
                                                       repository: body.repository, secret: try WebhookSecret.generate(), createdAt: now)
                try service.store.insert(subscription)
                return .json(WebhookResource(subscription, revealing: subscription.secret, now: now), status: 201,
                             headers: HTTPHeaders([("Location", WebhookResource.path(of: subscription.id))]))
            }
        })
    }

    private func list(_ request: APIRequest) throws -> HTTPResponse {
        let page = try PageRequest(request)
        let found = try service.store.subscriptions(limit: page.limit + 1, after: page.position)
        let items = Array(found.prefix(page.limit))
        let next = found.count > page.limit ? items.last.map { ListCursor.encode($0.sequence) } : nil
        let now = service.now
        return .json(WebhookPage(items: items.map { WebhookResource($0, now: now) }, nextCursor: next,
                                 links: .init(next: next.map { page.nextLink(request, cursor: $0) })))
    }

    func existing(_ request: APIRequest) throws -> WebhookSubscription {
        let id = request.pathParameters["id"] ?? ""
        guard let subscription = try service.store.subscription(id: id) else { throw WebhookError.notFound("no webhook with id '\(id.prefix(100))'") }
        return subscription
    }

    private func show(_ request: APIRequest) throws -> HTTPResponse {
        .json(WebhookResource(try existing(request), now: service.now))
    }

    private func delete(_ request: APIRequest) throws -> HTTPResponse {
        let subscription = try existing(request)
        guard try service.store.deleteSubscription(id: subscription.id) else { throw WebhookError.notFound("no webhook with id '\(subscription.id)'") }
        return HTTPResponse(status: 204)
    }

    private func setEnabled(_ request: APIRequest, _ enabled: Bool) throws -> HTTPResponse {
        let subscription = try existing(request)
        guard let updated = try service.store.setEnabled(id: subscription.id, enabled, reason: nil, now: service.now, machine: service.machine) else {
            throw WebhookError.notFound("no webhook with id '\(subscription.id)'")
        }
        if enabled { service.notify() }
        return .json(WebhookResource(updated, now: service.now))
    }

    private func rotateSecret(_ request: APIRequest) throws -> HTTPResponse {
        let subscription = try existing(request)
        let now = service.now
        let secret = try WebhookSecret.generate()
        guard let updated = try service.store.rotateSecret(id: subscription.id, to: secret, overlapUntil: now.addingTimeInterval(service.configuration.secretOverlap),
                                                           now: now) else {
            throw WebhookError.notFound("no webhook with id '\(subscription.id)'")
        }
        return .json(WebhookResource(updated, revealing: secret, now: now))
    }

    private func ping(_ request: APIRequest) throws -> HTTPResponse {
        let subscription = try existing(request)
        guard subscription.enabled else { throw WebhookError.conflict("webhook \(subscription.id) is disabled; enable it first") }
        let now = service.now
        let data = PingEventData(webhookId: subscription.id, message: "nibscan can reach this receiver")
        let delivery = WebhookDelivery(subscriptionID: subscription.id, event: .ping, analysisID: nil,
                                       payload: try WebhookPayload(event: .ping, at: now, data: data).encoded(), createdAt: now)
        try service.store.enqueue(delivery)
        service.notify()
        return Self.accepted(delivery, attempts: [])
    }

    static func accepted(_ delivery: WebhookDelivery, attempts: [WebhookAttempt]) -> HTTPResponse {
        let resource = WebhookDeliveryResource(delivery, attempts: attempts)
        return .json(resource, status: 202, headers: HTTPHeaders([("Location", resource.links.`self`)]))
    }
}
