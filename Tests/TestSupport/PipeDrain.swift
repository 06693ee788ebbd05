import Foundation

/// Reads one pipe to its end on a background thread, so a chatty child process never
/// blocks on a full pipe while the test waits for it.
public final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    public init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            lock.withLock { data = all }
            done.signal()
        }
    }

    /// Everything read, once the pipe closed; with a `timeout`, what arrived by then.
    public func wait(timeout: DispatchTime = .distantFuture) -> Data {
        _ = done.wait(timeout: timeout)
        return lock.withLock { data }
    }
}
