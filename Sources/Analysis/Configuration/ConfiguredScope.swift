import Foundation

/// A project configuration placed on one input: the folder its path patterns are relative
/// to (the one holding `.nibscan.yml`, else the single folder wrapping the archive), and
/// what it changes in each stage of the analysis.
struct ConfiguredScope: Sendable {
    var configuration: ProjectConfiguration
    /// `""` or a wrapping folder with its slash (`App/`).
    var root: String

    init(input: ProjectInput, configuration: ProjectConfiguration) {
        self.init(configuration: configuration, root: Self.wrappingFolder(of: input))
    }

    private init(configuration: ProjectConfiguration, root: String) {
        self.configuration = configuration
        self.root = root
    }

    /// `given` when there is one, else the input's own `.nibscan.yml` at the project root.
    init(input: ProjectInput, given: ProjectConfiguration?) throws(ConfigurationError) {
        if let given {
            self.init(input: input, configuration: given)
            return
        }
        let wrapping = Self.wrappingFolder(of: input)
        let candidates = [ProjectConfiguration.fileName, wrapping + ProjectConfiguration.fileName]
        guard let file = input.files.first(where: { candidates.contains($0.path) }) else {
            self.init(input: input, configuration: ProjectConfiguration())
            return
        }
        guard let contents = file.contents else {
            throw ConfigurationError(path: file.path, line: 1, column: 1,
                                     problem: "the configuration cannot be read: \(file.reason ?? "it was not read")")
        }
        self.init(configuration: try ProjectConfiguration.parse(contents, source: file.path),
                  root: String(file.path.dropLast(ProjectConfiguration.fileName.count)))
    }

    /// A report path relative to the configuration's root.
    func relative(_ path: String) -> String {
        path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// The input without the files `include`/`exclude` leave out, and how many those are.
    func filter(_ input: ProjectInput) -> (ProjectInput, excluded: Int) {
        guard !configuration.include.isEmpty || !configuration.exclude.isEmpty else { return (input, 0) }
        var filtered = input
        filtered.files = input.files.filter { configuration.analyses(path: relative($0.path)) }
        return (filtered, input.files.count - filtered.files.count)
    }

    /// The rules left on.
    func enabled(_ rules: [any Rule.Type]) -> [any Rule.Type] {
        rules.filter { configuration.rules[$0.description.id] != .off }
    }

    /// Findings with the severities `rules:` sets, and a note on the files left out.
    func adjusted(_ outcome: RuleRunner.Outcome, excludedFiles: Int) -> RuleRunner.Outcome {
        var adjusted = outcome
        for index in adjusted.findings.indices {
            if case let .severity(severity) = configuration.rules[adjusted.findings[index].rule] {
                adjusted.findings[index].severity = severity
            }
        }
        if excludedFiles > 0 {
            adjusted.notes.append("\(excludedFiles) file\(excludedFiles == 1 ? " was" : "s were") left out by include/exclude in \(configuration.source).")
        }
        return adjusted
    }

    /// The one folder every listed file is in (`App/`), or `""`.
    static func wrappingFolder(of input: ProjectInput) -> String {
        guard let first = input.files.first?.path, let slash = first.firstIndex(of: "/") else { return "" }
        let folder = first[...slash]
        return input.files.allSatisfy({ $0.path.hasPrefix(folder) }) ? String(folder) : ""
    }
}
