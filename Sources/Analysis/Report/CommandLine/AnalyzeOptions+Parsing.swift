extension AnalyzeOptions {
    /// Parses the arguments after `analyze`. `--flag value` and `--flag=value` both work;
    /// `--` ends the options; a flag given twice is an error rather than a silent override
    /// (but for `--report`). `environment` supplies `NIBSCAN_SOURCE_LINK` when the flag is absent.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(AnalyzeOptionsError) -> Request {
        var parser = ArgumentCursor(arguments)
        var options = AnalyzeOptions(path: "")
        var path: String?
        var seen: Set<String> = []
        while let argument = parser.next() {
            if argument == "--" {
                while let rest = parser.next() { try setPath(rest, into: &path) }
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                try setPath(argument, into: &path)
                continue
            }
            let (flag, inline) = split(argument)
            if flag == "-h" || flag == "--help" { return .help }
            guard Self.flags.contains(flag) else { throw .unknownOption(argument) }
            guard seen.insert(Self.aliases[flag] ?? flag).inserted || flag == "--report" else { throw .repeatedOption(flag) }
            guard let value = inline ?? parser.next() else { throw .missingValue(flag: flag) }
            try apply(flag, value, to: &options)
        }
        guard let path else { throw .missingPath }
        options.path = path
        if options.sourceLink == nil, let template = environment["NIBSCAN_SOURCE_LINK"], !template.isEmpty {
            do throws(SourceLinkTemplateError) {
                options.sourceLink = try SourceLinkTemplate(template)
            } catch {
                throw .badSourceLink(origin: "NIBSCAN_SOURCE_LINK", error)
            }
        }
        if options.failScope == .new && options.baselinePath == nil { throw .failScopeNeedsBaseline }
        return .analyze(options)
    }

    private static let flags: Set<String> = [
        "--format", "--color", "--output", "-o", "--baseline", "--config", "--fail-on", "--fail-scope",
        "--report", "--repository", "--commit", "--source-link", "--path-prefix",
        "--max-entries", "--max-inflated-bytes", "--max-entry-bytes", "--max-compression-ratio", "--max-ratio",
        "--max-path-depth", "--max-path-length",
        "--max-xml-bytes", "--max-xml-depth", "--max-xml-attribute-bytes", "--max-xml-elements", "--max-xml-attributes",
    ]

    /// Other spellings of a flag, by the flag they stand for: giving both is a repeat.
    /// `--max-ratio` is the earlier name of `--max-compression-ratio` (the server's name).
    private static let aliases: [String: String] = ["-o": "--output", "--max-ratio": "--max-compression-ratio"]

    private static func apply(_ flag: String, _ value: String, to options: inout AnalyzeOptions) throws(AnalyzeOptionsError) {
        switch flag {
        case "--format":
            guard let format = ReportFormat(rawValue: value) else {
                throw .badValue(flag: flag, value: value, expected: "one of \(ReportFormat.names)")
            }
            options.format = format
            options.formatGiven = true
        case "--color":
            guard let choice = ColorChoice(rawValue: value) else {
                throw .badValue(flag: flag, value: value, expected: "auto, always or never")
            }
            options.color = choice
        case "--output", "-o":
            guard !value.isEmpty else { throw .badValue(flag: flag, value: value, expected: "a file name or '-'") }
            options.outputPath = value == "-" ? nil : value
        case "--baseline":
            guard !value.isEmpty else { throw .badValue(flag: flag, value: value, expected: "a JSON report file") }
            options.baselinePath = value
        case "--fail-on":
            guard let level = ProjectConfiguration.GateLevel(rawValue: value) else {
                throw .badValue(flag: flag, value: value, expected: "error, warning, info or never")
            }
            options.failOn = level
        case "--fail-scope":
            guard let scope = FailPolicy.Scope(rawValue: value) else {
                throw .badValue(flag: flag, value: value, expected: "all or new")
            }
            options.failScope = scope
        case "--config":
            guard !value.isEmpty else { throw .badValue(flag: flag, value: value, expected: "a .nibscan.yml file") }
            options.configPath = value
        case "--report":
            guard let output = ReportOutput(value) else { throw .badValue(flag: flag, value: value, expected: ReportOutput.expected) }
            options.extraReports.append(output)
        case "--repository":
            guard RepositoryAddress(value) != nil else {
                throw .badValue(flag: flag, value: value, expected: "a repository such as https://github.com/acme/app or acme/app")
            }
            options.repository = value
        case "--commit":
            guard !value.isEmpty, !value.contains(where: \.isWhitespace) else { throw .badValue(flag: flag, value: value, expected: "a commit id") }
            options.commit = value
        case "--source-link":
            do throws(SourceLinkTemplateError) {
                options.sourceLink = try SourceLinkTemplate(value)
            } catch {
                throw .badSourceLink(origin: flag, error)
            }
        case "--path-prefix":
            guard let prefix = PathMapping.folderPrefix(value) else {
                throw .badValue(flag: flag, value: value, expected: "a relative folder such as ios/")
            }
            options.pathPrefix = prefix.isEmpty ? nil : prefix
        case "--max-entries":
            options.archiveLimits.maxEntries = try LimitValue.count(value, flag: flag)
        case "--max-inflated-bytes":
            options.archiveLimits.maxTotalInflatedBytes = try LimitValue.bytes(value, flag: flag)
        case "--max-entry-bytes":
            options.archiveLimits.maxEntryBytes = try LimitValue.bytes(value, flag: flag)
        case "--max-compression-ratio", "--max-ratio":
            options.archiveLimits.maxCompressionRatio = try LimitValue.ratio(value, flag: flag)
        case "--max-path-depth":
            options.archiveLimits.maxPathDepth = try LimitValue.count(value, flag: flag)
        case "--max-xml-bytes":
            options.interfaceBuilderLimits.maxDocumentBytes = Int(clamping: try LimitValue.bytes(value, flag: flag))
        case "--max-xml-depth":
            options.interfaceBuilderLimits.maxDepth = try LimitValue.count(value, flag: flag)
        case "--max-xml-attribute-bytes":
            options.interfaceBuilderLimits.maxAttributeBytes = Int(clamping: try LimitValue.bytes(value, flag: flag))
        case "--max-xml-elements":
            options.interfaceBuilderLimits.maxElements = try LimitValue.count(value, flag: flag)
        case "--max-xml-attributes":
            options.interfaceBuilderLimits.maxAttributesPerElement = try LimitValue.count(value, flag: flag)
        default:
            options.archiveLimits.maxPathLength = try LimitValue.count(value, flag: flag)
        }
    }

    private static func setPath(_ argument: String, into path: inout String?) throws(AnalyzeOptionsError) {
        guard path == nil else { throw .extraArgument(argument) }
        guard !argument.isEmpty else { throw .missingPath }
        path = argument
    }

    /// `--flag=value` → (`--flag`, `value`); anything else → (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// Walks the argument list once.
private struct ArgumentCursor {
    private let arguments: [String]
    private var index = 0

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }
}
