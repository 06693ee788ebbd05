/// Writes a rule's documentation page (`docs/rules/<id>.md`) from its description and
/// examples, so the docs can never drift from what the rule does.
public enum RuleDocumentation {
    /// The page of `rule`, in Markdown.
    public static func markdown(for rule: any Rule.Type) -> String {
        let description = rule.description
        var lines = [
            "# `\(description.id)`",
            "",
            "| severity | category | seed | needs sources |",
            "|---|---|---|---|",
            "| \(description.severity.rawValue) | \(description.category.rawValue) | \(description.seed ?? "–") | \(rule.requirements.contains(.sources) ? "yes" : "no") |",
            "",
            description.summary,
            "",
            description.help,
            "",
        ]
        if !description.reads.isEmpty {
            lines += ["## What it must have read", "",
                      "Before it reports an error or a warning; where one of these is assumed instead, the finding is `info` and says which.", ""]
            lines += description.reads.map { "- \($0)" } + [""]
        }
        if let repairs = description.repairs {
            lines += ["## Fix", "", repairs, ""]
        }
        lines += section("Triggers", rule.examples.triggering)
        lines += section("Does not trigger", rule.examples.nonTriggering)
        lines.append("_Generated from `\(rule)` by `nibscan rules --markdown docs/rules`; do not edit by hand._")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The index page listing every rule.
    public static func index(of rules: [any Rule.Type]) -> String {
        var lines = ["# nibscan rules", "", "| id | severity | category | seed | summary |", "|---|---|---|---|---|"]
        for rule in rules {
            let description = rule.description
            lines.append("| [`\(description.id)`](\(description.id).md) | \(description.severity.rawValue) | \(description.category.rawValue) | \(description.seed ?? "–") | \(description.summary) |")
        }
        lines += ["", evidenceAndSeverity]
        return lines.joined(separator: "\n") + "\n"
    }

    /// How a finding's severity follows from its evidence (``SeverityPolicy``), for the index.
    static let evidenceAndSeverity = """
    ## Evidence and severity

    Each finding rests on a chain of facts: this element has class X; X ships in the target \
    that bundles this nib; X, its superclasses, extensions and platform classes have no member \
    m; the nib is named "Y". Each fact is *read* from the files or *assumed* (a default, a name \
    match, an expression the analysis could not resolve, a dependency not in the upload). The \
    severity in the table above is what a rule reports when every fact was read; one place \
    (`SeverityPolicy`) lowers it, for every rule alike:

    - an assumed fact keeps the finding at `info`, and the finding says which fact and why \
      (`confidence: assumed`, its `evidence` in the JSON report and in SARIF's `properties`);
    - whatever the rule, a finding whose first place is in a file no target ships, a file only \
      test targets bundle, a storyboard scene that no segue, relationship, initial controller, \
      storyboard reference or code reaches, a nib nothing loads (nor code that runs), code in \
      a type nothing makes or calls (a class placed only in nibs nothing loads, or named only \
      as an outlet's type, is not made; a library's users outside the upload are assumed, not \
      read), code in a block a constant condition rules out (`if FEATURE { … }` with \
      `let FEATURE = false`) or that runs only for the row equal to its section's count, or a \
      nib registered under an identifier no dequeue of that view can ask for is at most \
      `info`: it cannot break the app.

    Each rule's page says what it must have read before it speaks (its help), and its examples \
    show both sides.
    """

    private static func section(_ title: String, _ examples: [RuleExample]) -> [String] {
        var lines = ["## \(title)", ""]
        for example in examples {
            lines += ["### \(example.title)", ""]
            if let severity = example.severity { lines += ["Reported as `\(severity.rawValue)`.", ""] }
            for file in example.files {
                lines += ["`\(file.path)`", "", "```\(fence(for: file.path))", file.text, "```", ""]
            }
        }
        return lines
    }

    private static func fence(for path: String) -> String {
        switch ProjectFile.kind(ofPath: path) {
        case .xib, .storyboard, .nib: "xml"
        case .swift, .package: "swift"
        case .objc: "objc"
        case .project, .workspace, .dependencies, .other: ""
        }
    }
}
