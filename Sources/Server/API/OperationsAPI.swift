import Foundation

/// `/livez`, `/readyz`, `/metrics`, `/openapi.yaml`: for orchestrators and scrapers, no token needed.
struct OperationsAPI: Sendable {
    let context: ServiceContext
    let webhooks: WebhookStore

    var routes: [Router.Route] {
        [
            Router.Route(method: "GET", template: "/livez", role: nil) { _ in .respond(.json(Health(status: "ok"))) },
            Router.Route(method: "GET", template: "/readyz", role: nil) { _ in .respond(readiness()) },
            Router.Route(method: "GET", template: "/metrics", role: nil) { _ in .respond(metrics()) },
            Router.Route(method: "GET", template: "/openapi.yaml", role: nil) { _ in .respond(openAPI()) },
        ]
    }

    struct Health: Encodable, Sendable {
        var status: String
        var detail: String?
    }

    /// 200 while the server takes work and its database answers; 503 while draining.
    private func readiness() -> HTTPResponse {
        if context.isDraining {
            return .json(Health(status: "draining", detail: "shutting down"), status: 503)
        }
        do {
            _ = try context.store.countByStatus()
        } catch {
            return .json(Health(status: "unavailable", detail: "database: \(error)"), status: 503)
        }
        return .json(Health(status: "ready"))
    }

    private func metrics() -> HTTPResponse {
        let counts = (try? context.store.countByStatus()) ?? [:]
        let gauges = (try? webhooks.gauges()) ?? Metrics.WebhookGauges()
        let text = context.metrics.render(statusCounts: counts, activeConnections: context.activeConnections(), webhooks: gauges)
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]), body: Data(text.utf8))
    }

    private func openAPI() -> HTTPResponse {
        guard let path = context.configuration.resolvedOpenAPIPath(), let data = FileManager.default.contents(atPath: path) else {
            return .problem(.notFound("the OpenAPI document is not installed; set --openapi"))
        }
        return HTTPResponse(status: 200, headers: HTTPHeaders([("Content-Type", "application/yaml")]), body: data)
    }
}
