import Foundation

/// Several nodes claiming from one queue at once, as the multi-node tests need: each of
/// `nodes` threads calls `claim` with its number until it returns `nil` or `limit` claims;
/// returns every id claimed (in no order) and every error thrown.
public func claimConcurrently(nodes: Int, limit: Int, _ claim: @Sendable (Int) throws -> String?) -> (claimed: [String], failures: [String]) {
    let lock = NSLock()
    nonisolated(unsafe) var claimed: [String] = []
    nonisolated(unsafe) var failures: [String] = []
    DispatchQueue.concurrentPerform(iterations: nodes) { number in
        for _ in 0 ..< limit {
            do {
                guard let id = try claim(number) else { return }
                lock.withLock { claimed.append(id) }
            } catch {
                lock.withLock { failures.append("\(error)") }
            }
        }
    }
    return (claimed, failures)
}
