import Analysis
import Client
import Foundation

/// `nibscan submit PATH --server URL`: the service's client for CI (`SubmitOptions`
/// parses, `Submission` does the work; this only does the terminal and the files).
enum SubmitCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let options: SubmitOptions
        do {
            switch try SubmitOptions.parse(arguments, environment: environment) {
            case .help:
                print(SubmitOptions.usage)
                return 0
            case let .submit(parsed):
                options = parsed
            }
        } catch {
            return CommandUsage.fail(error.description)
        }
        let terminal = isatty(STDERR_FILENO) == 1
        let shown = ShownLine()
        let progress: ((String) -> Void)? = terminal ? { line in
            guard shown.replace(with: line) else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        } : nil
        let outcome: Submission.Outcome
        do {
            outcome = try Submission(options: options, environment: environment, progress: progress).run()
        } catch {
            if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            return CommandUsage.fail(error.description.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let outputs = [(options.outputPath ?? "-", outcome.rendered)] + zip(options.extraReports.map(\.path), outcome.extraRendered)
        for (path, data) in outputs {
            guard path != "-" else {
                FileHandle.standardOutput.write(data)
                continue
            }
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                return CommandUsage.fail("cannot write the report to \(path): \(error.localizedDescription)")
            }
        }
        return outcome.fails ? 1 : 0
    }
}

/// The progress line on the terminal, so an unchanged line is not written again (libcurl
/// reports progress many times a second).
private final class ShownLine {
    private var line = ""

    /// Whether `next` differs from the line shown; it becomes the line shown.
    func replace(with next: String) -> Bool {
        defer { line = next }
        return next != line
    }
}
