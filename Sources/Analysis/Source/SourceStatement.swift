/// Where an expression or statement ends in either language: at `;`, at a `{` or `}` at
/// its own level, or (Swift) at a line break that does not continue the expression.
enum SourceStatement {
    private static let continuation: Set<String> = [".", "=", "(", "[", ",", "??", "&&", "||", "+", "-", "*", "/", ":", "?", "==", "!="]

    /// Longest expression read, in tokens (keeps pathological one-line files linear).
    static let maximumLength = 512

    static func expression(in stream: TokenStream, from start: Int, limit: Int) -> Range<Int> {
        let upper = min(limit, stream.count, start + maximumLength)
        var cursor = start
        while cursor < upper {
            let text = stream[cursor].text
            if text == ";" || text == "}" || text == "{" { break }
            if cursor > start, stream[cursor].line > stream[cursor - 1].line,
               !continuation.contains(stream[cursor - 1].text), text != "." && text != "??" && text != "as" {
                break
            }
            cursor = stream.after(cursor)
        }
        return start..<min(cursor, upper)
    }
}
