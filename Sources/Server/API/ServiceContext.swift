import Foundation

/// What every handler needs: the settings, storage, queue, auth and telemetry of one
/// running server.
final class ServiceContext: Sendable {
    let configuration: NibscanServer.Configuration
    let store: AnalysisStore
    let uploads: any UploadStorage
    let tokens: AccessTokens
    let metrics: Metrics
    let board: CompletionBoard
    let log: ServerLog
    /// Absolute and signed links for reports and webhook payloads.
    let links: PublicLinks
    /// Wakes a worker once an upload is committed.
    let enqueued: @Sendable () -> Void
    /// Open connections, for the metrics.
    let activeConnections: @Sendable () -> Int
    private let drainingFlag = Locked(false)

    init(configuration: NibscanServer.Configuration, store: AnalysisStore, uploads: any UploadStorage, tokens: AccessTokens,
         links: PublicLinks, metrics: Metrics, board: CompletionBoard, log: ServerLog,
         enqueued: @escaping @Sendable () -> Void, activeConnections: @escaping @Sendable () -> Int) {
        self.configuration = configuration
        self.store = store
        self.uploads = uploads
        self.tokens = tokens
        self.metrics = metrics
        self.board = board
        self.log = log
        self.links = links
        self.enqueued = enqueued
        self.activeConnections = activeConnections
    }

    var isDraining: Bool { drainingFlag.current }

    /// Turns readiness and uploads away, and releases `?wait` requests (they answer 202).
    func beginDraining() {
        drainingFlag.withLock { $0 = true }
        board.announce()
    }
}
