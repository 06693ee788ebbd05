/// Where an expression or statement ends in either language: at `;`, at a `{` or `}` at
/// its own level, or (Swift) at a line break that does not continue the expression.
enum SourceStatement {
    private static let continuation = TokenSet([".", "=", "(", "[", ",", "??", "&&", "||", "+", "-", "*", "/", ":", "?", "==", "!="])

    /// Longest expression read, in tokens (keeps pathological one-line files linear).
    static let maximumLength = 512

    static func expression(in stream: TokenStream, from start: Int, limit: Int) -> Range<Int> {
        let upper = min(limit, stream.count, start + maximumLength)
        guard start < upper else { return start..<start }
        var cursor = start
        while cursor < upper {
            let token = stream[cursor]
            if stream.isText(token, ";") || stream.isText(token, "}") || stream.isText(token, "{") { break }
            if cursor > start, token.line > stream[cursor - 1].line, !continuation.contains(cursor - 1, in: stream),
               !stream.isText(token, "."), !stream.isText(token, "??"), !stream.isText(token, "as") {
                break
            }
            cursor = stream.after(cursor)
        }
        return start..<min(cursor, upper)
    }
}
