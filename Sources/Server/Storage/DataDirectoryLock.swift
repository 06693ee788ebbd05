import Foundation
import Glibc

/// An exclusive `flock` on `<data dir>/nibscan.lock`, held while a server runs: two servers
/// on one data directory would re-queue each other's running analyses at start-up. The
/// kernel drops the lock when the process dies, so a crash never leaves it stale.
final class DataDirectoryLock: Sendable {
    private let descriptor = Locked<Int32>(-1)

    /// Creates the data directory if needed, then takes the lock.
    init(dataDirectory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw ServerError.invalidSetting("--data-dir", "cannot create \(dataDirectory.path): \(error.localizedDescription)")
        }
        let path = dataDirectory.appendingPathComponent("nibscan.lock").path
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard opened >= 0 else { throw ServerError.system("open \(path)", errno) }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            close(opened)
            throw ServerError.invalidSetting("--data-dir", "\(dataDirectory.path) is in use by another nibscan serve")
        }
        descriptor.withLock { $0 = opened }
    }

    /// Lets another server use the directory (after a drain); safe to call twice.
    func release() {
        descriptor.withLock { current in
            if current >= 0 { close(current) }
            current = -1
        }
    }

    deinit {
        release()
    }
}
