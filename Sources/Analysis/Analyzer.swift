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
        public init(archiveLimits: ArchiveLimits = ArchiveLimits()) {
            self.archiveLimits = archiveLimits
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
        var report = ReportBuilder.report(
            projectName: projectName ?? input.defaultName,
            input: input
        )
        report.summary.durationMs = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
        return report
    }
}
