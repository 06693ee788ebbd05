import Analysis
import Foundation

extension NibscanServer {
    /// Every setting of the service, with the defaults `nibscan serve` starts with. Each is
    /// also a flag and an environment variable (see ``settings``).
    public struct Configuration: Sendable {
        /// Address, port, connection cap, timeouts and header limits of the HTTP layer.
        public var http: HTTPServer.Configuration
        /// Where the SQLite database and the uploads live; with PostgreSQL, only the
        /// temporary files of this node.
        public var dataDirectory: String
        /// The shared database of several nodes (`postgres://...`); `nil`: SQLite in
        /// ``dataDirectory``.
        public var database: Database.Location?
        /// This node's name among several: in claims, logs and metrics.
        public var nodeID = NibscanServer.Configuration.defaultNodeID()
        /// Seconds a claimed analysis stays this node's without renewal; renewed every third.
        public var leaseSeconds: Double = 30
        /// A file of `ROLE[,ROLE...] TOKEN` lines.
        public var tokensFile: String?
        /// Tokens given inline (`NIBSCAN_TOKENS`, `;`-separated entries).
        public var tokens: String?
        /// Largest upload body accepted.
        public var maxBodyBytes: Int64
        /// Analyses run at once.
        public var workers: Int
        /// Uploads of finished analyses are removed after this many hours (0 keeps them).
        public var retentionHours: Double
        /// Times an analysis is started before a crash-looping one is failed.
        public var maxAttempts: Int
        /// Upper bound of `?wait=`.
        public var maxWaitSeconds: Int
        /// On SIGTERM, seconds running analyses get to finish before they are re-queued.
        public var shutdownGraceSeconds: Double
        /// On SIGTERM, the least time the listener stays open answering readiness with 503,
        /// so that a load balancer probing it stops routing here before connections are refused.
        public var drainDelaySeconds: Double = 0
        /// The OpenAPI document served at `/openapi.yaml`; `nil` looks in the usual places.
        public var openAPIPath: String?
        /// Bounds applied to every uploaded archive.
        public var archiveLimits: ArchiveLimits
        /// Bounds applied to every xib and storyboard of an upload (size, XML depth,
        /// attribute size, elements); a file over one is an `error` file entry.
        public var interfaceBuilderLimits = InterfaceBuilderLimits.default
        /// The absolute URL clients reach the server at (`--public-url`), for links in
        /// reports and webhook payloads; `nil`: the request's `Host`, or the listener's address.
        public var publicURL: String?
        /// How locations in reports link to the repository (`--source-link`); `nil`: by the
        /// repository's host (``SourceLinks``).
        public var sourceLink: SourceLinkTemplate?
        /// The key of signed report links (`NIBSCAN_REPORT_LINK_SECRET`, at least 32
        /// characters; environment only, so that it never shows in `ps`); `nil`: a random key
        /// made once and kept in the database, shared by every node of a PostgreSQL database.
        public var reportLinkSecret: String?
        /// Days a signed report link stays valid (`--report-link-days`); 0 issues and accepts none.
        public var reportLinkDays: Double = 30
        /// Webhook delivery: allowed hosts, timeouts, retries.
        public var webhooks = WebhookConfiguration()
        /// How each analysis's child process is bounded (memory, CPU time, wall clock).
        public var analysisIsolation = AnalysisIsolation()
        /// Lets an upload named `nibscan-test-fault-…` make its child misbehave
        /// (``AnalysisFault``): for tests of the isolation only, never set by a flag or variable.
        public var workerTestFaults = false

        public init(http: HTTPServer.Configuration = HTTPServer.Configuration(), dataDirectory: String = "./data",
                    tokensFile: String? = nil, tokens: String? = nil, maxBodyBytes: Int64 = 512 << 20,
                    workers: Int = ProcessInfo.processInfo.activeProcessorCount, retentionHours: Double = 168,
                    maxAttempts: Int = 3, maxWaitSeconds: Int = 300, shutdownGraceSeconds: Double = 30,
                    openAPIPath: String? = nil, archiveLimits: ArchiveLimits = ArchiveLimits()) {
            self.http = http
            self.dataDirectory = dataDirectory
            self.tokensFile = tokensFile
            self.tokens = tokens
            self.maxBodyBytes = maxBodyBytes
            self.workers = workers
            self.retentionHours = retentionHours
            self.maxAttempts = maxAttempts
            self.maxWaitSeconds = maxWaitSeconds
            self.shutdownGraceSeconds = shutdownGraceSeconds
            self.openAPIPath = openAPIPath
            self.archiveLimits = archiveLimits
        }

        /// The configured tokens, read from the file and the inline setting.
        public func loadTokens() throws -> AccessTokens {
            var tokens = AccessTokens()
            if let tokensFile {
                guard let text = try? String(contentsOfFile: tokensFile, encoding: .utf8) else {
                    throw ServerError.invalidSetting("--tokens-file", "cannot read \(tokensFile)")
                }
                try tokens.add(from: text, source: tokensFile)
            }
            if let inline = self.tokens {
                try tokens.add(from: inline, source: "NIBSCAN_TOKENS")
            }
            return tokens
        }

        /// The OpenAPI document's path: the setting, or the first that exists of
        /// `./openapi.yaml`, `<executable>/../share/nibscan/openapi.yaml`, `/usr/local/share/nibscan/openapi.yaml`.
        public func resolvedOpenAPIPath() -> String? {
            if let openAPIPath { return openAPIPath }
            let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "nibscan").resolvingSymlinksInPath()
            let candidates = [
                FileManager.default.currentDirectoryPath + "/openapi.yaml",
                executable.deletingLastPathComponent().appendingPathComponent("../share/nibscan/openapi.yaml").standardizedFileURL.path,
                "/usr/local/share/nibscan/openapi.yaml",
            ]
            return candidates.first { FileManager.default.isReadableFile(atPath: $0) }
        }

        /// `HOST-PID`: unique among the nodes running now, so that a node restarted under
        /// the same name does not take over the claims of one still running.
        public static func defaultNodeID() -> String {
            "\(ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "node")-\(getpid())"
        }
    }
}
