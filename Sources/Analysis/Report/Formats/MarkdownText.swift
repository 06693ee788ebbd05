/// Escaping for text a pull-request comment quotes from findings: the message or a path
/// must neither break the table, nor inject HTML, nor mention a GitHub user (`@objc`).
enum MarkdownText {
    /// Longest text quoted in one cell, in characters; longer text ends with `…`.
    static let cellLimit = 400

    /// Inline text: Markdown punctuation backslash-escaped, HTML characters as entities,
    /// line breaks as `<br>`, `@` kept from forming a mention.
    static func inline(_ text: String, limit: Int = cellLimit) -> String {
        var escaped = ""
        for character in truncated(text, limit: limit) {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "|", "~", "#": escaped += "\\\(character)"
            case "@": escaped += "@\u{2060}"
            case "\r\n", "\n", "\r": escaped += "<br>"
            default: escaped += printable(character)
            }
        }
        return escaped
    }

    /// A code span holding `text` verbatim, safe in a table cell: the fence is longer than
    /// any run of backticks inside, `|` is escaped (GFM tables split on it even in code)
    /// and line breaks become spaces.
    static func code(_ text: String, limit: Int = cellLimit) -> String {
        var body = ""
        var longestRun = 0
        var run = 0
        for character in truncated(text, limit: limit) {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
            switch character {
            case "|": body += "\\|"
            case "\r\n", "\n", "\r", "\t": body += " "
            default: body += printable(character)
            }
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        let padding = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") ? " " : ""
        return fence + padding + body + padding + fence
    }

    /// The character, or U+FFFD when it holds a control character.
    private static func printable(_ character: Character) -> String {
        character.unicodeScalars.contains(where: \.isUnprintableControl) ? "\u{FFFD}" : String(character)
    }

    private static func truncated(_ text: String, limit: Int) -> Substring {
        guard text.count > limit else { return Substring(text) }
        return text.prefix(limit - 1) + "…"
    }
}

/// Builds a Markdown document that never grows past `limit` UTF-8 bytes: each section
/// takes items while they fit, keeping room for its own closing and a "…and N more"
/// line, so truncation is deterministic and always announced.
struct MarkdownBudget {
    let limit: Int
    private(set) var text = ""

    init(limit: Int) {
        self.limit = limit
    }

    private var remaining: Int { limit - text.utf8.count }

    /// Appends `fixed` when it fits (with `reserve` bytes left over); says whether it did.
    @discardableResult
    mutating func append(_ fixed: String, reserve: Int = 0) -> Bool {
        guard fixed.utf8.count + reserve <= remaining else { return false }
        text += fixed
        return true
    }

    /// Appends `opening`, as many of the `count` items as fit (rendered only when
    /// reached, so a cut-off tail costs nothing), a `more(left)` line for the rest, and
    /// `closing`; nothing at all when not even the frame fits. `reserve` is kept free for
    /// what follows the section.
    mutating func appendSection(opening: String, count: Int, item: (Int) -> String, closing: String,
                                more: (Int) -> String, reserve: Int) {
        let frame = closing.utf8.count + more(count).utf8.count + reserve
        guard append(opening, reserve: frame) else { return }
        var taken = 0
        while taken < count, append(item(taken), reserve: frame) {
            taken += 1
        }
        if taken < count { text += more(count - taken) }
        text += closing
    }
}
