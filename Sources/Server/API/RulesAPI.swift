import Analysis

/// `GET /v1/rules`: the rule catalogue, the same descriptions `nibscan rules` prints and
/// SARIF embeds.
enum RulesAPI {
    /// The rules the analysis applies. The catalogue lands in the Analysis library with the
    /// rules issue; until then the analysis applies no rule and the list is empty.
    static var catalog: [RuleDescription] { [] }

    static let routes = [
        Router.Route(method: "GET", template: "/v1/rules", role: .read) { _ in .respond(.json(RuleList(rules: catalog))) },
    ]

    struct RuleList: Encodable, Sendable {
        var rules: [RuleDescription]
    }
}
