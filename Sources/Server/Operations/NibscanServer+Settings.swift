import Analysis
import Foundation

extension NibscanServer.Configuration {
    /// One setting: its flag, its environment variable, its help line, how to apply a value.
    public struct Setting {
        public var flag: String
        public var environment: String
        public var placeholder: String
        public var help: String
        var describeDefault: (NibscanServer.Configuration) -> String
        var apply: (inout NibscanServer.Configuration, String) throws -> Void
    }

    /// Every setting of `nibscan serve`, in the order `--help` lists them.
    public static func settings() -> [Setting] {
        [
            text("--host", "NIBSCAN_HOST", "ADDRESS", "address to listen on; non-loopback needs tokens", \.http.host),
            integer("--port", "NIBSCAN_PORT", "listening port; 0 picks a free one (logged)", \.http.port, 0...65_535),
            text("--data-dir", "NIBSCAN_DATA_DIR", "DIR", "database and uploads (with --database: temporary files)", \.dataDirectory),
            Setting(flag: "--database", environment: "NIBSCAN_DATABASE_URL", placeholder: "URL",
                    help: "postgres://USER@HOST:PORT/DB shared by several nodes (uploads included)",
                    describeDefault: { $0.database?.description ?? "SQLite in the data directory" }) { configuration, value in
                guard value.isEmpty == false else { configuration.database = nil; return }
                guard let location = Database.Location(url: value) else {
                    throw ServerError.invalidSetting("--database", "must be a postgres:// or postgresql:// URL")
                }
                configuration.database = location
            },
            text("--node-id", "NIBSCAN_NODE_ID", "NAME", "this node's name in claims, logs and metrics (default: HOST-PID)", \.nodeID),
            number("--lease-seconds", "NIBSCAN_LEASE_SECONDS", "seconds a running analysis stays this node's without renewal", \.leaseSeconds),
            optionalText("--tokens-file", "NIBSCAN_TOKENS_FILE", "FILE", "bearer tokens, 'ROLE[,ROLE...] TOKEN' a line", \.tokensFile,
                         unset: "none"),
            optionalText("--openapi", "NIBSCAN_OPENAPI", "FILE", "the OpenAPI document served at /openapi.yaml", \.openAPIPath,
                         unset: "./openapi.yaml, else <bin>/../share/nibscan/ or /usr/local/share/nibscan/"),
            Setting(flag: "--public-url", environment: "NIBSCAN_PUBLIC_URL", placeholder: "URL",
                    help: "absolute URL clients reach this server at, for links in reports and webhooks",
                    describeDefault: { $0.publicURL ?? "the request's Host; http://HOST:PORT in webhooks" }) { configuration, value in
                guard value.isEmpty == false else { configuration.publicURL = nil; return }
                do throws(WebhookError) {
                    configuration.publicURL = try WebhookURL.validate(value)
                } catch {
                    throw ServerError.invalidSetting("--public-url", error.problem.detail ?? "not an http(s) URL")
                }
            },
            Setting(flag: "--source-link", environment: "NIBSCAN_SOURCE_LINK", placeholder: "TEMPLATE",
                    help: "link of a file and line in reports, with {repository} {commit} {path} {line}",
                    describeDefault: { $0.sourceLink?.description ?? "GitHub's or GitLab's file view, by the repository's host" }) { configuration, value in
                guard value.isEmpty == false else { configuration.sourceLink = nil; return }
                do throws(SourceLinkTemplateError) {
                    configuration.sourceLink = try SourceLinkTemplate(value)
                } catch {
                    throw ServerError.invalidSetting("--source-link", error.problem)
                }
            },
            number("--report-link-days", "NIBSCAN_REPORT_LINK_DAYS",
                   "days a signed report link (no token needed) stays valid; 0: none issued or accepted", \.reportLinkDays),
            integer("--workers", "NIBSCAN_WORKERS", "analyses run at once (default: the CPU cores)", \.workers, 1...256),
            large("--max-body-bytes", "NIBSCAN_MAX_BODY_BYTES", "largest upload (413 beyond)", \.maxBodyBytes),
            number("--retention-hours", "NIBSCAN_RETENTION_HOURS", "hours uploads are kept after their analysis (0: forever)", \.retentionHours),
            large("--analysis-memory-bytes", "NIBSCAN_ANALYSIS_MEMORY_BYTES", "address space of each analysis's child process (RLIMIT_AS)",
                  \.analysisIsolation.memoryBytes),
            integer("--analysis-cpu-seconds", "NIBSCAN_ANALYSIS_CPU_SECONDS", "CPU seconds of each analysis's child process (RLIMIT_CPU)",
                    \.analysisIsolation.cpuSeconds, 1...86_400),
            number("--analysis-timeout", "NIBSCAN_ANALYSIS_TIMEOUT_SECONDS", "wall-clock seconds before an analysis's child process is killed",
                   \.analysisIsolation.wallSeconds),
            integer("--max-attempts", "NIBSCAN_MAX_ATTEMPTS", "starts before an analysis interrupted by crashes fails", \.maxAttempts, 1...100),
            integer("--max-wait", "NIBSCAN_MAX_WAIT_SECONDS", "largest ?wait= in seconds", \.maxWaitSeconds, 0...3_600),
            number("--shutdown-grace", "NIBSCAN_SHUTDOWN_GRACE_SECONDS", "seconds running analyses get on SIGTERM", \.shutdownGraceSeconds),
            number("--drain-delay", "NIBSCAN_DRAIN_DELAY_SECONDS", "least seconds /readyz answers 503 on SIGTERM before the listener closes",
                   \.drainDelaySeconds),
            integer("--max-connections", "NIBSCAN_MAX_CONNECTIONS", "connections served at once (503 beyond)", \.http.maxConnections, 1...100_000),
            number("--header-timeout", "NIBSCAN_HEADER_TIMEOUT_SECONDS", "seconds to receive a header section (408)", \.http.headerTimeout),
            number("--body-timeout", "NIBSCAN_BODY_TIMEOUT_SECONDS", "seconds a body may stall (408)", \.http.bodyTimeout),
            integer("--min-body-rate", "NIBSCAN_MIN_BODY_RATE", "least average upload rate in bytes/s after the grace (408 below; 0: off)",
                    \.http.bodyRateFloor.bytesPerSecond, 0...1 << 30),
            number("--body-rate-grace", "NIBSCAN_BODY_RATE_GRACE_SECONDS", "seconds of a body before its rate is judged", \.http.bodyRateFloor.grace),
            number("--body-rate-window", "NIBSCAN_BODY_RATE_WINDOW_SECONDS", "seconds the body rate is averaged over", \.http.bodyRateFloor.window),
            number("--idle-timeout", "NIBSCAN_IDLE_TIMEOUT_SECONDS", "seconds a kept-alive connection may idle", \.http.idleTimeout),
            number("--send-timeout", "NIBSCAN_SEND_TIMEOUT_SECONDS", "seconds a response write may block", \.http.sendTimeout),
            integer("--max-request-line-bytes", "NIBSCAN_MAX_REQUEST_LINE_BYTES", "longest request line (414)", \.http.limits.maxRequestLineBytes, 64...1 << 20),
            integer("--max-header-bytes", "NIBSCAN_MAX_HEADER_BYTES", "largest header section (431)", \.http.limits.maxHeaderBytes, 256...1 << 22),
            integer("--max-entries", "NIBSCAN_MAX_ENTRIES", "archive entries", \.archiveLimits.maxEntries, 1...10_000_000),
            large("--max-inflated-bytes", "NIBSCAN_MAX_INFLATED_BYTES", "bytes inflated over a whole archive", \.archiveLimits.maxTotalInflatedBytes),
            large("--max-entry-bytes", "NIBSCAN_MAX_ENTRY_BYTES", "uncompressed size of one entry read", \.archiveLimits.maxEntryBytes),
            number("--max-compression-ratio", "NIBSCAN_MAX_COMPRESSION_RATIO", "uncompressed/compressed size of an entry", \.archiveLimits.maxCompressionRatio),
            integer("--max-path-depth", "NIBSCAN_MAX_PATH_DEPTH", "path components of an entry name", \.archiveLimits.maxPathDepth, 1...10_000),
            integer("--max-path-length", "NIBSCAN_MAX_PATH_LENGTH", "bytes of an entry name", \.archiveLimits.maxPathLength, 1...65_535),
            large("--max-xml-bytes", "NIBSCAN_MAX_XML_BYTES", "size of one xib or storyboard", \.interfaceBuilderLimits.maxDocumentBytes),
            integer("--max-xml-depth", "NIBSCAN_MAX_XML_DEPTH", "element nesting of a xib or storyboard", \.interfaceBuilderLimits.maxDepth, 1...100_000),
            large("--max-xml-attribute-bytes", "NIBSCAN_MAX_XML_ATTRIBUTE_BYTES", "length of one XML attribute value",
                  \.interfaceBuilderLimits.maxAttributeBytes),
            integer("--max-xml-elements", "NIBSCAN_MAX_XML_ELEMENTS", "elements in one xib or storyboard",
                    \.interfaceBuilderLimits.maxElements, 1...1 << 40),
            integer("--max-xml-attributes", "NIBSCAN_MAX_XML_ATTRIBUTES", "attributes of one element of a xib or storyboard",
                    \.interfaceBuilderLimits.maxAttributesPerElement, 1...1 << 20),
        ] + webhookSettings()
    }

    /// Applies environment variables, then flags (flags win). Returns the configuration.
    /// - Throws: ``ServerError/invalidSetting(_:_:)`` naming the flag or variable.
    public static func resolve(arguments: [String], environment: [String: String], base: Self = Self()) throws -> Self {
        var configuration = base
        let settings = settings()
        for setting in settings {
            if let value = environment[setting.environment] {
                try wrap(setting.environment) { try setting.apply(&configuration, value) }
            }
        }
        if let tokens = environment["NIBSCAN_TOKENS"] { configuration.tokens = tokens }
        if let secret = environment["NIBSCAN_REPORT_LINK_SECRET"] { configuration.reportLinkSecret = secret.isEmpty ? nil : secret }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let (flag, inlineValue) = argument.split(separator: "=", maxSplits: 1).map(String.init).splitFlag
            guard let setting = settings.first(where: { $0.flag == flag }) else {
                throw ServerError.invalidSetting(argument, "unknown option (see 'nibscan serve --help')")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                index += 1
                guard index < arguments.count else { throw ServerError.invalidSetting(flag, "needs a value") }
                value = arguments[index]
            }
            try wrap(flag) { try setting.apply(&configuration, value) }
            index += 1
        }
        configuration.http.limits.maxBodyBytes = configuration.maxBodyBytes
        return configuration
    }

    /// The `--help` text: every flag, its variable and its default.
    public static func helpText() -> String {
        let defaults = Self()
        var lines = ["Usage: nibscan serve [OPTIONS]", "",
                     "Runs the HTTP service. Every option is also an environment variable; flags win.", ""]
        for setting in settings() {
            let left = "  \(setting.flag) \(setting.placeholder)".padding(toLength: 36, withPad: " ", startingAt: 0)
            lines.append("\(left)\(setting.help)")
            lines.append("".padding(toLength: 36, withPad: " ", startingAt: 0) + "env \(setting.environment), default: \(setting.describeDefault(defaults))")
        }
        lines.append("")
        lines.append("  NIBSCAN_TOKENS (environment only, so that tokens never show in 'ps'): 'ROLE[,ROLE...] TOKEN'")
        lines.append("  entries separated by ';'. Roles: submit, read, admin. Without any token the server is open")
        lines.append("  and listens on loopback only.")
        lines.append("  NIBSCAN_REPORT_LINK_SECRET (environment only): the key of signed report links, at least 32")
        lines.append("  characters, the same on every node; default: a random key kept in the database.")
        return lines.joined(separator: "\n")
    }

    private static func wrap(_ name: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ServerError {
            if case .invalidSetting(_, let reason) = error { throw ServerError.invalidSetting(name, reason) }
            throw error
        }
    }

    private static func text(_ flag: String, _ environment: String, _ placeholder: String, _ help: String,
                             _ keyPath: WritableKeyPath<Self, String>) -> Setting {
        Setting(flag: flag, environment: environment, placeholder: placeholder, help: help,
                describeDefault: { $0[keyPath: keyPath] }) { configuration, value in
            guard !value.isEmpty else { throw ServerError.invalidSetting(flag, "must not be empty") }
            configuration[keyPath: keyPath] = value
        }
    }

    private static func optionalText(_ flag: String, _ environment: String, _ placeholder: String, _ help: String,
                                     _ keyPath: WritableKeyPath<Self, String?>, unset: String) -> Setting {
        Setting(flag: flag, environment: environment, placeholder: placeholder, help: help,
                describeDefault: { $0[keyPath: keyPath] ?? unset }) { configuration, value in
            configuration[keyPath: keyPath] = value.isEmpty ? nil : value
        }
    }

    static func integer(_ flag: String, _ environment: String, _ help: String,
                                _ keyPath: WritableKeyPath<Self, Int>, _ range: ClosedRange<Int>) -> Setting {
        Setting(flag: flag, environment: environment, placeholder: "N", help: help,
                describeDefault: { String($0[keyPath: keyPath]) }) { configuration, value in
            guard let number = Int(value), range.contains(number) else {
                throw ServerError.invalidSetting(flag, "'\(value)' is not a whole number in \(range.lowerBound)...\(range.upperBound)")
            }
            configuration[keyPath: keyPath] = number
        }
    }

    private static func large<Bytes: FixedWidthInteger>(_ flag: String, _ environment: String, _ help: String,
                                                        _ keyPath: WritableKeyPath<Self, Bytes>) -> Setting {
        Setting(flag: flag, environment: environment, placeholder: "BYTES", help: help,
                describeDefault: { String($0[keyPath: keyPath]) }) { configuration, value in
            guard let number = Bytes(value), number > 0 else {
                throw ServerError.invalidSetting(flag, "'\(value)' is not a positive number of bytes")
            }
            configuration[keyPath: keyPath] = number
        }
    }

    static func number(_ flag: String, _ environment: String, _ help: String,
                               _ keyPath: WritableKeyPath<Self, Double>) -> Setting {
        Setting(flag: flag, environment: environment, placeholder: "N", help: help,
                describeDefault: { String(format: "%g", $0[keyPath: keyPath]) }) { configuration, value in
            guard let number = Double(value), number.isFinite, number >= 0 else {
                throw ServerError.invalidSetting(flag, "'\(value)' is not a non-negative number")
            }
            configuration[keyPath: keyPath] = number
        }
    }
}

private extension Array where Element == String {
    /// `["--port", "80"]` from `--port=80` → (`--port`, `80`); `["--port"]` → (`--port`, nil).
    var splitFlag: (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}
