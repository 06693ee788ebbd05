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
        if let first = firstByKey[key] { return first }
        firstByKey[key] = path
        return nil
    }

    /// Unicode case folding, then canonical decomposition. ASCII paths (nearly all of a
    /// project) take the standard library's fast lower-casing, which folds ASCII the same.
    static func key(of path: String) -> String {
        if path.utf8.allSatisfy({ $0 < 0x80 }) { return path.lowercased() }
        return path.folding(options: [.caseInsensitive], locale: nil).decomposedStringWithCanonicalMapping
    }
}
