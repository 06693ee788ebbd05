import Foundation

/// Removes the stored uploads of finished analyses older than the retention period; the
/// analyses and their reports stay. Runs at start and then periodically.
final class RetentionSweeper: Sendable {
    private let store: AnalysisStore
    private let uploads: any UploadStorage
    private let retention: TimeInterval
    private let log: ServerLog
    private let stop = DispatchSemaphore(value: 0)

    init(store: AnalysisStore, uploads: any UploadStorage, retentionHours: Double, log: ServerLog) {
        self.store = store
        self.uploads = uploads
        self.retention = retentionHours * 3600
        self.log = log
    }

    /// Sweeps now (before returning), then every tenth of the retention period (at least a
    /// minute, at most an hour) on a background thread.
    func start() {
        guard retention > 0 else { return }
        sweep()
        let interval = min(max(retention / 10, 60), 3600)
        let thread = Thread { [self] in
            while stop.wait(timeout: .now() + interval) == .timedOut {
                sweep()
            }
        }
        thread.name = "nibscan-retention"
        thread.start()
    }

    func cancel() {
        stop.signal()
    }

    /// Removes what expired by `now`; returns how many uploads were removed.
    @discardableResult
    func sweep(now: Date = Date()) -> Int {
        guard retention > 0 else { return 0 }
        var removed = 0
        do {
            for record in try store.expiredUploads(before: now.addingTimeInterval(-retention)) {
                if let path = record.uploadPath { uploads.remove(path) }
                try store.clearUpload(id: record.id)
                removed += 1
            }
        } catch {
            log.event("retention-failed", ["error": "\(error)"])
        }
        if removed > 0 { log.event("retention-swept", ["uploadsRemoved": removed]) }
        return removed
    }
}
