import Foundation

extension ProjectConfiguration {
    /// The keys a configuration may have, in the order the docs list them.
    public static let keys = ["rules", "exclude", "include", "dependencies", "ignore", "baseline", "failOn", "failScope"]

    /// Reads a configuration. `source` names the file in messages; `knownRules` are the
    /// ids `rules:` and `ignore:` may name. An empty file (or one with only comments) is
    /// the default configuration.
    /// - Throws: ``ConfigurationError`` naming the line, the column and what was expected.
    public static func parse(_ data: Data, source: String = fileName,
                             knownRules: Set<String> = RuleCatalog.configurableIDs) throws(ConfigurationError) -> ProjectConfiguration {
        let root: YAMLNode?
        do {
            root = try YAMLReader().read(data)
        } catch {
            throw ConfigurationError(path: source, line: error.line, column: error.column, problem: error.message)
        }
        var configuration = ProjectConfiguration(source: source)
        guard let root, !root.isNull else { return configuration }
        let reader = ConfigurationReader(source: source, knownRules: knownRules)
        for pair in try reader.mapping(root, expected: "a mapping of settings (\(keys.joined(separator: ", ")))") {
            let key = pair.key.scalarText ?? ""
            let value = pair.value
            if value.isNull, key != "rules", key != "ignore" { continue }
            switch key {
            case "rules": configuration.rules = try reader.ruleSettings(value)
            case "exclude": configuration.exclude = try reader.globs(value, key: key)
            case "include": configuration.include = try reader.globs(value, key: key)
            case "dependencies": configuration.dependencies = try reader.moduleNames(value)
            case "ignore": configuration.ignore = try reader.ignores(value)
            case "baseline": configuration.baseline = try reader.text(value, expected: "the path of a JSON report")
            case "failOn": configuration.failOn = try reader.word(value, of: GateLevel.self, key: key)
            case "failScope": configuration.failScope = try reader.word(value, of: FailPolicy.Scope.self, key: key)
            default:
                throw reader.error(at: pair.key, "unknown key '\(key)'; expected one of \(keys.joined(separator: ", "))")
            }
        }
        return configuration
    }
}

/// Reads the typed values of one configuration, each check naming its place.
private struct ConfigurationReader {
    let source: String
    let knownRules: Set<String>

    func error(at node: YAMLNode, _ problem: String) -> ConfigurationError {
        ConfigurationError(path: source, line: node.line, column: node.column, problem: problem)
    }

    func mapping(_ node: YAMLNode, expected: String) throws(ConfigurationError) -> [YAMLNode.Pair] {
        if node.isNull { return [] }
        guard case let .mapping(pairs) = node.content else { throw error(at: node, "expected \(expected), found \(node.kindName)") }
        return pairs
    }

    func sequence(_ node: YAMLNode, expected: String) throws(ConfigurationError) -> [YAMLNode] {
        if node.isNull { return [] }
        guard case let .sequence(items) = node.content else { throw error(at: node, "expected \(expected), found \(node.kindName)") }
        return items
    }

    /// A non-empty string.
    func text(_ node: YAMLNode, expected: String) throws(ConfigurationError) -> String {
        guard let text = node.scalarText, !node.isNull else { throw error(at: node, "expected \(expected), found \(node.kindName)") }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw error(at: node, "expected \(expected), found an empty text") }
        return text
    }

    /// One of an enumeration's raw values.
    func word<Word: RawRepresentable & CaseIterable>(_ node: YAMLNode, of _: Word.Type, key: String) throws(ConfigurationError) -> Word
        where Word.RawValue == String {
        let choices = Word.allCases.map(\.rawValue).joined(separator: ", ")
        let value = try text(node, expected: "one of \(choices)")
        guard let word = Word(rawValue: value) else { throw error(at: node, "\(key) takes one of \(choices), not '\(value)'") }
        return word
    }

    func ruleID(_ node: YAMLNode) throws(ConfigurationError) -> String {
        let id = try text(node, expected: "a rule id")
        guard knownRules.contains(id) else { throw error(at: node, "unknown rule '\(id)' ('nibscan rules' lists them)") }
        return id
    }

    func ruleSettings(_ node: YAMLNode) throws(ConfigurationError) -> [String: ProjectConfiguration.RuleSetting] {
        var settings: [String: ProjectConfiguration.RuleSetting] = [:]
        for pair in try mapping(node, expected: "a mapping of rule ids to off, error, warning or info") {
            let id = try ruleID(pair.key)
            let value = try text(pair.value, expected: "off, error, warning or info")
            if value == "off" {
                settings[id] = .off
            } else if let severity = Severity(rawValue: value) {
                settings[id] = .severity(severity)
            } else {
                throw error(at: pair.value, "rule '\(id)' takes off, error, warning or info, not '\(value)'")
            }
        }
        return settings
    }

    func globs(_ node: YAMLNode, key: String) throws(ConfigurationError) -> [PathGlob] {
        try sequence(node, expected: "a list of path patterns under \(key)").map { item throws(ConfigurationError) in
            try glob(item)
        }
    }

    func glob(_ node: YAMLNode) throws(ConfigurationError) -> PathGlob {
        let pattern = try text(node, expected: "a path pattern")
        guard let glob = PathGlob(pattern) else { throw error(at: node, "expected a path pattern, found '\(pattern)'") }
        return glob
    }

    func moduleNames(_ node: YAMLNode) throws(ConfigurationError) -> Set<String> {
        var names: Set<String> = []
        for item in try sequence(node, expected: "a list of module names") {
            let name = try text(item, expected: "a module name")
            guard !name.contains(where: { $0.isWhitespace || $0 == "/" }) else {
                throw error(at: item, "expected a module name (as in customModule), found '\(name)'")
            }
            names.insert(BuildTarget.moduleName(name))
        }
        return names
    }

    func ignores(_ node: YAMLNode) throws(ConfigurationError) -> [ProjectConfiguration.Ignore] {
        let expected = "a mapping with rule, path and reason (and optionally id or class)"
        return try sequence(node, expected: "a list of entries, each \(expected)").map { entry throws(ConfigurationError) in
            var rule: String?, path: PathGlob?, objectId: String?, className: String?, reason: String?
            for pair in try mapping(entry, expected: expected) {
                switch pair.key.scalarText ?? "" {
                case "rule": rule = try ruleID(pair.value)
                case "path": path = try glob(pair.value)
                case "id": objectId = try text(pair.value, expected: "an Interface Builder object id")
                case "class": className = try text(pair.value, expected: "a class name")
                case "reason": reason = try text(pair.value, expected: "why the finding is accepted")
                case let other: throw error(at: pair.key, "unknown key '\(other)' in an ignore entry; expected rule, path, id, class or reason")
                }
            }
            guard let rule else { throw error(at: entry, "this ignore entry needs a rule") }
            guard let path else { throw error(at: entry, "this ignore entry needs a path") }
            guard let reason else { throw error(at: entry, "this ignore entry needs a reason (why the finding is accepted)") }
            return ProjectConfiguration.Ignore(rule: rule, path: path, objectId: objectId, className: className, reason: reason,
                                               location: SourceLocation(path: source, line: entry.line, column: entry.column))
        }
    }
}
