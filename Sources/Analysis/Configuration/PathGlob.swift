import Foundation

/// A path pattern of `.nibscan.yml` (`exclude`, `include`, `ignore[].path`), matched
/// against report paths relative to the project root, the way `.gitignore` reads them:
/// `*` and `?` stay within one path component, `[abc]` is a class, `**` spans any number
/// of components, a pattern without a `/` matches at any depth, one with a `/` from the
/// root, and a pattern that matches a folder matches everything inside it.
public struct PathGlob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let components: [String]

    /// `nil` when the pattern is empty or names nothing (only slashes).
    public init?(_ pattern: String) {
        var body = pattern
        while body.hasSuffix("/") { body.removeLast() }
        let anchored = body.hasPrefix("/") || body.dropFirst().contains("/")
        while body.hasPrefix("/") { body.removeFirst() }
        let pieces = body.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !pieces.isEmpty else { return nil }
        self.pattern = pattern
        components = anchored ? pieces : ["**"] + pieces
    }

    public var description: String { pattern }

    /// Whether `path` or one of its folders matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // reachable[j]: the pattern read so far can end having consumed j path components.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for component in components {
            var next = [Bool](repeating: false, count: parts.count + 1)
            if component == "**" {
                var any = false
                for position in 0 ... parts.count {
                    any = any || reachable[position]
                    next[position] = any
                }
            } else {
                for position in 0 ..< parts.count where reachable[position] && Self.matches(component, parts[position]) {
                    next[position + 1] = true
                }
            }
            reachable = next
        }
        // Any prefix of at least one component: the path itself or one of its folders.
        return reachable.dropFirst().contains(true)
    }

    /// One component against one name: `fnmatch` without flags (no `/` can occur in either).
    private static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
