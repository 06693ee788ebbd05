/// The report page's filters by severity, rule and strategy, with no script: each is a
/// `<select>`, and the stylesheet hides what the selected option excludes
/// (`body:has(#filter-rule option[value="x"]:checked) [data-rules]:not([data-rules~="x"])`).
/// Findings and class rows carry `data-severities`, `data-rules` and `data-strategies`.
struct HTMLFilters {
    /// The values each filter offers, in a stable order.
    let severities: [String]
    let rules: [String]
    let strategies: [String]

    init(report: Report) {
        let findings = report.findingsAndSuppressed
        severities = [Severity.error, .warning, .info].map(\.rawValue).filter { name in findings.contains { $0.severity.rawValue == name } }
        rules = Set(findings.map(\.rule)).filter(Self.isSafe).sorted()
        strategies = Set(report.classes.flatMap { $0.strategies.map(\.id) }).filter(Self.isSafe).sorted()
    }

    /// The `<select>`s, or nothing when there is nothing to filter.
    var controls: String {
        guard !rules.isEmpty || !strategies.isEmpty else { return "" }
        return "<nav class=\"filters\" aria-label=\"Filters\">"
            + select("severity", "Severity", severities)
            + select("rule", "Rule", rules)
            + select("strategy", "Strategy", strategies)
            + "</nav>"
    }

    /// The rules that hide what the selected options exclude.
    var style: String {
        var css = ".filters{display:flex;flex-wrap:wrap;gap:12px;margin:12px 0;padding:8px 12px;background:var(--panel);border-radius:8px}\n"
        for (name, attribute, values) in [("severity", "data-severities", severities), ("rule", "data-rules", rules),
                                          ("strategy", "data-strategies", strategies)] {
            for value in values {
                css += "body:has(#filter-\(name) option[value=\"\(value)\"]:checked) [\(attribute)]:not([\(attribute)~=\"\(value)\"]){display:none}\n"
            }
        }
        return css
    }

    private func select(_ name: String, _ label: String, _ values: [String]) -> String {
        guard !values.isEmpty else { return "" }
        return "<label>\(label) <select id=\"filter-\(name)\"><option value=\"\" selected>all</option>"
            + values.map { "<option value=\"\($0)\">\($0)</option>" }.joined() + "</select></label>"
    }

    /// Values written into the stylesheet as they are: letters, digits, `-`, `_`, `.`.
    private static func isSafe(_ value: String) -> Bool {
        !value.isEmpty && value.count <= 80 && value.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
    }

    /// The attributes of an element the filters act on.
    static func attributes(severities: some Sequence<Severity>, rules: some Sequence<String>, strategies: some Sequence<String>) -> String {
        func list(_ values: [String]) -> String { XMLText.attribute(values.joined(separator: " ")) }
        return " data-severities=\"\(list(Set(severities).map(\.rawValue).sorted()))\" data-rules=\"\(list(Set(rules).sorted()))\""
            + " data-strategies=\"\(list(Set(strategies).sorted()))\""
    }
}
