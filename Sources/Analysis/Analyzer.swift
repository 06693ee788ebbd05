import Foundation

/// The one entry point of the analysis, used alike by the CLI, the server and tests:
/// `Analyzer().analyze(path:)` reads a `.zip` or a folder and returns the report.
///
/// Stages run in the order of the folders: Archive → InterfaceBuilder + Source → Model →
/// Rules → Report. The analyzer holds no global state and may be used from many threads.
public struct Analyzer: Sendable {
    /// Everything that bounds or tunes one analysis.
    public struct Configuration: Sendable, Equatable {
        public var archiveLimits: ArchiveLimits
        /// Bounds on each xib and storyboard (size, XML depth, attribute size, elements).
        public var interfaceBuilderLimits: InterfaceBuilderLimits
        /// Threads used to parse and index files (1: the calling thread only).
        public var concurrency: Int
        /// The rules to run; all of them by default.
        public var rules: [any Rule.Type]
        /// The project's configuration given from outside (`--config FILE`). When `nil`,
        /// ``Analyzer/analysis(path:projectName:)`` reads the input's own `.nibscan.yml`.
        public var project: ProjectConfiguration?
        /// Whether the rules' repairs are checked (``ProjectFixer``) and the report's findings
        /// carry the ones that hold (`patch`, and the report's combined `patch`). A project
        /// with repairable findings is then analysed a second time; off by default.
        public var checksRepairs: Bool
        /// Whether the report carries wireframes of the scenes its findings name
        /// (``Report/drawings``), for the HTML report; off by default.
        public var drawsScenes: Bool

        public init(archiveLimits: ArchiveLimits = ArchiveLimits(),
                    interfaceBuilderLimits: InterfaceBuilderLimits = .default,
                    concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                    rules: [any Rule.Type] = RuleRegistry.all,
                    project: ProjectConfiguration? = nil,
                    checksRepairs: Bool = false,
                    drawsScenes: Bool = false) {
            self.archiveLimits = archiveLimits
            self.interfaceBuilderLimits = interfaceBuilderLimits
            self.concurrency = max(1, concurrency)
            self.rules = rules
            self.project = project
            self.checksRepairs = checksRepairs
            self.drawsScenes = drawsScenes
        }

        public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
            lhs.archiveLimits == rhs.archiveLimits && lhs.interfaceBuilderLimits == rhs.interfaceBuilderLimits
                && lhs.concurrency == rhs.concurrency && lhs.project == rhs.project && lhs.checksRepairs == rhs.checksRepairs
                && lhs.drawsScenes == rhs.drawsScenes
                && lhs.rules.map { $0.description.id } == rhs.rules.map { $0.description.id }
        }
    }

    /// A report and the project configuration it was made under (the CLI reads the gate
    /// and the baseline from it).
    public struct Analysis: Sendable {
        public var report: Report
        public var project: ProjectConfiguration
    }

    public var configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Analyses the project at `path` (a `.zip` file or a folder).
    /// - Parameter projectName: shown in the report; defaults to the file or folder name.
    /// - Throws: a ``CodedError`` when the input as a whole is unreadable or unsafe.
    public func analyze(path: String, projectName: String? = nil) throws -> Report {
        try analysis(path: path, projectName: projectName).report
    }

    /// Analyses the project at `path` under its configuration: ``Configuration/project``
    /// when given, else the `.nibscan.yml` at the project root, if there is one.
    /// - Throws: a ``CodedError`` when the input is unreadable or unsafe, a
    ///   ``ConfigurationError`` when its configuration cannot be used.
    public func analysis(path: String, projectName: String? = nil) throws -> Analysis {
        let started = DispatchTime.now()
        // One team of threads for every stage, from reading the archive to the classes.
        var result = try ThreadTeam.with(size: configuration.concurrency) { team in
            let input = try ProjectInput.read(path: path, limits: configuration.archiveLimits, team: team)
            return try analysis(input: input, projectName: projectName, team: team)
        }
        result.report.summary.durationMs = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        return result
    }

    /// Analyses files already read under their configuration, as ``analysis(path:projectName:)``.
    public func analysis(input: ProjectInput, projectName: String? = nil) throws(ConfigurationError) -> Analysis {
        try ThreadTeam.with(size: configuration.concurrency) { team throws(ConfigurationError) in
            try analysis(input: input, projectName: projectName, team: team)
        }
    }

    private func analysis(input: ProjectInput, projectName: String?, team: ThreadTeam) throws(ConfigurationError) -> Analysis {
        let scope = try ConfiguredScope(input: input, given: configuration.project)
        var report = analyze(input: input, projectName: projectName, scope: scope, team: team)
        if configuration.checksRepairs {
            var checking = self
            checking.configuration.checksRepairs = false
            checking.configuration.drawsScenes = false
            let plan = ProjectFixer(analyzer: checking).plan(input: input, findings: report.findings)
            let patches = Dictionary(plan.fixes.compactMap { fix in fix.patch.map { (fix.finding.fingerprint, $0) } }) { first, _ in first }
            for index in report.findings.indices { report.findings[index].patch = patches[report.findings[index].fingerprint] }
            report.patch = plan.fixes.isEmpty ? nil : plan.diff
        }
        return Analysis(report: report, project: scope.configuration)
    }

    /// Analyses files already read (an upload held in memory, a rule example) under
    /// ``Configuration/project`` only: a `.nibscan.yml` among the files is not read.
    public func analyze(input: ProjectInput, projectName: String? = nil) -> Report {
        ThreadTeam.with(size: configuration.concurrency) { team in
            analyze(input: input, projectName: projectName,
                    scope: ConfiguredScope(input: input, configuration: configuration.project ?? ProjectConfiguration()), team: team)
        }
    }

    private func analyze(input original: ProjectInput, projectName: String?, scope: ConfiguredScope, team: ThreadTeam) -> Report {
        let started = DispatchTime.now()
        let (input, excluded) = scope.filter(original)
        let model = ProjectModel.build(files: input.files, team: team,
                                       interfaceBuilderLimits: configuration.interfaceBuilderLimits,
                                       dependencies: scope.configuration.dependencies)
        let runner = RuleRunner(rules: scope.enabled(configuration.rules), concurrency: configuration.concurrency)
        // One after the other, each on the whole team.
        let outcome = SuppressionResolver(files: input.files, scope: scope).resolve(scope.adjusted(runner.run(model, team: team), excludedFiles: excluded))
        let classes = model.classEntries(team: team)
        var report = ReportBuilder.report(
            projectName: projectName ?? input.defaultName,
            input: input,
            model: model,
            classes: classes,
            outcome: outcome
        )
        if configuration.drawsScenes {
            let drawn = SceneDrawingBuilder(model: model).drawings(for: report)
            report.drawings = drawn.drawings
            if let note = drawn.note { report.notes = (report.notes ?? []) + [note] }
        }
        report.summary.durationMs = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        return report
    }
}
