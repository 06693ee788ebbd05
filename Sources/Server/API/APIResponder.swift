import Foundation

/// The nibscan API behind the HTTP layer: matches the route, checks the bearer token's
/// role, and hands the request to the resource's handler.
struct APIResponder: HTTPResponder {
    let context: ServiceContext
    let router: Router

    init(context: ServiceContext, webhooks: WebhookService) {
        self.context = context
        let analyses = AnalysesAPI(context: context)
        let operations = OperationsAPI(context: context, webhooks: webhooks.store)
        router = Router(routes: analyses.routes + TrendsAPI(context: context).routes + RepositoriesAPI(context: context).routes + RulesAPI.routes
                            + operations.routes + WebhooksAPI(service: webhooks).routes)
    }

    func begin(_ request: HTTPRequestContext) -> HTTPResponderDecision {
        let head = request.head
        switch router.match(method: head.method, path: head.path) {
        case .notFound:
            return .respond(routed(.problem(.notFound("no resource at \(head.path.prefix(200))")), route: "-", head: head))
        case .methodNotAllowed(let allowed):
            let problem = Problem(code: "request.method-not-allowed", title: "Method Not Allowed", status: 405,
                                  detail: "\(head.method) is not allowed here; use \(allowed.joined(separator: ", "))")
            return .respond(routed(.problem(problem, headers: HTTPHeaders([("Allow", allowed.joined(separator: ", "))])), route: "-", head: head))
        case .found(let route, let parameters):
            if let refusal = admit(head, to: route, parameters: parameters) {
                return .respond(routed(refusal, route: route.template, head: head))
            }
            let apiRequest: APIRequest
            do {
                apiRequest = APIRequest(context: request, route: route.template, pathParameters: parameters,
                                        query: try APIRequest.decodeQuery(head.query))
            } catch {
                return .respond(routed(.problem(error), route: route.template, head: head))
            }
            switch route.handler(apiRequest) {
            case .respond(let response):
                return .respond(routed(response, route: route.template, head: head))
            case .receiveBody(let receiver):
                return .receiveBody(RoutedReceiver(receiver, route: route.template))
            }
        }
    }

    /// On a route that honours signed links, a request carrying one is judged by the link
    /// alone (a token beside it is not consulted: a bad link is refused rather than passed
    /// over in silence); every other request by its bearer token.
    private func admit(_ head: HTTPRequestHead, to route: Router.Route, parameters: [String: String]) -> HTTPResponse? {
        if route.opensWithSignedLink, let query = try? APIRequest.decodeQuery(head.query),
           let verdict = ReportLinkSigner.verdict(of: context.links.reportLinks, query: query, analysisID: parameters["id"] ?? "") {
            switch verdict {
            case .valid: return nil
            case .expired: return .problem(.reportLinkExpired)
            case .invalid: return .problem(.reportLinkInvalid)
            }
        }
        guard let role = route.role else { return nil }
        return authorize(head, role: role)
    }

    /// 401 with a challenge when the token is missing or unknown, 403 when its roles fall short.
    private func authorize(_ head: HTTPRequestHead, role: Role) -> HTTPResponse? {
        switch context.tokens.verdict(authorization: head.headers["Authorization"]) {
        case .open:
            return nil
        case .missing:
            return .problem(.unauthorized, headers: HTTPHeaders([("WWW-Authenticate", "Bearer realm=\"nibscan\"")]))
        case .invalid:
            return .problem(.unauthorized, headers: HTTPHeaders([("WWW-Authenticate", "Bearer realm=\"nibscan\", error=\"invalid_token\"")]))
        case .granted(let roles):
            return roles.allows(role) ? nil : .problem(.forbidden(needs: role))
        }
    }

    /// Stamps the route template for logs and metrics, and shows a browser its problem as a page.
    private func routed(_ response: HTTPResponse, route: String, head: HTTPRequestHead) -> HTTPResponse {
        var response = response.presented(to: head)
        if response.route == nil { response.route = route }
        return response
    }
}

/// Stamps the route template on the responses of a body receiver, for logs and metrics.
final class RoutedReceiver: HTTPBodyReceiver {
    private let wrapped: any HTTPBodyReceiver
    private let route: String

    init(_ wrapped: any HTTPBodyReceiver, route: String) {
        self.wrapped = wrapped
        self.route = route
    }

    var maxBytes: Int64 { wrapped.maxBytes }

    func receive(_ bytes: [UInt8]) -> HTTPResponse? {
        wrapped.receive(bytes).map(stamped)
    }

    func finish() -> HTTPResponse { stamped(wrapped.finish()) }

    func abandon() { wrapped.abandon() }

    private func stamped(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.route = response.route ?? route
        return response
    }
}
