import Foundation

/// Reads the value of a simple string literal token: `"abc"`, `@"abc"`, `#"abc"#`.
/// Literals with interpolation or escapes other than `\"` and `\\` have no static value.
enum SourceLiteral {
    static func value(of text: String) -> String? {
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
        guard body.contains("\\") else { return String(body) }
        if body.contains("\\(") { return nil }
        return body.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }
}
