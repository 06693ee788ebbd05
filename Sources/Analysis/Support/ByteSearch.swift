import Foundation

/// Finds a byte string in UTF-8 text without bridging to Foundation's string search:
/// `Data.range(of:)` and `String.contains` cost far more per byte than `memchr` for the
/// first byte and `memcmp` for the rest, and the analysis asks such questions of every
/// source file.
enum ByteSearch {
    /// The position of the first occurrence of `needle` in `bytes` at or after `start`
    /// (`start` itself for an empty needle).
    static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let first = needle.first else { return start }
        guard let base = bytes.baseAddress else { return nil }
        var position = start
        while bytes.count - position >= needle.count {
            guard let found = memchr(base + position, Int32(first), bytes.count - position - needle.count + 1) else { return nil }
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + index, needle, needle.count) == 0 { return index }
            position = index + 1
        }
        return nil
    }

    /// Whether `needle` occurs in `bytes` (an empty needle always does).
    static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: needle, in: bytes) != nil
    }
}
