/// The tokens of one file with their bracket pairs precomputed, so that parsers can skip a
/// balanced `( … )`, `[ … ]` or `{ … }` in constant time. Unbalanced brackets pair with the
/// end of the file; a stray closer pairs with nothing.
struct TokenStream {
    let tokens: [SourceToken]
    /// For an opening bracket, the index of its closer (or `tokens.count`); for a closer,
    /// the index of its opener (or -1); -1 for everything else.
    private(set) var partner: [Int]
    /// How many closers found no opener and openers no closer.
    private(set) var unbalanced = 0

    init(_ tokens: [SourceToken]) {
        self.tokens = tokens
        partner = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        for index in tokens.indices where tokens[index].kind == .punctuation {
            let text = tokens[index].text
            guard text.utf8.count == 1, let byte = text.utf8.first else { continue }
            switch byte {
            case 0x28, 0x5B, 0x7B:  // ( [ {
                stack.append(index)
            case 0x29, 0x5D, 0x7D:  // ) ] }
                let opener: UInt8 = byte == 0x29 ? 0x28 : byte == 0x5D ? 0x5B : 0x7B
                // A `}` closes any unclosed `(`/`[` inside its block; a `)`/`]` never closes a `{`.
                while let top = stack.last, tokens[top].text.utf8.first != opener {
                    if byte != 0x7D && tokens[top].text.utf8.first == 0x7B { break }
                    stack.removeLast()
                    partner[top] = index
                    unbalanced += 1
                }
                if let top = stack.last, tokens[top].text.utf8.first == opener {
                    stack.removeLast()
                    partner[top] = index
                    partner[index] = top
                } else {
                    unbalanced += 1
                }
            default:
                break
            }
        }
        for index in stack { partner[index] = tokens.count }
        unbalanced += stack.count
    }

    var count: Int { tokens.count }

    subscript(index: Int) -> SourceToken { tokens[index] }

    /// The text of the token at `index`, or "" past the end.
    func text(_ index: Int) -> String { index >= 0 && index < tokens.count ? tokens[index].text : "" }

    /// Is the token at `index` exactly `value`?
    func isText(_ index: Int, _ value: String) -> Bool { index >= 0 && index < tokens.count && tokens[index].text == value }

    /// The index after the balanced group opened at `index` (or `index + 1` if not an opener).
    func after(_ index: Int) -> Int {
        let closer = partner[index]
        return closer > index ? min(closer + 1, tokens.count) : index + 1
    }

    /// Source text of tokens `range`, joined with single spaces where the source had a gap.
    func text(of range: Range<Int>) -> String {
        var result = ""
        var previous: SourceToken?
        for index in range.clamped(to: 0..<tokens.count) {
            let token = tokens[index]
            if let previous, previous.line != token.line || previous.column + previous.text.utf8.count < token.column {
                result += " "
            }
            result += token.text
            previous = token
        }
        return result
    }

    /// Source text of tokens `range` joined without spaces (type names: `[UIButton]!`).
    func compactText(of range: Range<Int>) -> String {
        var result = ""
        for index in range.clamped(to: 0..<tokens.count) { result += tokens[index].text }
        return result
    }

    func location(_ index: Int, path: String) -> SourceLocation {
        guard index < tokens.count else {
            let last = tokens.last
            return SourceLocation(path: path, line: last?.line ?? 1, column: last?.column ?? 1)
        }
        return SourceLocation(path: path, line: tokens[index].line, column: tokens[index].column)
    }
}
