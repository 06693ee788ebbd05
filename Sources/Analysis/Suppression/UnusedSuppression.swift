/// The diagnostic for a suppression that suppresses nothing: a `// nibscan:disable…`
/// comment or an `ignore` entry that no finding of a rule that ran matches. Not a rule of
/// the registry (it judges suppressions, not the project), but it has an id, a severity
/// and help like one, so `.nibscan.yml` can set it and SARIF can describe it.
enum UnusedSuppression {
    static let description = RuleDescription(
        id: "unused-suppression",
        severity: .info,
        category: .hygiene,
        summary: "A nibscan:disable comment or an ignore entry of .nibscan.yml suppresses nothing.",
        help: """
        A suppression that matches no finding is left over from code that changed: it hides \
        nothing today, and may hide a new finding tomorrow. Remove it, or correct the rule id \
        or the line it stands above.

        A comment `// nibscan:disable-next-line RULE` covers the findings of RULE located on \
        the next line; `// nibscan:disable RULE` covers the rest of the file. An `ignore` entry \
        covers the findings of its rule located in files its `path` matches (and, when given, \
        of its `class` or Interface Builder object `id`). A suppression of a rule that did not \
        run (turned off, or skipped for lack of sources) is not reported.
        """
    )
}
