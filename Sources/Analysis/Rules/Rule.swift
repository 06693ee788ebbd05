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
    /// Why the rule cannot judge `model` (it is then skipped and the report says why), or
    /// `nil` when it can. By default: the ``requirements`` that are not met.
    static func skipReason(in model: ProjectModel) -> String?
    /// Every violation of the rule in `model`.
    static func check(_ model: ProjectModel) -> [RuleViolation]
}

extension Rule {
    public static var requirements: RuleRequirements { [] }

    public static func skipReason(in model: ProjectModel) -> String? {
        requirements.unmetReason(in: model)
    }
}

/// The inputs a rule needs besides Interface Builder files.
public struct RuleRequirements: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// At least one Swift or Objective-C file: the rule compares IB with code.
    public static let sources = RuleRequirements(rawValue: 1 << 0)

    /// Why `model` does not meet these requirements, or `nil` when it does.
    public func unmetReason(in model: ProjectModel) -> String? {
        contains(.sources) && !model.hasSources
            ? "The project has no Swift or Objective-C sources: skipped the checks that compare Interface Builder with code"
            : nil
    }
}
