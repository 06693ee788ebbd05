import Foundation

/// Sorts the paths a target builds (thousands in a large app, often in several targets)
/// into byte order, each once. Paths of one project share long prefixes, so comparing two
/// of them byte by byte mostly re-reads the same folders: here every path is keyed by the
/// 16 bytes that follow the prefix all of them share, the keys are compared as two integers,
/// and only paths whose keys tie are compared in full. The bytes are copied once into one
/// buffer, so no comparison goes through `String`.
enum PathSorting {
    /// `paths` sorted, each once: byte order when all are ASCII (the order `String` gives
    /// them then too), `String` order otherwise.
    static func sortedUnique(_ paths: [String]) -> [String] {
        guard paths.count > 1 else { return paths }
        // Short lists (most targets of a small project) sort faster than their keys are made.
        guard paths.count > 48, let table = KeyedPaths(paths) else {
            let sorted = paths.allSatisfy(isASCII) ? paths.sorted(by: ProjectFile.pathPrecedes) : paths.sorted()
            var result: [String] = []
            result.reserveCapacity(sorted.count)
            for path in sorted where result.last != path { result.append(path) }
            return result
        }
        let order = (0..<paths.count).sorted(by: table.precedes)
        var result: [String] = []
        result.reserveCapacity(paths.count)
        var last = -1
        for index in order where last < 0 || !table.equal(last, index) {
            result.append(paths[index])
            last = index
        }
        return result
    }

    private static func isASCII(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { !$0.contains { $0 >= 0x80 } } ?? !path.utf8.contains { $0 >= 0x80 }
    }

    /// The paths' bytes in one buffer, with each path's range and its two key words.
    private struct KeyedPaths {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var counts: [Int] = []
        var high: [UInt64] = []
        var low: [UInt64] = []

        /// `nil` when a path is not ASCII.
        init?(_ paths: [String]) {
            starts.reserveCapacity(paths.count)
            counts.reserveCapacity(paths.count)
            for var path in paths {
                starts.append(bytes.count)
                path.withUTF8 { utf8 in
                    counts.append(utf8.count)
                    bytes.append(contentsOf: utf8)
                }
            }
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            let shared = Self.sharedPrefix(bytes: bytes, starts: starts, counts: counts)
            high.reserveCapacity(paths.count)
            low.reserveCapacity(paths.count)
            bytes.withUnsafeBufferPointer { buffer in
                for index in 0..<paths.count {
                    high.append(Self.word(buffer, from: starts[index] + shared, end: starts[index] + counts[index]))
                    low.append(Self.word(buffer, from: starts[index] + shared + 8, end: starts[index] + counts[index]))
                }
            }
        }

        /// How many leading bytes every path shares with the first.
        private static func sharedPrefix(bytes: [UInt8], starts: [Int], counts: [Int]) -> Int {
            var shared = counts[0]
            for index in 1..<starts.count {
                shared = min(shared, counts[index])
                var offset = 0
                while offset < shared, bytes[starts[0] + offset] == bytes[starts[index] + offset] { offset += 1 }
                shared = offset
            }
            return shared
        }

        /// Eight bytes from `start` (those before `end`), big-endian, zero after the end: a
        /// path that ends first has the smaller word, as it sorts first.
        private static func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> UInt64 {
            var word: UInt64 = 0
            for offset in 0..<8 {
                word <<= 8
                if start + offset < end { word |= UInt64(bytes[start + offset]) }
            }
            return word
        }

        func precedes(_ first: Int, _ second: Int) -> Bool {
            if high[first] != high[second] { return high[first] < high[second] }
            if low[first] != low[second] { return low[first] < low[second] }
            return bytes.withUnsafeBufferPointer { buffer in
                let common = min(counts[first], counts[second])
                guard common > 0, let base = buffer.baseAddress else { return counts[first] < counts[second] }
                let order = memcmp(base + starts[first], base + starts[second], common)
                return order == 0 ? counts[first] < counts[second] : order < 0
            }
        }

        func equal(_ first: Int, _ second: Int) -> Bool {
            guard high[first] == high[second], low[first] == low[second], counts[first] == counts[second] else { return false }
            return bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return true }
                return memcmp(base + starts[first], base + starts[second], counts[first]) == 0
            }
        }
    }
}
