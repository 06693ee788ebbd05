/// One check of ANALYSIS.md §4, SwiftLint-style: a small self-describing type whose
/// description feeds the catalogue and whose examples are at once its tests and its docs.
///
/// Adding a rule means writing one `XxxRule.swift` under `Rules/<Family>/` and adding it
/// to ``RuleRegistry/all``; nothing else changes.
///
/// ```swift
/// struct DuplicateIDRule: Rule {
///     static let description = RuleDescription(id: "duplicate-id", severity: .warning, …)
///     static let examples = RuleExamples(triggering: […], nonTriggering: […])
///     static func check(_ model: ProjectModel) -> [RuleViolation] { … }
/// }
/// ```
public protocol Rule: Sendable {
    /// What the rule is, independent of any project.
    static var description: RuleDescription { get }
    /// Mini-projects that must and must not trigger the rule.
    static var examples: RuleExamples { get }
    /// What the rule needs from the project; a rule whose needs are not met is skipped
    /// and the report says so.
    static var requirements: RuleRequirements { get }
    /// Every violation of the rule in `model`.
    static func check(_ model: ProjectModel) -> [RuleViolation]
}

extension Rule {
    public static var requirements: RuleRequirements { [] }
}

/// The inputs a rule needs besides Interface Builder files.
public struct RuleRequirements: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// At least one Swift or Objective-C file: the rule compares IB with code.
    public static let sources = RuleRequirements(rawValue: 1 << 0)
}
