import Analysis
import Foundation

/// Everything `nibscan submit` was asked to do, parsed from its arguments and environment
/// by a pure function so every flag and bad value is testable without a process.
public struct SubmitOptions: Sendable, Equatable {
    public var path: String
    /// The service's base URL, e.g. `https://nibscan.example.com`.
    public var server: String
    public var token: String?
    public var format: ReportFormat = .json
    /// Where the report goes; `nil` means stdout.
    public var outputPath: String?
    /// `--report FORMAT:FILE`, repeatable: the same report in more formats.
    public var extraReports: [ReportOutput] = []
    /// `--path-prefix DIR`: where PATH is in the repository (the report's `?pathPrefix=`).
    public var pathPrefix: String?
    public var failOn: ProjectConfiguration.GateLevel?
    /// The most seconds the whole submission may take (upload, retries, the wait).
    public var timeout: TimeInterval = 600
    /// How long the upload itself waits for the analysis (`?wait=`) before polling.
    public var wait: TimeInterval = 60

    public init(path: String, server: String, token: String? = nil) {
        self.path = path
        self.server = server
        self.token = token
    }

    /// What the arguments ask for.
    public enum Request: Sendable, Equatable {
        case help
        case submit(SubmitOptions)
    }

    public static let usage = """
    Usage: nibscan submit PATH --server URL [options]

    Zips the folder PATH as it streams it to the nibscan service (under git, without what
    .gitignore ignores), waits for the analysis, writes the report and exits like
    'nibscan analyze'. repository, branch, commit and pullRequest come from the CI's
    environment (GitHub Actions, GitLab CI, Bitrise, Jenkins, Buildkite, CircleCI).

    Options:
      --server URL       the service, e.g. https://nibscan.example.com (or NIBSCAN_SERVER)
      --token T          a token with the submit and read roles (or NIBSCAN_TOKEN)
      --format F         json (default), sarif, markdown, github, junit, codeclimate, checkstyle
      --output FILE      write the report to FILE ('-' for stdout)
      --report FORMAT:FILE
                         also write the report in FORMAT to FILE (repeatable)
      --path-prefix DIR  where PATH is in the repository (e.g. ios/), for the paths of
                         every format but json
      --fail-on LEVEL    error (default), warning, info or never; else failOn of PATH/.nibscan.yml
      --timeout S        seconds the whole submission may take (default 600)
      --wait S           seconds the upload waits for the analysis before polling (0 to 300,
                         default 60)
      -h, --help         show this text

    Network failures and 5xx answers are retried with backoff within --timeout.
    Exit status: 0 when nothing at or above --fail-on is found, 1 when something is,
    2 on bad usage or when the submission fails (with a one-line reason on stderr).
    """

    /// Parses the arguments after `submit`; `environment` supplies `NIBSCAN_SERVER` and
    /// `NIBSCAN_TOKEN` when the flags are absent.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(SubmitOptionsError) -> Request {
        var values: [String: String] = [:]
        var extraReports: [ReportOutput] = []
        var path: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-h" || argument == "--help" { return .help }
            guard argument.hasPrefix("--") else {
                guard path == nil else { throw .usage("only one PATH may be given; '\(argument)' is extra") }
                path = argument
                continue
            }
            var flag = argument, inline: String?
            if let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard flags.contains(flag) else { throw .usage("unknown option '\(argument)' (see 'nibscan submit --help')") }
            guard values[flag] == nil else { throw .usage("\(flag) is given more than once") }
            guard let value = inline ?? (index < arguments.count ? arguments[index] : nil) else { throw .usage("\(flag) needs a value") }
            if inline == nil { index += 1 }
            guard flag == "--report" else {
                values[flag] = value
                continue
            }
            guard let output = ReportOutput(value) else { throw .usage("--report takes \(ReportOutput.expected), not '\(value)'") }
            extraReports.append(output)
        }
        guard let path, !path.isEmpty else { throw .usage("submit needs a PATH (a folder) (see 'nibscan submit --help')") }
        guard let server = values["--server"] ?? environment["NIBSCAN_SERVER"], !server.isEmpty else {
            throw .usage("submit needs --server URL (or NIBSCAN_SERVER)")
        }
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw .usage("--server takes an http or https URL, not '\(server)'")
        }
        var options = SubmitOptions(path: path, server: server.hasSuffix("/") ? String(server.dropLast()) : server,
                                    token: values["--token"] ?? environment["NIBSCAN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 })
        if let format = values["--format"] {
            guard let parsed = ReportFormat(rawValue: format) else { throw .usage("--format takes one of \(ReportFormat.names), not '\(format)'") }
            options.format = parsed
        }
        if let output = values["--output"] { options.outputPath = output == "-" ? nil : output }
        options.extraReports = extraReports
        if let prefix = values["--path-prefix"] {
            guard let folder = PathMapping.folderPrefix(prefix) else { throw .usage("--path-prefix takes a relative folder such as ios/, not '\(prefix)'") }
            options.pathPrefix = folder.isEmpty ? nil : folder
        }
        if let level = values["--fail-on"] {
            guard let parsed = ProjectConfiguration.GateLevel(rawValue: level) else {
                throw .usage("--fail-on takes error, warning, info or never, not '\(level)'")
            }
            options.failOn = parsed
        }
        if let timeout = values["--timeout"] { options.timeout = try seconds(timeout, flag: "--timeout", least: 1, most: 86_400) }
        if let wait = values["--wait"] { options.wait = try seconds(wait, flag: "--wait", least: 0, most: 300) }
        return .submit(options)
    }

    private static let flags: Set<String> = ["--server", "--token", "--format", "--output", "--report", "--path-prefix", "--fail-on", "--timeout", "--wait"]

    /// `most` for `--wait` is the server's default `?wait` limit.
    private static func seconds(_ text: String, flag: String, least: Double, most: Double) throws(SubmitOptionsError) -> TimeInterval {
        guard let value = Double(text), value.isFinite, value >= least, value <= most else {
            throw .usage("\(flag) takes a number of seconds from \(Int(least)) to \(Int(most)), not '\(text)'")
        }
        return value
    }
}

/// Why the arguments of `nibscan submit` cannot be used.
public enum SubmitOptionsError: CodedError, Equatable {
    case usage(String)

    public var code: String { "usage.submit" }
    public var description: String {
        switch self {
        case let .usage(message): message
        }
    }
}
