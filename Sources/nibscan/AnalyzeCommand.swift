import Analysis
import Foundation

/// `nibscan analyze PATH`: prints the report in the asked format and sets the exit status
/// a CI gate reads (`AnalyzeOptions` parses; this only does the I/O).
enum AnalyzeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let options: AnalyzeOptions
        do {
            switch try AnalyzeOptions.parse(arguments, environment: ProcessInfo.processInfo.environment) {
            case .help:
                print(AnalyzeOptions.usage)
                return 0
            case let .analyze(parsed):
                options = parsed
            }
        } catch {
            return CommandUsage.fail(error.description)
        }

        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        let outputs = [(options.outputFormat(stdoutIsTerminal: stdoutIsTerminal), options.outputPath ?? "-")]
            + options.extraReports.map { ($0.format, $0.path) }
        var configuration = Analyzer.Configuration(archiveLimits: options.archiveLimits, interfaceBuilderLimits: options.interfaceBuilderLimits,
                                                   checksRepairs: true, drawsScenes: outputs.contains { $0.0 == .html })
        var analysis: Analyzer.Analysis
        do {
            if let configPath = options.configPath { configuration.project = try readConfiguration(configPath) }
            analysis = try Analyzer(configuration: configuration).analysis(path: options.path)
        } catch let error as CodedError {
            return CommandUsage.fail(oneLine(error.description))
        } catch {
            return CommandUsage.fail(oneLine("cannot analyse \(options.path): \(error)"))
        }
        let failPolicy = options.failPolicy(under: analysis.project)
        let baselinePath = options.baselinePath ?? analysis.project.baseline.map { baselineInConfiguration($0, options: options, source: analysis.project.source) }
        guard failPolicy.scope == .all || baselinePath != nil else {
            return CommandUsage.fail("failScope: new (in \(analysis.project.source)) needs a baseline: set baseline there or give --baseline REPORT.json")
        }
        var report = analysis.report
        do {
            if let baselinePath { report = try readBaseline(baselinePath).compare(report) }
        } catch {
            return CommandUsage.fail(oneLine(String(describing: error)))
        }

        let environment = ProcessInfo.processInfo.environment
        var renderOptions = options.renderOptions(failPolicy: failPolicy, analysedFolder: analysedFolder(options.path))
        for (format, path) in outputs {
            let data: Data
            do {
                renderOptions.color = options.usesColor(toTerminal: path == "-" && stdoutIsTerminal, environment: environment)
                data = try report.rendered(as: format, options: renderOptions)
            } catch {
                return CommandUsage.fail(oneLine("cannot render the report as \(format.rawValue): \(error)"))
            }
            guard path != "-" else {
                FileHandle.standardOutput.write(data)
                continue
            }
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                return CommandUsage.fail(oneLine("cannot write the report to \(path): \(outputProblem(path))"))
            }
        }
        return failPolicy.fails(report) ? 1 : 0
    }

    /// The absolute path of `path` with links resolved, when it is a folder (the Xcode
    /// format prints absolute paths under it); `nil` for a zip.
    private static func analysedFolder(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A reason that may quote a path or an entry name, kept on the one line a CI log shows.
    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Why `path` cannot take the report, in words, rather than Foundation's error number.
    private static func outputProblem(_ path: String) -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return "it is a folder"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) || !isFolder.boolValue {
            return "no folder \(parent)"
        }
        return "the file cannot be written (permission or disk)"
    }

    /// The `--config` file, parsed; an error names the file and the problem.
    private static func readConfiguration(_ path: String) throws -> ProjectConfiguration {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(path: path, line: 1, column: 1, problem: "no readable configuration file here")
        }
        return try ProjectConfiguration.parse(data, source: path)
    }

    /// A `baseline:` of the configuration, relative to the folder holding it on disk (for a
    /// configuration inside a zip, the folder holding the zip).
    private static func baselineInConfiguration(_ baseline: String, options: AnalyzeOptions, source: String) -> String {
        guard !baseline.hasPrefix("/") else { return baseline }
        var isFolder: ObjCBool = false
        let folder: String
        if let configPath = options.configPath {
            folder = (configPath as NSString).deletingLastPathComponent
        } else if FileManager.default.fileExists(atPath: options.path, isDirectory: &isFolder), isFolder.boolValue {
            folder = (options.path as NSString).appendingPathComponent((source as NSString).deletingLastPathComponent)
        } else {
            folder = (options.path as NSString).deletingLastPathComponent
        }
        return folder.isEmpty ? baseline : (folder as NSString).appendingPathComponent(baseline)
    }

    /// The baseline file as a ``Baseline``, or an error naming the file and the problem.
    private static func readBaseline(_ path: String) throws -> Baseline {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw BaselineFileError(message: "cannot read baseline '\(path)': no such file")
        }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw BaselineFileError(message: "cannot read baseline '\(path)': not a readable file")
        }
        return try Baseline(jsonData: data, reference: path)
    }
}

/// A baseline file that cannot be opened at all.
private struct BaselineFileError: CodedError {
    let message: String
    var code: String { "baseline.unreadable" }
    var description: String { message }
}
