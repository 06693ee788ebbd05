import Foundation

/// Path pieces for the joins, which look at every file of a large project: `NSString`
/// path bridging and `Character`-wise `split` cost microseconds per path there. These
/// helpers scan UTF-8 bytes and answer exactly as the `NSString` methods they replace;
/// where those have subtle cases (non-ASCII names, leading or trailing dots) they defer
/// to `NSString` itself.
enum PathPieces {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// The last non-empty `/`-separated component (`path.split(separator: "/").last`),
    /// or `nil` for a path of slashes only.
    static func lastComponent(of path: Substring) -> Substring? {
        let bytes = path.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return nil }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != slash { start = bytes.index(before: start) }
        return path[start..<end]
    }

    /// `(component as NSString).pathExtension` and `.deletingPathExtension` of one path
    /// component (no `/`).
    static func splitExtension(_ component: Substring) -> (name: Substring, pathExtension: Substring) {
        let bytes = component.utf8
        // The plain case: ASCII, a dot that is neither first nor last.
        if bytes.allSatisfy({ $0 < 0x80 }), let dotIndex = bytes.lastIndex(of: dot),
           dotIndex != bytes.startIndex, bytes.index(after: dotIndex) != bytes.endIndex {
            return (component[..<dotIndex], component[bytes.index(after: dotIndex)...])
        }
        let bridged = String(component) as NSString
        return (Substring(bridged.deletingPathExtension), Substring(bridged.pathExtension))
    }

    /// Whether `text` equals `lowercaseASCII` ignoring ASCII case.
    static func equalsIgnoringCase(_ text: Substring, _ lowercaseASCII: StaticString) -> Bool {
        hasSuffixIgnoringCase(text, lowercaseASCII) && text.utf8.count == lowercaseASCII.utf8CodeUnitCount
    }

    /// Whether `text` ends with `lowercaseASCII` ignoring ASCII case (as
    /// `text.lowercased().hasSuffix(lowercaseASCII)` does for ASCII suffixes).
    static func hasSuffixIgnoringCase(_ text: Substring, _ lowercaseASCII: StaticString) -> Bool {
        let suffixCount = lowercaseASCII.utf8CodeUnitCount
        let bytes = text.utf8
        guard bytes.count >= suffixCount else { return false }
        return lowercaseASCII.withUTF8Buffer { suffix in
            var position = bytes.index(bytes.endIndex, offsetBy: -suffixCount)
            for expected in suffix {
                let byte = bytes[position]
                let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                guard lowered == expected else { return false }
                position = bytes.index(after: position)
            }
            return true
        }
    }
}
