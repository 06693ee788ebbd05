import Foundation

/// Listens on its own PostgreSQL connection for what other nodes announce (`LISTEN`), so
/// that an idle worker wakes when any node queues an analysis and a `?wait=` request wakes
/// when any node finishes one, without polling the tables. Reconnects after the database
/// went away, and then wakes everyone once (something may have happened meanwhile).
final class DatabaseNotifications: Sendable {
    private let url: String
    private let onQueued: @Sendable () -> Void
    private let onFinished: @Sendable () -> Void
    private let log: ServerLog
    private let stopping = Locked(false)
    private let threads = BackgroundThreads()

    init(url: String, log: ServerLog, onQueued: @escaping @Sendable () -> Void, onFinished: @escaping @Sendable () -> Void) {
        self.url = url
        self.log = log
        self.onQueued = onQueued
        self.onFinished = onFinished
    }

    func start() {
        threads.start(1, name: "nibscan-listen") { [self] in listen() }
    }

    /// Stops listening; returns within about a second.
    func stop() {
        stopping.withLock { $0 = true }
        threads.waitForExit(timeout: 3)
    }

    private func listen() {
        var connection: PostgresConnection?
        while !stopping.current {
            do {
                if connection == nil {
                    let opened = try PostgresConnection(url: url)
                    for announcement in AnalysisStore.Announcement.allCases { try opened.execute("LISTEN \(announcement.rawValue)") }
                    connection = opened
                    onQueued()
                    onFinished()
                }
                // A second at most, so that a stop is noticed.
                for channel in try connection?.notifications(waitingUpTo: 1) ?? [] {
                    switch AnalysisStore.Announcement(rawValue: channel) {
                    case .queued: onQueued()
                    case .finished: onFinished()
                    case nil: break
                    }
                }
            } catch {
                if connection != nil { log.event("listen-failed", ["error": "\(error)"]) }
                connection = nil
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }
}
