import Analysis
import Foundation

/// `nibscan analyze PATH`: prints the report and sets the exit status a CI gate reads.
enum AnalyzeCommand {
    static let usage = """
    Usage: nibscan analyze PATH [--format json] [--output FILE] [--fail-on error|warning|never]

    PATH is a .zip archive or a folder. Exit status: 0 when nothing at or above --fail-on
    (default: error) is found, 1 when something is, 2 on bad usage or unreadable input.
    """

    /// The threshold that makes the exit status 1.
    enum FailOn: String {
        case error, warning, never
    }

    static func run(_ arguments: [String]) -> Int32 {
        var path: String?
        var outputPath: String?
        var format = "json"
        var failOn = FailOn.error
        var index = 0
        func value(after flag: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                print(usage)
                return 0
            case "--format":
                guard let given = value(after: argument) else { return CommandUsage.fail("--format needs a value") }
                format = given
            case "--output", "-o":
                guard let given = value(after: argument) else { return CommandUsage.fail("--output needs a file") }
                outputPath = given
            case "--fail-on":
                guard let given = value(after: argument), let parsed = FailOn(rawValue: given) else {
                    return CommandUsage.fail("--fail-on takes error, warning or never")
                }
                failOn = parsed
            default:
                if argument.hasPrefix("-") { return CommandUsage.fail("unknown option '\(argument)'\n\(usage)") }
                if path != nil { return CommandUsage.fail("only one PATH may be given") }
                path = argument
            }
            index += 1
        }
        guard let path else { return CommandUsage.fail("analyze needs a PATH\n\(usage)") }
        guard format == "json" else { return CommandUsage.fail("unknown format '\(format)'") }

        let report: Report
        do {
            report = try Analyzer().analyze(path: path)
        } catch let error as CodedError {
            return CommandUsage.fail(error.description)
        } catch {
            return CommandUsage.fail("cannot analyse \(path): \(error)")
        }
        do {
            let data = try report.jsonData()
            if let outputPath {
                try data.write(to: URL(fileURLWithPath: outputPath))
            } else {
                FileHandle.standardOutput.write(data)
                FileHandle.standardOutput.write(Data("\n".utf8))
            }
        } catch {
            return CommandUsage.fail("cannot write the report: \(error)")
        }
        return exitStatus(for: report, failOn: failOn)
    }

    static func exitStatus(for report: Report, failOn: FailOn) -> Int32 {
        switch failOn {
        case .never: 0
        case .warning: report.summary.errors + report.summary.warnings > 0 ? 1 : 0
        case .error: report.summary.errors > 0 ? 1 : 0
        }
    }
}
