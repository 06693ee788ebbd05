import Foundation

/// What a team tunes in `.nibscan.yml`: rule severities, which files are analysed, the
/// dependency modules an upload lacks, findings they accept (with a reason), and the gate.
/// It is an input of the analysis (``Analyzer/Configuration/project``); the file's format
/// is in `docs/configuration.md`.
public struct ProjectConfiguration: Sendable, Equatable {
    /// The name configurations are found under at the project root.
    public static let fileName = ".nibscan.yml"

    /// What `rules: <id>:` sets a rule to.
    public enum RuleSetting: Sendable, Equatable {
        case off
        case severity(Severity)
    }

    /// `failOn:`: the lowest severity that fails the gate, or `never`.
    public enum GateLevel: String, Sendable, Equatable, CaseIterable {
        case error, warning, info, never

        public var threshold: Severity? { Severity(rawValue: rawValue) }
    }

    /// One accepted finding (`ignore:`): a rule in files matching `path`, optionally only
    /// for one Interface Builder object id or one class.
    public struct Ignore: Sendable, Equatable {
        public var rule: String
        public var path: PathGlob
        public var objectId: String?
        public var className: String?
        public var reason: String
        /// Where the entry is written, for the report (and for `unused-suppression`).
        public var location: SourceLocation

        public init(rule: String, path: PathGlob, objectId: String? = nil, className: String? = nil,
                    reason: String, location: SourceLocation) {
            self.rule = rule
            self.path = path
            self.objectId = objectId
            self.className = className
            self.reason = reason
            self.location = location
        }
    }

    /// The file the configuration was read from, as messages and the report name it.
    public var source: String
    public var rules: [String: RuleSetting]
    /// Files to leave out; applied after `include`.
    public var exclude: [PathGlob]
    /// When not empty, only matching files are analysed.
    public var include: [PathGlob]
    /// Module names whose classes count as external, as if a Podfile declared them.
    public var dependencies: Set<String>
    public var ignore: [Ignore]
    /// A JSON report to compare with, relative to the folder holding the configuration.
    public var baseline: String?
    public var failOn: GateLevel?
    public var failScope: FailPolicy.Scope?

    public init(source: String = fileName, rules: [String: RuleSetting] = [:], exclude: [PathGlob] = [],
                include: [PathGlob] = [], dependencies: Set<String> = [], ignore: [Ignore] = [],
                baseline: String? = nil, failOn: GateLevel? = nil, failScope: FailPolicy.Scope? = nil) {
        self.source = source
        self.rules = rules
        self.exclude = exclude
        self.include = include
        self.dependencies = dependencies
        self.ignore = ignore
        self.baseline = baseline
        self.failOn = failOn
        self.failScope = failScope
    }

    /// Whether the file at `path` (relative to the project root) is analysed.
    public func analyses(path: String) -> Bool {
        if !include.isEmpty, !include.contains(where: { $0.matches(path) }) { return false }
        return !exclude.contains { $0.matches(path) }
    }
}

/// A `.nibscan.yml` that cannot be used: names the file, the line and column, and what
/// was expected there. Stops the analysis (exit status 2; `config.invalid` in the server).
public struct ConfigurationError: CodedError, Equatable {
    public var path: String
    public var line: Int
    public var column: Int
    public var problem: String

    public init(path: String, line: Int, column: Int, problem: String) {
        self.path = path
        self.line = line
        self.column = column
        self.problem = problem
    }

    public var code: String { "config.invalid" }
    public var description: String { "\(path):\(line):\(column): \(problem)" }
}
