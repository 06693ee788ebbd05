import Analysis
import Foundation

/// Reports built in code for the format tests: findings in storyboards, xibs and sources,
/// with messages that break naive escaping (`%`, `:`, `,`, newlines, `|`, `<`, `&`,
/// quotes, backticks, control characters, non-ASCII, `@mentions`).
enum SyntheticReports {
    static let nastyMessage = "Card \"View\" <b>&amp;</b> 100% lost: width, height\r\nsecond | line — ünïcødé 🚀 @objc(CardView) 'q'"

    static let placeholderFinding = Finding(
        rule: "placeholder-constraints-dropped", severity: .error, className: "CardView",
        message: nastyMessage,
        locations: [SourceLocation(path: "App/Base.lproj/Main.storyboard", line: 42, column: 7),
                    SourceLocation(path: "App/Views/CardView.swift", line: 10)],
        fix: "Copy the placeholder's constraints in awakeAfter(using:)", seed: "000",
        fingerprint: "fp-placeholder")

    static let outletFinding = Finding(
        rule: "outlet-not-kvc-compliant", severity: .warning, className: "Profile`Cell`",
        message: "Outlet `titleLabel` of Profile`Cell` has no property",
        locations: [SourceLocation(path: "App Folder/Profile Cell (v2).xib", line: 88)],
        fix: "Connect `titleLabel` | remove the outlet", fingerprint: "fp-outlet", patch: outletPatch)

    /// A checked repair of the outlet finding, with a diff that holds three backticks.
    static let outletPatch = FindingPatch(
        summary: "property \"title\" → \"titleLabel\"",
        diff: "diff --git a/App Folder/Profile Cell (v2).xib b/App Folder/Profile Cell (v2).xib\n--- a/App Folder/Profile Cell (v2).xib\n+++ b/App Folder/Profile Cell (v2).xib\n@@ -88 +88 @@\n-<outlet property=\"title\" id=\"```\"/>\n+<outlet property=\"titleLabel\" id=\"```\"/>\n",
        replacements: [.init(path: "App Folder/Profile Cell (v2).xib", line: 88, startColumn: 19, endColumn: 24, text: "titleLabel")])

    static let hygieneFinding = Finding(
        rule: "misplaced-view", severity: .info,
        message: "Control characters \u{1B}[31m and \u{0} and \u{7} in a label",
        locations: [SourceLocation(path: "App/Legacy.xib", line: 5)],
        fix: "", fingerprint: "fp-hygiene")

    /// No location of its own: formats fall back to the class declaration.
    static let unlocatedFinding = Finding(
        rule: "missing-nib", severity: .error, className: "CardView",
        message: "No nib named CardView in the project", locations: [],
        fix: "Add CardView.xib or load by another name", fingerprint: "fp-missing-nib")

    static let cardViewClass = ClassEntry(
        name: "CardView", language: .swift, superclass: "UIView",
        declared: .init(path: "App/Views/CardView.swift", line: 3))

    static func report(findings: [Finding], classes: [ClassEntry] = [cardViewClass]) -> Report {
        Report(
            tool: .init(name: "nibscan", version: "0.1.0"),
            project: .init(name: "SampleApp", files: 5, bytes: 12_345),
            files: [
                FileEntry(path: "App/Base.lproj/Main.storyboard", kind: .storyboard, status: .analysed),
                FileEntry(path: "App/Views/CardView.swift", kind: .swift, status: .analysed),
                FileEntry(path: "App Folder/Profile Cell (v2).xib", kind: .xib, status: .analysed),
                FileEntry(path: "App/Legacy.xib", kind: .xib, status: .legacy, reason: "Xcode 3 format"),
                FileEntry(path: "App/Compiled.nib", kind: .nib, status: .binary, reason: "compiled nib"),
            ],
            classes: classes,
            findings: findings,
            summary: .init(errors: findings.count(where: { $0.severity == .error }),
                           warnings: findings.count(where: { $0.severity == .warning }),
                           infos: findings.count(where: { $0.severity == .info }),
                           classes: classes.count, nibs: 2, storyboards: 1, durationMs: 1_234))
    }

    /// Four findings of every severity, in IB files and sources.
    static var mixed: Report {
        var mixed = report(findings: [placeholderFinding, outletFinding, hygieneFinding, unlocatedFinding])
        mixed.patch = outletPatch.diff
        return mixed
    }

    /// A report without findings.
    static var clean: Report { report(findings: []) }

    /// `count` distinct findings, each with a long nasty message: the Markdown size test.
    static func many(_ count: Int) -> Report {
        let severities: [Severity] = [.error, .warning, .info]
        let findings = (0..<count).map { index in
            Finding(rule: "rule-\(index % 7)", severity: severities[index % 3], className: "View\(index)",
                    message: String(repeating: "| <&> `x` \(index) ", count: 40),
                    locations: [SourceLocation(path: "App/Scene\(index % 13).storyboard", line: index + 1)],
                    fix: "fix \(index)", fingerprint: "fp-\(index)")
        }
        return report(findings: findings)
    }

    /// Catalogue entries for two of the rules, as the real catalogue will pass them.
    static let catalogue = [
        RuleDescription(id: "placeholder-constraints-dropped", severity: .error, category: .constraintCopy,
                        summary: "Constraints on the storyboard placeholder are lost in the awakeAfter swap.",
                        seed: "000",
                        help: "The placeholder's own constraints are not copied.\n\nCopy them in `awakeAfter(using:)`."),
        RuleDescription(id: "outlet-not-kvc-compliant", severity: .error, category: .referenceIntegrity,
                        summary: "An outlet names a property the class lacks.",
                        help: "Loading crashes with *not key value coding-compliant*."),
    ]
}
