import Foundation

/// The project paths seen so far, compared the way a default macOS volume (APFS or HFS+,
/// case-insensitive and normalisation-insensitive) compares names: `View.xib` and
/// `view.xib`, or `é` precomposed and decomposed, are one file there, so an Xcode project
/// cannot hold both and an upload that does is ambiguous about which one is meant.
struct MacPathCollisions {
    private var firstByKey: [String: String] = [:]

    /// Records `path`; returns the earlier path that is the same file on macOS, if any.
    mutating func claim(_ path: String) -> String? {
        let key = Self.key(of: path)
        // One hash of the key for a new path (nearly every path); a collision puts the first back.
        guard let first = firstByKey.updateValue(path, forKey: key) else { return nil }
        firstByKey[key] = first
        return first
    }

    /// Unicode case folding, then canonical decomposition. ASCII paths (nearly all of a
    /// project) are lower-cased byte by byte, which folds ASCII the same.
    static func key(of path: String) -> String {
        var path = path
        if let folded = path.withUTF8(asciiLowercased) { return folded }
        return path.folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCanonicalMapping
    }

    /// `bytes` with `A`–`Z` lowered, when every byte is ASCII; else `nil`.
    private static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        guard high < 0x80 else { return nil }
        return String(unsafeUninitializedCapacity: bytes.count) { folded in
            for (offset, byte) in bytes.enumerated() {
                folded[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return bytes.count
        }
    }
}
