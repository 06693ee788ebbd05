import Foundation

/// Reads the value of a simple string literal token: `"abc"`, `@"abc"`, `#"abc"#`.
/// Literals with interpolation or escapes other than `\"` and `\\` have no static value.
enum SourceLiteral {
    static func value(of text: String) -> String? {
        if let value = plainASCIIValue(of: text) { return value }
        var body = Substring(text)
        if body.hasPrefix("@") { body = body.dropFirst() }
        var hashes = 0
        while body.hasPrefix("#") {
            body = body.dropFirst()
            hashes += 1
        }
        let closing = "\"" + String(repeating: "#", count: hashes)
        guard body.hasPrefix("\""), body.hasSuffix(closing), body.count >= 1 + closing.count,
              !body.hasPrefix("\"\"\"") else { return nil }
        body = body.dropFirst().dropLast(closing.count)
        guard hashes == 0 else { return String(body) }
        guard ASCIIText.contains(body, "\\") else { return String(body) }
        if ASCIIText.contains(body, "\\(") { return nil }
        return body.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// ``value(of:)`` on bytes for ASCII text without backslashes (where a byte is a
    /// character): `.some(value)`, or `nil` when the text needs the general reading.
    private static func plainASCIIValue(of text: String) -> String?? {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }) else { return nil }
        var body = bytes[...]
        if body.first == UInt8(ascii: "@") { body.removeFirst() }
        var hashes = 0
        while body.first == UInt8(ascii: "#") {
            body.removeFirst()
            hashes += 1
        }
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        guard body.first == quote, body.count >= 2 + hashes, body.suffix(hashes).allSatisfy({ $0 == hash }),
              body.dropLast(hashes).last == quote, !body.starts(with: "\"\"\"".utf8) else { return .some(nil) }
        return .some(String(Substring(body.dropFirst().dropLast(1 + hashes))))
    }
}
