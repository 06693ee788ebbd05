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

        public init(archiveLimits: ArchiveLimits = ArchiveLimits(),
                    interfaceBuilderLimits: InterfaceBuilderLimits = .default,
                    concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                    rules: [any Rule.Type] = RuleRegistry.all) {
            self.archiveLimits = archiveLimits
            self.interfaceBuilderLimits = interfaceBuilderLimits
            self.concurrency = max(1, concurrency)
            self.rules = rules
        }

        public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
            lhs.archiveLimits == rhs.archiveLimits && lhs.interfaceBuilderLimits == rhs.interfaceBuilderLimits
                && lhs.concurrency == rhs.concurrency
                && lhs.rules.map { $0.description.id } == rhs.rules.map { $0.description.id }
        }
    }

    public var configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Analyses the project at `path` (a `.zip` file or a folder).
    /// - Parameter projectName: shown in the report; defaults to the file or folder name.
    /// - Throws: a ``CodedError`` when the input as a whole is unreadable or unsafe.
    public func analyze(path: String, projectName: String? = nil) throws -> Report {
        let started = DispatchTime.now()
        let input = try ProjectInput.read(path: path, limits: configuration.archiveLimits)
        var report = analyze(input: input, projectName: projectName)
        report.summary.durationMs = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        return report
    }

    /// Analyses files already read (an upload held in memory, a rule example).
    public func analyze(input: ProjectInput, projectName: String? = nil) -> Report {
        let started = DispatchTime.now()
        let model = ProjectModel.build(files: input.files, concurrency: configuration.concurrency,
                                       interfaceBuilderLimits: configuration.interfaceBuilderLimits)
        let concurrency = configuration.concurrency
        let runner = RuleRunner(rules: configuration.rules, concurrency: concurrency)
        // Classes and strategies do not depend on the findings: both run side by side.
        let (outcome, classes) = Parallel.both(concurrency: concurrency, {
            runner.run(model)
        }, {
            model.classEntries(concurrency: concurrency)
        })
        var report = ReportBuilder.report(
            projectName: projectName ?? input.defaultName,
            input: input,
            model: model,
            classes: classes,
            outcome: outcome
        )
        report.summary.durationMs = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        return report
    }
}
