import Foundation

/// Slots for per-file results written by concurrent workers, each worker its own slot.
final class FileResults: @unchecked Sendable {
    private var slots: [SourceFileIndex?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ result: SourceFileIndex, at position: Int) {
        lock.lock()
        slots[position] = result
        lock.unlock()
    }

    func all() -> [SourceFileIndex] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
