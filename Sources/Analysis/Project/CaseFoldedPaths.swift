/// The upload's paths looked up without case, as macOS's file system finds them: a project
/// naming `BucketList/App.swift` builds the upload's `Bucketlist/App.swift`. Most paths a
/// project names that the upload lacks have no such match at all (images, plists and
/// folders left out of the upload), so a lookup first compares a 64-bit hash of the
/// case-folded last component, made without a lowercased copy of the path, and lowercases
/// whole paths only when that hash matches.
struct CaseFoldedPaths {
    private let paths: [String]
    /// Case-folded hash → the last of ``paths`` with it; ``earlier`` chains to the one
    /// before with the same hash (-1 ends the chain): no array per entry.
    private var lastByKey: [UInt64: Int] = [:]
    private var earlier: [Int]

    init(_ paths: [String]) {
        self.paths = paths
        earlier = Array(repeating: -1, count: paths.count)
        lastByKey.reserveCapacity(paths.count)
        for (position, path) in paths.enumerated() {
            if let previous = lastByKey.updateValue(position, forKey: Self.key(of: path)) { earlier[position] = previous }
        }
    }

    /// The one upload path equal to `path` without case; `nil` when none or several are.
    func onlyMatch(of path: String) -> String? {
        guard var position = lastByKey[Self.key(of: path)] else { return nil }
        let lowered = path.lowercased()
        var match: String?
        while position >= 0 {
            if paths[position].lowercased() == lowered {
                guard match == nil else { return nil }
                match = paths[position]
            }
            position = earlier[position]
        }
        return match
    }

    /// FNV-1a over the last component of the path as `lowercased()` spells it: ASCII letters
    /// folded in place, any other path hashed through `lowercased()` (lowercasing makes and
    /// removes no `/`, so equal folded paths always have equal keys).
    static func key(of path: String) -> UInt64 {
        if let ascii = path.utf8.withContiguousStorageIfAvailable({ lastComponentHash($0, asciiOnly: true) }), let ascii {
            return ascii
        }
        var lowered = path.lowercased()
        return lowered.withUTF8 { lastComponentHash($0, asciiOnly: false) } ?? fnvBasis
    }

    /// FNV-1a over the bytes after the last `/`, ASCII letters folded (a no-op on lowercased
    /// text); `nil` for a non-ASCII byte when `asciiOnly`.
    private static func lastComponentHash(_ bytes: UnsafeBufferPointer<UInt8>, asciiOnly: Bool) -> UInt64? {
        var start = bytes.count
        while start > 0, bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
        var hash = fnvBasis
        for position in start..<bytes.count {
            let byte = bytes[position]
            if asciiOnly, byte >= 0x80 { return nil }
            hash = (hash ^ UInt64(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)) &* fnvPrime
        }
        return hash
    }

    private static let fnvBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3
}
