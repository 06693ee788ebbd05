import Foundation

/// Renews the leases of the analyses this node is running, every third of the lease, so
/// that other nodes reclaim an analysis only when this node stopped renewing it (it died
/// or lost the database for a whole lease).
final class LeaseKeeper: Sendable {
    private let store: AnalysisStore
    private let lease: TimeInterval
    private let claims: @Sendable () -> [String: Int]
    private let log: ServerLog
    private let stop = DispatchSemaphore(value: 0)
    private let threads = BackgroundThreads()

    /// `claims` gives the analyses running now, by id, with the attempt that claimed each.
    init(store: AnalysisStore, lease: TimeInterval, log: ServerLog, claims: @escaping @Sendable () -> [String: Int]) {
        self.store = store
        self.lease = lease
        self.log = log
        self.claims = claims
    }

    func start() {
        threads.start(1, name: "nibscan-leases") { [self] in
            while stop.wait(timeout: .now() + lease / 3) == .timedOut { renew() }
        }
    }

    func cancel() {
        stop.signal()
        threads.waitForExit(timeout: 5)
    }

    /// Renews every lease now; returns the analyses whose lease was lost.
    @discardableResult
    func renew() -> [String] {
        do {
            let lost = try store.renewLeases(claims(), lease: lease)
            for id in lost { log.event("lease-lost", ["analysisId": id]) }
            return lost
        } catch {
            log.event("lease-renewal-failed", ["error": "\(error)"])
            return []
        }
    }
}
