/// `GET /v1/rules`: the rule catalogue.
enum RulesAPI {
    static let routes = [
        Router.Route(method: "GET", template: "/v1/rules", role: .read) { _ in .respond(.json(RuleList(rules: []))) },
    ]

    struct RuleList: Encodable, Sendable {
        var rules: [RuleEntry]
    }

    struct RuleEntry: Encodable, Sendable {
        var id: String
        var severity: String
        var summary: String
        var seed: String?
    }
}
