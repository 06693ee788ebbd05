/// `typealias Name<T> = Target<T> where …`: the alias and, when the target is a nominal
/// type, its name. The declaration ends where its type expression ends, so the next
/// declaration (`extension Name { … }` on the next line) is parsed on its own.
extension SwiftDeclarationParser {
    private static let typePrefixKeywords = TokenSet(["some", "any", "inout", "borrowing", "consuming", "sending", "each", "repeat"])
    private static let effectKeywords = TokenSet(["throws", "rethrows", "async"])

    mutating func parseTypealias(at index: Int, owner: Owner?) -> Int {
        guard index + 1 < stream.count, stream[index + 1].isIdentifier else { return index + 1 }
        var cursor = index + 2
        if stream.isText(cursor, "<") { cursor = angleGroupEnd(from: cursor) }
        guard stream.isText(cursor, "=") else { return cursor }
        let (end, target) = typeExpression(from: cursor + 1)
        if let target {
            let alias = (owner.map { $0.name + "." } ?? "") + stream.text(index + 1)
            typealiases[alias] = target
        }
        return whereClauseEnd(from: end)
    }

    /// The end of the type expression that starts at `start`, and its name when it is one
    /// nominal type (`A.B`, generic arguments dropped). Names joined by `.`, `<…>`, groups
    /// `(…)`/`[…]`, postfix `?`/`!`, `&`, `->` and effects continue a type; any other token
    /// ends it, and so does a new line unless it starts with `.`, `&` or `->`.
    func typeExpression(from start: Int) -> (end: Int, name: String?) {
        var cursor = start
        var expectsOperand = true
        var name = ""
        var isNominal = true
        while cursor < stream.count {
            let token = stream[cursor]
            if expectsOperand {
                if Self.typePrefixKeywords.contains(token, in: stream) || token.kind == .attribute {
                    isNominal = false
                    cursor += 1
                    if token.kind == .attribute, stream.isText(cursor, "("), stream[cursor].line == token.line { cursor = stream.after(cursor) }
                    continue
                }
                if token.isIdentifier {
                    if cursor == start { name = stream.text(token) } else { isNominal = false }
                    cursor += 1
                } else if stream.isText(token, "(") || stream.isText(token, "[") {
                    isNominal = false
                    cursor = stream.after(cursor)
                } else {
                    break
                }
                expectsOperand = false
                continue
            }
            let startsLine = token.line != stream[cursor - 1].line
            if stream.isText(token, "."), cursor + 1 < stream.count, stream[cursor + 1].isIdentifier {
                let member = stream.text(cursor + 1)
                if member == "Type" || member == "Protocol" { isNominal = false }
                if isNominal { name += "." + member }
                cursor += 2
            } else if stream.isText(token, "&") || stream.isText(token, "->") {
                isNominal = false
                expectsOperand = true
                cursor += 1
            } else if startsLine {
                break
            } else if stream.isText(token, "<") {
                cursor = angleGroupEnd(from: cursor)
            } else if stream.isText(token, "?") || stream.isText(token, "!") {
                isNominal = false
                cursor += 1
            } else if Self.effectKeywords.contains(token, in: stream) {
                isNominal = false
                cursor += 1
                if stream.isText(cursor, "(") { cursor = stream.after(cursor) }  // typed throws
            } else {
                break
            }
        }
        return (cursor, isNominal && !name.isEmpty ? name : nil)
    }

    /// The index after the `>` that closes the `<` at `start`; stops at a `{`, `}` or `;`
    /// (and at the end of the file) when the angle brackets do not close.
    private func angleGroupEnd(from start: Int) -> Int {
        var depth = 0
        var cursor = start
        while cursor < stream.count {
            let token = stream[cursor]
            if stream.isText(token, "<") {
                depth += 1
            } else if stream.isText(token, ">") {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            } else if stream.isText(token, "{") || stream.isText(token, "}") || stream.isText(token, ";") {
                return cursor
            } else if stream.isText(token, "(") || stream.isText(token, "[") {
                cursor = stream.after(cursor)
                continue
            }
            cursor += 1
        }
        return cursor
    }

    /// A generic typealias's `where T: P, U == V` requirements, each side a type expression.
    private func whereClauseEnd(from start: Int) -> Int {
        guard stream.isText(start, "where") else { return start }
        var cursor = start
        repeat {
            cursor = typeExpression(from: cursor + 1).end
            if stream.isText(cursor, ":") || stream.isText(cursor, "==") { cursor = typeExpression(from: cursor + 1).end }
        } while stream.isText(cursor, ",")
        return cursor
    }
}
