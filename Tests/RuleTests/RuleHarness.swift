@testable import Analysis
import XCTest

/// Runs rules over rule examples and small ad-hoc projects.
enum RuleHarness {
    /// The findings `rule` reports for `example` (only that rule runs).
    static func findings(of rule: any Rule.Type, in example: RuleExample) -> [Finding] {
        Analyzer(configuration: .init(rules: [rule])).analyze(input: example.projectInput).findings
            .filter { $0.rule == rule.description.id }
    }

    /// The findings of every registered rule of `family` for `files`.
    static func findings(_ files: [RuleExample.File], rules: [any Rule.Type] = RuleRegistry.all) -> [Finding] {
        Analyzer(configuration: .init(rules: rules)).analyze(input: RuleExample("ad hoc", files: files).projectInput).findings
    }

    /// `example` with `count` blank lines inserted at the top of every file whose path ends
    /// with one of `suffixes` (XML files after their declaration line).
    static func shifted(_ example: RuleExample, by count: Int, suffixes: [String]) -> RuleExample {
        let padding = String(repeating: "\n", count: count)
        return RuleExample(example.title, files: example.files.map { file in
            guard suffixes.contains(where: file.path.hasSuffix) else { return file }
            if file.text.hasPrefix("<?xml"), let end = file.text.firstIndex(of: "\n") {
                return .init(file.path, String(file.text[..<end]) + padding + String(file.text[end...]))
            }
            return .init(file.path, padding + file.text)
        })
    }
}
