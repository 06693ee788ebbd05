import Foundation

/// Path pieces for the joins, which look at every file of a large project: `NSString`
/// path bridging and `Character`-wise `split` cost microseconds per path there. These
/// helpers scan UTF-8 bytes and answer exactly as the `NSString` methods they replace;
/// where those have subtle cases (non-ASCII names, leading or trailing dots) they defer
/// to `NSString` itself.
enum PathPieces {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// `body` over the UTF-8 bytes of `text`: in place where the string is contiguous (a
    /// native string always is), else through a copy. Walking `Substring.UTF8View` indices
    /// instead cost thousands of instructions per path, and these helpers run for every
    /// path of an upload, more than once.
    private static func withBytes<Result>(of text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(text)
        return copy.withUTF8(body)
    }

    /// The index `offset` UTF-8 bytes into `text` (constant time on native strings).
    private static func index(_ offset: Int, in text: Substring) -> Substring.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// The last non-empty `/`-separated component (`path.split(separator: "/").last`),
    /// or `nil` for a path of slashes only.
    static func lastComponent(of path: Substring) -> Substring? {
        let found: Range<Int>? = withBytes(of: path) { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return nil }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            return start..<end
        }
        return found.map { path[index($0.lowerBound, in: path)..<index($0.upperBound, in: path)] }
    }

    /// `(component as NSString).pathExtension` and `.deletingPathExtension` of one path
    /// component (no `/`).
    static func splitExtension(_ component: Substring) -> (name: Substring, pathExtension: Substring) {
        // The plain case: ASCII, a dot that is neither first nor last.
        let plainDot: Int? = withBytes(of: component) { bytes in
            var lastDot: Int?
            for offset in 0..<bytes.count {
                if bytes[offset] >= 0x80 { return nil }
                if bytes[offset] == dot { lastDot = offset }
            }
            guard let lastDot, lastDot != 0, lastDot != bytes.count - 1 else { return nil }
            return lastDot
        }
        if let plainDot {
            return (component[..<index(plainDot, in: component)], component[index(plainDot + 1, in: component)...])
        }
        let bridged = String(component) as NSString
        return (Substring(bridged.deletingPathExtension), Substring(bridged.pathExtension))
    }

    /// Whether `text` equals `lowercaseASCII` ignoring ASCII case.
    static func equalsIgnoringCase(_ text: Substring, _ lowercaseASCII: StaticString) -> Bool {
        text.utf8.count == lowercaseASCII.utf8CodeUnitCount && hasSuffixIgnoringCase(text, lowercaseASCII)
    }

    /// Whether `text` ends with `lowercaseASCII` ignoring ASCII case (as
    /// `text.lowercased().hasSuffix(lowercaseASCII)` does for ASCII suffixes).
    static func hasSuffixIgnoringCase(_ text: Substring, _ lowercaseASCII: StaticString) -> Bool {
        let suffixCount = lowercaseASCII.utf8CodeUnitCount
        return withBytes(of: text) { bytes in
            guard bytes.count >= suffixCount else { return false }
            let first = bytes.count - suffixCount
            return (0..<suffixCount).allSatisfy { offset in
                let byte = bytes[first + offset]
                let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                return lowered == lowercaseASCII.utf8Start[offset]
            }
        }
    }
}
