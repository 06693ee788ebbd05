import Analysis

/// `GET /v1/rules`: the rule catalogue, the same descriptions `nibscan rules` prints and
/// SARIF embeds.
enum RulesAPI {
    /// The rules the analysis applies, in the registry's order.
    static var catalog: [RuleDescription] { RuleCatalog.descriptions }

    static let routes = [
        Router.Route(method: "GET", template: "/v1/rules", role: .read) { _ in .respond(.json(RuleList(rules: catalog))) },
    ]

    struct RuleList: Encodable, Sendable {
        var rules: [RuleDescription]
    }
}
