import Analysis
import Foundation
import Glibc

/// The nibscan HTTP service: storage, the analysis workers, the API and the socket layer,
/// started and drained together.
///
/// ```swift
/// let server = try NibscanServer(configuration: .init(http: .init(port: 0), dataDirectory: dir))
/// let port = try server.start()
/// // ...
/// server.drain()
/// ```
public final class NibscanServer: Sendable {
    public let configuration: Configuration
    let store: AnalysisStore
    let uploads: any UploadStorage
    let dataDirectoryLock: DataDirectoryLock
    let log: ServerLog
    let metrics: Metrics
    let context: ServiceContext
    let workers: AnalysisWorkers
    let sweeper: RetentionSweeper
    let leases: LeaseKeeper
    /// Wake-ups from the other nodes (PostgreSQL only).
    let notifications: DatabaseNotifications?
    let http: HTTPServer
    let webhooks: WebhookService

    /// Validates the settings (logging a `warning` line for each one that listening beyond
    /// loopback needs but lacks), opens the data directory and recovers from a crash:
    /// `running` analyses go back to the queue (or fail after `maxAttempts`).
    public init(configuration: Configuration, log: ServerLog = ServerLog()) throws {
        self.configuration = configuration
        self.log = log
        metrics = Metrics(node: configuration.nodeID)
        let tokens = try configuration.loadTokens()
        if tokens.isEmpty && !Self.isLoopback(configuration.http.host) {
            throw ServerError.invalidSetting("--host", "\(configuration.http.host) is not a loopback address and no tokens are configured; "
                                                + "set --tokens-file or NIBSCAN_TOKENS, or listen on 127.0.0.1")
        }
        for warning in Self.exposureWarnings(for: configuration) { log.event("warning", warning) }
        let dataDirectory = URL(fileURLWithPath: configuration.dataDirectory, isDirectory: true)
        dataDirectoryLock = try DataDirectoryLock(dataDirectory: dataDirectory)
        if let shared = configuration.database {
            let database = try Database(shared, maxConnections: configuration.workers + configuration.webhooks.senders + 8)
            store = AnalysisStore(database: database)
            uploads = try DatabaseUploadStore(database: database, temporaryDirectory: dataDirectory.appendingPathComponent("tmp", isDirectory: true))
        } else {
            uploads = try FileUploadStore(dataDirectory: dataDirectory)
            store = try AnalysisStore(path: dataDirectory.appendingPathComponent("nibscan.sqlite").path)
        }
        let recovered = try store.recoverInterrupted(maxAttempts: configuration.maxAttempts,
                                                     node: configuration.database == nil ? nil : configuration.nodeID)
        try uploads.removeOrphans(referencedBy: store)
        if recovered.requeued + recovered.failed > 0 {
            log.event("recovered", ["requeued": recovered.requeued, "failed": recovered.failed])
        }
        let links = PublicLinks(publicURL: configuration.publicURL, reportLinks: try ReportLinkSigner.configured(by: configuration, store: store))
        webhooks = WebhookService(analyses: store, configuration: configuration.webhooks, links: links, metrics: metrics, log: log)
        let board = CompletionBoard()
        let analysisConfiguration = Analyzer.Configuration(archiveLimits: configuration.archiveLimits,
                                                           interfaceBuilderLimits: configuration.interfaceBuilderLimits, checksRepairs: true)
        let metrics = self.metrics
        metrics.recordAnalysis(outcome: "interrupted", count: recovered.failed)
        let policy = AnalysisStore.ClaimPolicy(node: configuration.nodeID, lease: configuration.leaseSeconds, maxAttempts: configuration.maxAttempts)
        let workers = AnalysisWorkers(store: store, uploads: uploads, analysisConfiguration: analysisConfiguration,
                                      isolation: configuration.analysisIsolation, testFaults: configuration.workerTestFaults,
                                      count: configuration.workers, policy: policy, board: board, metrics: metrics, log: log)
        self.workers = workers
        leases = LeaseKeeper(store: store, lease: configuration.leaseSeconds, log: log) { workers.claims }
        let webhooks = self.webhooks
        if case .postgres(let url) = configuration.database {
            notifications = DatabaseNotifications(url: url, log: log, onQueued: { workers.notify() },
                                                  onFinished: { board.announce(); webhooks.notify() })
        } else {
            notifications = nil
        }
        sweeper = RetentionSweeper(store: store, uploads: uploads, retentionHours: configuration.retentionHours, log: log)
        let connections = Locked<HTTPServer?>(nil)
        context = ServiceContext(configuration: configuration, store: store, uploads: uploads, tokens: tokens, links: links, metrics: metrics,
                                 board: board, log: log, enqueued: { workers.notify() },
                                 activeConnections: { connections.current?.activeConnections ?? 0 })
        http = HTTPServer(configuration: configuration.http, responder: APIResponder(context: context, webhooks: webhooks)) { entry in
            log.request(entry)
            metrics.record(entry)
        }
        connections.withLock { $0 = http }
    }

    /// Starts the workers, the retention sweeper and the listener; returns the bound port.
    @discardableResult
    public func start() throws -> Int {
        signal(SIGPIPE, SIG_IGN)
        let port = try http.start()
        workers.start()
        leases.start()
        notifications?.start()
        sweeper.start()
        webhooks.start(host: configuration.http.host, port: port)
        log.event("listening", ["host": configuration.http.host, "port": port, "dataDir": configuration.dataDirectory,
                                "workers": configuration.workers, "auth": context.tokens.isEmpty ? "none (loopback only)" : "bearer"])
        return port
    }

    /// Graceful stop: readiness turns 503 and no new upload is taken, while the listener
    /// stays open (reads are served) until running analyses have had the grace period (then
    /// they go back to the queue) and at least the drain delay has passed; then the listener
    /// closes and open connections finish their request.
    public func drain() {
        let started = Date()
        context.beginDraining()
        log.event("draining", ["graceSeconds": configuration.shutdownGraceSeconds, "delaySeconds": configuration.drainDelaySeconds])
        sweeper.cancel()
        let handedBack = workers.drain(grace: configuration.shutdownGraceSeconds)
        leases.cancel()
        let delayLeft = configuration.drainDelaySeconds - Date().timeIntervalSince(started)
        if delayLeft > 0 { Thread.sleep(forTimeInterval: delayLeft) }
        http.beginDraining()
        http.closeConnections(timeout: 5)
        context.board.announce()
        webhooks.stop()
        notifications?.stop()
        log.event("stopped", ["requeued": handedBack.count])
        dataDirectoryLock.release()
    }

    /// Serves until SIGTERM or SIGINT, then drains. Returns the exit status.
    public func runUntilSignalled() -> Int32 {
        let stop = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        stop.wait()
        drain()
        sources.forEach { $0.cancel() }
        return 0
    }
}
