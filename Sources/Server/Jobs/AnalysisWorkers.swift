import Analysis
import Foundation

/// A fixed pool of threads that take queued analyses from the store, run each in a child
/// process (``AnalysisProcess``) on the stored upload and record the outcome. Connection
/// threads only enqueue; the pool bounds how many analyses (and children) run at once.
final class AnalysisWorkers: Sendable {
    struct State {
        var stopping = false
        /// Analyses being run, by id, with the attempt number that claimed them.
        var running: [String: Int] = [:]
        /// Analyses put back in the queue by the drain.
        var handedBack: [String] = []
        /// Workers between claiming an analysis in the store and recording it here (or
        /// handing it back): the drain waits for them so no claim is left `running`.
        var claiming = 0
    }

    private let store: AnalysisStore
    private let uploads: any UploadStorage
    /// The limits applied to every analysis (archive and Interface Builder bounds).
    private let analysisConfiguration: Analyzer.Configuration
    private let process: AnalysisProcess
    /// Whether uploads may ask a child to misbehave (tests only; see ``AnalysisFault``).
    private let testFaults: Bool
    private let count: Int
    private let policy: AnalysisStore.ClaimPolicy
    private let board: CompletionBoard
    private let metrics: Metrics
    private let log: ServerLog
    private let state = Locked(State())
    private let threads = BackgroundThreads()
    private let wakeUp = DispatchSemaphore(value: 0)

    init(store: AnalysisStore, uploads: any UploadStorage, analysisConfiguration: Analyzer.Configuration, isolation: AnalysisIsolation,
         testFaults: Bool, count: Int, policy: AnalysisStore.ClaimPolicy, board: CompletionBoard, metrics: Metrics, log: ServerLog) {
        self.store = store
        self.uploads = uploads
        self.analysisConfiguration = analysisConfiguration
        process = AnalysisProcess(limits: isolation, children: Locked([]))
        self.testFaults = testFaults
        self.count = count
        self.policy = policy
        self.board = board
        self.metrics = metrics
        self.log = log
    }

    func start() {
        threads.start(count, name: "nibscan-worker") { [self] in work() }
    }

    /// The analyses running now, by id, with the attempt that claimed each (their leases).
    var claims: [String: Int] { state.withLock { $0.running } }

    /// Tells an idle worker that an analysis was queued.
    func notify() {
        wakeUp.signal()
    }

    /// Stops taking work; waits up to `grace` seconds for running analyses, then hands
    /// the unfinished ones back to the queue. Returns the ids handed back.
    @discardableResult
    func drain(grace: TimeInterval) -> [String] {
        state.withLock { $0.stopping = true }
        for _ in 0 ..< count { wakeUp.signal() }
        threads.waitForExit(timeout: grace)
        // Children still running past the grace are stopped; their analyses go back below.
        for child in process.children.withLock({ $0 }) { kill(child, SIGKILL) }
        // A claim takes one database update; bounded, in case the database is stuck.
        let settled = Date(timeIntervalSinceNow: 5)
        while state.withLock({ $0.claiming }) > 0 && Date() < settled { usleep(1_000) }
        for (id, attempt) in state.withLock({ $0.running }) { handBack(id, attempt: attempt, started: true) }
        return state.withLock { $0.handedBack.sorted() }
    }

    /// Puts a claimed analysis back in the queue, counting it only when it was still running
    /// (one that finished meanwhile stays finished).
    private func handBack(_ id: String, attempt: Int, started: Bool) {
        do {
            guard try store.requeue(id: id, attempt: attempt, started: started) else { return }
            state.withLock { $0.handedBack.append(id) }
            log.event("analysis-handed-back", ["analysisId": id, "attempt": attempt, "started": started])
        } catch {
            log.event("requeue-failed", ["analysisId": id, "error": "\(error)"])
        }
    }

    private func work() {
        while true {
            let mayClaim = state.withLock { state -> Bool in
                guard !state.stopping else { return false }
                state.claiming += 1
                return true
            }
            guard mayClaim else { return }
            let claimed: AnalysisRecord?
            do {
                claimed = try store.claimNext(policy)
            } catch {
                log.event("claim-failed", ["error": "\(error)"])
                claimed = nil
            }
            guard let record = claimed else {
                state.withLock { $0.claiming -= 1 }
                _ = wakeUp.wait(timeout: .now() + 1)
                continue
            }
            let keep = state.withLock { state -> Bool in
                guard !state.stopping else { return false }
                state.running[record.id] = record.attempts
                state.claiming -= 1
                return true
            }
            guard keep else {
                handBack(record.id, attempt: record.attempts, started: false)
                state.withLock { $0.claiming -= 1 }
                return
            }
            log.event("analysis-claimed", ["analysisId": record.id, "attempt": record.attempts, "node": policy.node])
            run(record)
            state.withLock { $0.running[record.id] = nil }
        }
    }

    private func run(_ record: AnalysisRecord) {
        let outcome = analyse(record)
        do {
            guard let finished = try store.finish(id: record.id, attempt: record.attempts, outcome: outcome) else { return }
            metrics.recordAnalysis(outcome: finished.status.rawValue)
            var fields: [String: any Sendable] = ["analysisId": finished.id, "status": finished.status.rawValue, "attempt": finished.attempts]
            if let failure = finished.failure { fields["code"] = failure.code }
            log.event("analysis-finished", fields)
        } catch {
            log.event("finish-failed", ["analysisId": record.id, "error": "\(error)"])
        }
        board.announce()
    }

    /// The one folder that wraps every file of the archive (`SampleApp/...`), if there is one:
    /// the best name for a project uploaded without a file name or repository.
    static func topFolder(of report: Report) -> String? {
        let tops = Set(report.files.map { $0.path.split(separator: "/", maxSplits: 1).count == 2 ? String($0.path.prefix { $0 != "/" }) : "" })
        guard tops.count == 1, let top = tops.first, !top.isEmpty else { return nil }
        return top
    }

    private func analyse(_ record: AnalysisRecord) -> AnalysisStore.Outcome {
        guard let reference = record.uploadPath else {
            return .failed(.init(code: "analysis.upload-missing", message: "the stored upload was removed before the analysis ran"))
        }
        do {
            return try uploads.withLocalFile(reference) { path in analyse(record, at: path) }
        } catch {
            return .failed(.init(code: "analysis.upload-unreadable", message: "the stored upload could not be read: \(error)"))
        }
    }

    /// Hands the analysis of the upload at `path` to a child worker process.
    private func analyse(_ record: AnalysisRecord, at path: String) -> AnalysisStore.Outcome {
        var job = AnalysisJob(uploadPath: path, projectName: record.projectName, archiveLimits: analysisConfiguration.archiveLimits,
                              interfaceBuilderLimits: analysisConfiguration.interfaceBuilderLimits)
        if testFaults { job.fault = AnalysisFault(projectName: record.projectName) }
        if let baselineID = record.metadata.baseline {
            do {
                job.baselineReport = try store.report(id: baselineID)
                job.baselineReference = AnalysisResource.path(of: baselineID)
            } catch {
                return .failed(.init(code: "analysis.internal-error", message: "the baseline report could not be read: \(error)"))
            }
        }
        return process.run(job)
    }
}
