import Foundation

/// A fixed set of named threads running one loop, counted while they run, so that their
/// owner can wait for them to return when it stops: the analysis workers and the webhook
/// senders both start their threads this way.
final class BackgroundThreads: Sendable {
    private let alive = Locked(0)

    /// Threads that have not returned yet.
    var running: Int { alive.current }

    /// Starts `count` threads named `name-0`, `name-1`, ... that each run `loop` once.
    func start(_ count: Int, name: String, loop: @escaping @Sendable () -> Void) {
        for number in 0 ..< count {
            alive.withLock { $0 += 1 }
            let thread = Thread { [alive] in
                loop()
                alive.withLock { $0 -= 1 }
            }
            thread.name = "\(name)-\(number)"
            thread.start()
        }
    }

    /// Waits up to `timeout` seconds for every thread to return; true when all did.
    @discardableResult
    func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while running > 0 {
            guard Date() < deadline else { return false }
            usleep(10_000)
        }
        return true
    }
}
