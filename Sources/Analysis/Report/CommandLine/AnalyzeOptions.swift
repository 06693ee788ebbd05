/// Everything `nibscan analyze` was asked to do, parsed from its arguments by a pure
/// function so that every flag and every bad value is testable without a process.
public struct AnalyzeOptions: Sendable, Equatable {
    /// The `.zip` archive or folder to analyse.
    public var path: String
    public var format: ReportFormat
    /// Whether `--format` was given: without it a terminal gets ``ReportFormat/text``, and
    /// a pipe, a file or `--output` the JSON report (``outputFormat(stdoutIsTerminal:)``).
    public var formatGiven = false
    /// `--color`: whether the terminal format colours its severities.
    public var color: ColorChoice = .auto
    /// Where the report goes; `nil` (or `-`) means stdout.
    public var outputPath: String?
    /// A JSON report to compare with: findings become `new` or `unchanged`.
    public var baselinePath: String?
    /// `--fail-on` and `--fail-scope` as given; `nil` leaves the choice to `.nibscan.yml`.
    public var failOn: ProjectConfiguration.GateLevel?
    public var failScope: FailPolicy.Scope?
    /// `--config FILE`: a `.nibscan.yml` read instead of the one at the project root.
    public var configPath: String?
    /// `--report FORMAT:FILE`, repeatable: the same report in more formats, from one analysis.
    public var extraReports: [ReportOutput] = []
    /// `--repository` and `--commit`: with both, locations link to the file and line.
    public var repository: String?
    public var commit: String?
    /// `--source-link TEMPLATE` or `NIBSCAN_SOURCE_LINK` (the flag wins).
    public var sourceLink: SourceLinkTemplate?
    /// `--path-prefix DIR`: where PATH is in the repository, put before every path the
    /// formats write (links, SARIF, annotations), not the JSON report's.
    public var pathPrefix: String?
    public var archiveLimits: ArchiveLimits
    public var interfaceBuilderLimits: InterfaceBuilderLimits

    public init(path: String, format: ReportFormat = .json, outputPath: String? = nil,
                baselinePath: String? = nil, failPolicy: FailPolicy? = nil, configPath: String? = nil,
                archiveLimits: ArchiveLimits = ArchiveLimits(), interfaceBuilderLimits: InterfaceBuilderLimits = .default) {
        self.path = path
        self.format = format
        self.outputPath = outputPath
        self.baselinePath = baselinePath
        failOn = failPolicy.map { $0.threshold.flatMap { ProjectConfiguration.GateLevel(rawValue: $0.rawValue) } ?? .never }
        failScope = failPolicy?.scope
        self.configPath = configPath
        self.archiveLimits = archiveLimits
        self.interfaceBuilderLimits = interfaceBuilderLimits
    }

    /// What renderers need from the flags: the gate, the links and the path prefix;
    /// `analysedFolder` (absolute) when PATH is a folder, for the Xcode format's paths.
    public func renderOptions(failPolicy: FailPolicy, analysedFolder: String? = nil) -> RenderOptions {
        RenderOptions(repository: repository, commit: commit, sourceLink: sourceLink,
                      pathMapping: PathMapping(addPrefix: pathPrefix), failPolicy: failPolicy, absoluteRoot: analysedFolder)
    }

    /// `--color auto|always|never`.
    public enum ColorChoice: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// The format of the main output: the one asked for, else readable text on a terminal
    /// and the JSON report anywhere else (a pipe, a file, `--output`), as scripts expect.
    public func outputFormat(stdoutIsTerminal: Bool) -> ReportFormat {
        formatGiven || outputPath != nil || !stdoutIsTerminal ? format : .text
    }

    /// Whether text written to a terminal (`toTerminal`) or elsewhere is coloured:
    /// `--color always|never` decide; `auto` colours a terminal unless `NO_COLOR` is set to
    /// anything or `TERM` is `dumb` (https://no-color.org).
    public func usesColor(toTerminal: Bool, environment: [String: String]) -> Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto: toTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }

    /// The gate from the flags alone (the defaults where none was given).
    public var failPolicy: FailPolicy { failPolicy(under: ProjectConfiguration()) }

    /// The gate: each flag given wins over `project`'s `failOn`/`failScope`, which win over
    /// the defaults (`error`, `all`).
    public func failPolicy(under project: ProjectConfiguration) -> FailPolicy {
        let defaults = FailPolicy()
        let level = failOn ?? project.failOn
        return FailPolicy(threshold: level.map(\.threshold) ?? defaults.threshold, scope: failScope ?? project.failScope ?? defaults.scope)
    }

    /// What the arguments ask for: the usage text, or an analysis.
    public enum Request: Sendable, Equatable {
        case help
        case analyze(AnalyzeOptions)
    }

    public static let usage = """
    Usage: nibscan analyze PATH [options]

    PATH is a .zip archive or a folder. The report goes to stdout unless --output is given:
    readable text on a terminal, the JSON report to a pipe or a file.

    Options:
      --format F              json, sarif, markdown, github, junit, codeclimate, checkstyle,
                              xcode (path:line:col: error: … lines for Xcode and editors) or
                              text (grouped by file); default: text on a terminal, else json
      --color WHEN            auto (default), always or never: colour the text format
                              (auto: on a terminal unless NO_COLOR is set)
      --output FILE           write the report to FILE ('-' for stdout)
      --report FORMAT:FILE    also write the report in FORMAT to FILE (repeatable), e.g.
                              --report sarif:nibscan.sarif --report markdown:summary.md
      --repository R          the repository: https://github.com/acme/app, github.com/acme/app
                              or acme/app; with --commit, locations link to file and line
      --commit SHA            the commit the files come from
      --source-link TEMPLATE  the link of a file and line, with {repository} {commit} {path}
                              {line} (or NIBSCAN_SOURCE_LINK); default: GitHub's file view for
                              GitHub and owner/name, GitLab's for gitlab.* hosts
      --path-prefix DIR       where PATH is in the repository (e.g. ios/): put before the paths
                              of every format but json
      --baseline REPORT.json  mark findings new or unchanged against an earlier JSON report
      --config FILE           read this .nibscan.yml instead of the one at the project root
      --fail-on LEVEL         error (default), warning, info or never: the lowest severity
                              that makes the exit status 1
      --fail-scope SCOPE      all (default) or new: with 'new' only findings missing from
                              the baseline count (needs --baseline)
      --max-entries N         archive entries at most (default 200000)
      --max-inflated-bytes B  bytes inflated over the archive (default 1G)
      --max-entry-bytes B     uncompressed bytes of one entry read (default 64M)
      --max-compression-ratio R
                              uncompressed/compressed size of one entry (default 1000;
                              --max-ratio is accepted too)
      --max-path-depth N      path components of an entry name (default 64)
      --max-path-length N     bytes of an entry name (default 1024)
      --max-xml-bytes B       size of one xib or storyboard (default 64M)
      --max-xml-depth N       element nesting of a xib or storyboard (default 256)
      --max-xml-attribute-bytes B
                              length of one XML attribute value (default 1M)
      --max-xml-elements N    elements in one xib or storyboard (default 500000)
      --max-xml-attributes N  attributes of one element of a xib or storyboard (default 256)
      -h, --help              show this text

    Sizes take a K, M or G suffix (powers of 1024). Options also take the form --flag=value.
    A xib or storyboard over an XML limit is listed as an error file naming the limit; the
    rest of the project is still analysed.
    --fail-on, --fail-scope and --baseline win over failOn, failScope and baseline in the
    configuration (docs/configuration.md).
    Exit status: 0 when nothing at or above --fail-on is found, 1 when something is,
    2 on bad usage, unreadable input or an unusable configuration (with a one-line reason
    on stderr).
    """
}

/// Why the arguments of `nibscan analyze` cannot be used; each names the flag and value.
public enum AnalyzeOptionsError: CodedError, Equatable {
    case missingValue(flag: String)
    case badValue(flag: String, value: String, expected: String)
    case unknownOption(String)
    case repeatedOption(String)
    case missingPath
    case extraArgument(String)
    case failScopeNeedsBaseline
    case badSourceLink(origin: String, SourceLinkTemplateError)

    public var code: String {
        switch self {
        case .missingValue: "usage.missing-value"
        case .badValue: "usage.bad-value"
        case .unknownOption: "usage.unknown-option"
        case .repeatedOption: "usage.repeated-option"
        case .missingPath: "usage.missing-path"
        case .extraArgument: "usage.extra-argument"
        case .failScopeNeedsBaseline: "usage.fail-scope-needs-baseline"
        case let .badSourceLink(_, error): error.code
        }
    }

    public var description: String {
        let hint = " (see 'nibscan analyze --help')"
        return switch self {
        case let .missingValue(flag): "\(flag) needs a value\(hint)"
        case let .badValue(flag, value, expected): "\(flag) takes \(expected), not '\(value)'"
        case let .unknownOption(option): "unknown option '\(option)'\(hint)"
        case let .repeatedOption(flag): "\(flag) is given more than once"
        case .missingPath: "analyze needs a PATH (a .zip archive or a folder)\(hint)"
        case let .extraArgument(argument): "only one PATH may be given; '\(argument)' is extra"
        case .failScopeNeedsBaseline: "--fail-scope new needs --baseline REPORT.json"
        case let .badSourceLink(origin, error): "\(origin): \(error.description)"
        }
    }
}
