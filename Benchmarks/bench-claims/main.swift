import Foundation
import Server

// How long one claim of the job queue takes when several workers claim at once, on the
// database given (`bench-claims DATABASE_URL [ANALYSES]`; a postgres:// URL, or a SQLite
// file path). For each number of concurrent claimers, ANALYSES queued analyses are
// claimed to the last by that many threads, each on its own connection, as the workers of
// several nodes do; every claim is timed. Prints one JSON line per round and checks that
// no analysis was claimed twice.

let arguments = CommandLine.arguments.dropFirst()
guard let target = arguments.first else {
    FileHandle.standardError.write(Data("usage: bench-claims DATABASE_URL|SQLITE_PATH [ANALYSES]\n".utf8))
    exit(2)
}
let analyses = arguments.dropFirst().first.flatMap { Int($0) } ?? 600
let claimerCounts = [1, 2, 6, 12]
let location = Database.Location(url: target) ?? .sqlite(path: target)
let store = AnalysisStore(database: try Database(location, maxConnections: claimerCounts.max()! + 1))

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count - 1)).rounded()))]
}

for claimers in claimerCounts {
    try store.withDatabase { try $0.query("DELETE FROM analyses") }
    for number in 0 ..< analyses {
        _ = try store.insert(AnalysisRecord(id: "bench-\(claimers)-\(number)", createdAt: Date(), metadata: .init(),
                                            projectName: nil, uploadPath: nil, uploadBytes: 0, uploadSHA256: ""))
    }
    let lock = NSLock()
    nonisolated(unsafe) var latencies: [Double] = []
    nonisolated(unsafe) var claimed: [String] = []
    nonisolated(unsafe) var failures = 0
    let started = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: claimers) { claimer in
        let policy = AnalysisStore.ClaimPolicy(node: "bench-\(claimer)", lease: 60)
        // Bounded: at most every analysis, plus the claim that finds the queue empty.
        for _ in 0 ... analyses {
            let before = DispatchTime.now().uptimeNanoseconds
            do {
                let record = try store.claimNext(policy)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - before) / 1e9
                guard let record else { return }
                lock.withLock {
                    latencies.append(seconds)
                    claimed.append(record.id)
                }
            } catch {
                lock.withLock { failures += 1 }
            }
        }
    }
    let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let sorted = latencies.sorted()
    let milliseconds = { (fraction: Double) in (percentile(sorted, fraction) * 1e5).rounded() / 100 }
    print(#"{"engine": "\#(location.dialect)", "claimers": \#(claimers), "claims": \#(claimed.count), "distinct": \#(Set(claimed).count), "#
        + #""failures": \#(failures), "claimsPerSecond": \#(Int(Double(claimed.count) / wall)), "#
        + #""claimMs": {"p50": \#(milliseconds(0.5)), "p99": \#(milliseconds(0.99)), "max": \#(milliseconds(1))}}"#)
}
