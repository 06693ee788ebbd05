/// Upload-relative path arithmetic for project files: `/`-separated, no leading slash,
/// `.` and `..` folded; a path that climbs above the upload's root is outside it (`nil`).
enum ProjectPath {
    /// `a/b` + `../c/./d` → `a/c/d`; an absolute `second` or one escaping the root → `nil`.
    static func join(_ first: String, _ second: String) -> String? {
        var second = second
        return second.withUTF8 { join(first, bytes: $0) }
    }

    /// ``join(_:_:)`` with `second` as UTF-8 bytes (a project file's `path` value, read in
    /// place): the joined path is written in one allocation, with no `String` for `second`.
    static func join(_ first: String, bytes second: UnsafeBufferPointer<UInt8>) -> String? {
        guard second.first != UInt8(ascii: "/") else { return nil }
        guard !first.isEmpty else { return normalized(String(decoding: second, as: UTF8.self)) }
        return normalized(concatenated(first, second))
    }

    /// A path and whether it has nothing to fold (no empty, `.` or `..` component): a
    /// project's groups are joined onto again and again, and a folded parent with a plain
    /// component below it makes a folded path without looking at the parent again.
    struct Folded {
        var text: String
        var isFolded: Bool

        init(_ text: String) {
            self.text = text
            var contiguous = text
            isFolded = contiguous.withUTF8(ProjectPath.hasNothingToFold)
        }

        fileprivate init(text: String, isFolded: Bool) {
            self.text = text
            self.isFolded = isFolded
        }
    }

    /// ``join(_:bytes:)`` for a parent that knows whether it is folded: the same path.
    static func join(_ first: Folded, bytes second: UnsafeBufferPointer<UInt8>) -> Folded? {
        guard first.isFolded, !first.text.isEmpty, !second.isEmpty, second.first != UInt8(ascii: "/"), hasNothingToFold(second) else {
            return join(first.text, bytes: second).map(Folded.init)
        }
        // Both sides have nothing to fold, so neither has their join: it is the result.
        return Folded(text: concatenated(first.text, second), isFolded: true)
    }

    /// `first/second` in one allocation.
    private static func concatenated(_ first: String, _ second: UnsafeBufferPointer<UInt8>) -> String {
        let firstCount = first.utf8.count
        return String(unsafeUninitializedCapacity: firstCount + 1 + second.count) { buffer in
            _ = buffer.initialize(from: first.utf8)
            buffer[firstCount] = UInt8(ascii: "/")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(firstCount + 1)...]).initialize(from: second)
            return firstCount + 1 + second.count
        }
    }

    /// Folds `.`, `..` and empty components.
    static func normalized(_ path: String) -> String? {
        var contiguous = path
        switch contiguous.withUTF8(foldASCII) {
        case .unchanged: return path
        case .folded(let folded): return folded
        case .outsideTheRoot: return nil
        case .notASCII: return normalizedByCharacters(path)
        }
    }

    private enum ASCIIFold {
        /// No component is empty, `.` or `..`: the common case, returned as it is.
        case unchanged
        case folded(String)
        case outsideTheRoot
        case notASCII
    }

    /// ``normalized(_:)`` on the bytes of a path (where an ASCII byte is a character; the
    /// projects' `../` paths are all ASCII): one pass tells whether anything needs folding,
    /// a second folds without a `Substring` per component.
    private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIFold {
        if hasNothingToFold(bytes) { return .unchanged }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var kept: [Range<Int>] = []
        var start = 0
        while start < bytes.count {
            guard bytes[start] != slash else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, bytes[end] != slash { end += 1 }
            switch end - start {
            case 1 where bytes[start] == dot: break
            case 2 where bytes[start] == dot && bytes[start + 1] == dot:
                guard !kept.isEmpty else { return .outsideTheRoot }
                kept.removeLast()
            default: kept.append(start..<end)
            }
            start = end
        }
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count)
        for (position, range) in kept.enumerated() {
            if position > 0 { folded.append(slash) }
            folded.append(contentsOf: bytes[range])
        }
        return .folded(String(decoding: folded, as: UTF8.self))
    }

    /// Whether no component of the path is empty, `.` or `..`, judged on its bytes (any
    /// byte other than `/` and `.` ends such a component, so non-ASCII paths are judged
    /// here too).
    private static func hasNothingToFold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var length = 0, dots = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if length == 0 || dots == length && length <= 2 { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return bytes.isEmpty || length > 0 && !(dots == length && length <= 2)
    }

    /// ``normalized(_:)`` component by component, as `String` splits on `/`.
    static func normalizedByCharacters(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// `App/App.xcodeproj/project.pbxproj` → `App/App.xcodeproj`; a bare name → `""`.
    static func parent(of path: String) -> String {
        // On the UTF-8 view: `lastIndex(of:)` over `Character`s costs microseconds a path.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// The paths in `sorted` (byte order) that lie below the folder `folder`.
    static func files(under folder: String, in sorted: [String]) -> [String] {
        guard !folder.isEmpty else { return sorted }
        let prefix = folder + "/"
        var low = firstPosition(notBefore: prefix, in: sorted)
        var result: [String] = []
        while low < sorted.count, sorted[low].hasPrefix(prefix) {
            result.append(sorted[low])
            low += 1
        }
        return result
    }

    /// Whether `sorted` (byte order) holds `path`.
    static func contains(_ path: String, inSorted sorted: [String]) -> Bool {
        let position = firstPosition(notBefore: path, in: sorted)
        return position < sorted.count && sorted[position] == path
    }

    /// Binary search: the position of the first path of `sorted` not before `path` in byte order.
    private static func firstPosition(notBefore path: String, in sorted: [String]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if ProjectFile.pathPrecedes(sorted[middle], path) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
