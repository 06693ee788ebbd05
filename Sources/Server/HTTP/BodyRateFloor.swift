import Foundation

/// The slowest a request body may arrive: after a grace period, at least `bytesPerSecond`
/// averaged over each window. The body timeout only bounds one stall, so without a floor a
/// client trickling a byte just before each timeout could hold a connection (and its
/// thread) for as long as it likes.
public struct BodyRateFloor: Sendable, Equatable {
    /// The least average rate; 0 turns the floor off.
    public var bytesPerSecond: Int
    /// Seconds from the start of a body before its rate is judged (slow start, a busy client).
    public var grace: TimeInterval
    /// Seconds each average is taken over.
    public var window: TimeInterval

    public init(bytesPerSecond: Int = 1024, grace: TimeInterval = 10, window: TimeInterval = 10) {
        self.bytesPerSecond = bytesPerSecond
        self.grace = grace
        self.window = window
    }
}

/// Judges one body against a ``BodyRateFloor``: windows follow each other from the end of
/// the grace period, and a window that ends below the floor ends the body. A value, fed
/// with byte counts and times, so that it is tested without sockets or sleeping.
struct BodyRateMeter {
    let floor: BodyRateFloor
    private var windowStart: Date
    private var windowBytes: Int64 = 0

    init(floor: BodyRateFloor, start: Date) {
        self.floor = floor
        windowStart = start.addingTimeInterval(floor.grace)
    }

    /// When the current window ends and the rate must be judged, even if no byte arrives;
    /// `nil` when the floor is off.
    var checkpoint: Date? {
        floor.bytesPerSecond > 0 ? windowStart.addingTimeInterval(max(floor.window, 0.001)) : nil
    }

    /// Counts `count` bytes that arrived at `now` (0 at a checkpoint). Returns the average
    /// rate of a window that ended below the floor, else `nil`.
    mutating func record(_ count: Int, at now: Date) -> Double? {
        guard floor.bytesPerSecond > 0, now >= windowStart else { return nil }
        windowBytes += Int64(count)
        let elapsed = now.timeIntervalSince(windowStart)
        guard elapsed >= max(floor.window, 0.001) else { return nil }
        let rate = Double(windowBytes) / elapsed
        guard rate >= Double(floor.bytesPerSecond) else { return rate }
        windowStart = now
        windowBytes = 0
        return nil
    }
}
