/// The blocks of one file that a constant condition rules out, so that a fact read inside
/// them does not count as something the app does: `if FLAG { … }` where the file declares
/// `FLAG` once as a Boolean literal (`let FLAG = false`, `#define FLAG 0`,
/// `static const BOOL FLAG = NO;`), `if false { … }`, and the `else { … }` of an `if` whose
/// condition is constantly true. A feature switched off this way is compiled but never run.
///
/// Only a bare condition is judged (`if FLAG`, `if !FLAG`, `if (FLAG)`): a condition that
/// combines the flag with anything else, or a name declared twice, is left alone.
struct ConstantConditions {
    /// Token index ranges, opening brace through closing brace, of blocks that never run.
    private(set) var deadBlocks: [ClosedRange<Int>] = []

    init(_ stream: TokenStream) {
        let constants = Self.booleanConstants(in: stream)
        for index in stream.indices(where: { $0.isIdentifier }) where stream.isText(index, "if") {
            guard let (value, brace) = Self.condition(after: index, in: stream, constants: constants),
                  stream.isText(brace, "{") else { continue }
            let closer = stream.partner[brace]
            guard closer > brace, closer < stream.count else { continue }
            if !value {
                deadBlocks.append(brace...closer)
            } else if stream.isText(closer + 1, "else"), stream.isText(closer + 2, "{"), stream.partner[closer + 2] > closer + 2 {
                deadBlocks.append((closer + 2)...min(stream.partner[closer + 2], stream.count - 1))
            }
        }
    }

    /// Whether the token at `index` lies in a block that never runs.
    func isDead(_ index: Int) -> Bool {
        deadBlocks.contains { $0.contains(index) }
    }

    /// The constant value of the condition of the `if` at `index` and the index of the token
    /// after it, or `nil` when the condition is not one bare constant.
    private static func condition(after index: Int, in stream: TokenStream, constants: [String: Bool]) -> (Bool, Int)? {
        var position = index + 1
        let parenthesised = stream.isText(position, "(")
        if parenthesised { position += 1 }
        let negated = stream.isText(position, "!")
        if negated { position += 1 }
        guard position < stream.count else { return nil }
        let text = stream.text(position)
        guard let value = literalValue(text) ?? constants[text] else { return nil }
        position += 1
        if parenthesised {
            guard stream.isText(position, ")") else { return nil }
            position += 1
        }
        return (value != negated, position)
    }

    /// The Boolean a literal spells in Swift or Objective-C, `nil` for anything else.
    static func literalValue(_ text: String) -> Bool? {
        switch text {
        case "false", "NO", "0": false
        case "true", "YES", "1": true
        default: nil
        }
    }

    /// The names the file declares exactly once, each as a Boolean literal at file scope
    /// or as a type's `static let`: Swift `let NAME = false` (`let NAME: Bool = false`),
    /// Objective-C `#define NAME 0` and `const BOOL NAME = NO;`. A name declared again (a
    /// `var`, a second `let`, a local of the same name) is not a constant.
    private static func booleanConstants(in stream: TokenStream) -> [String: Bool] {
        var values: [String: Bool] = [:]
        var declarations: [String: Int] = [:]
        var depth = 0
        for index in 0..<stream.count {
            let token = stream[index]
            if token.kind == .punctuation {
                if stream.isText(token, "{") { depth += 1 } else if stream.isText(token, "}") { depth = max(0, depth - 1) }
                continue
            }
            if token.kind == .directive, stream.hasPrefix(token, "#define") {
                let words = stream.text(token).split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard words.count == 3, let value = literalValue(String(words[2])) else { continue }
                values[String(words[1])] = value
                declarations[String(words[1]), default: 0] += 1
                continue
            }
            guard token.isIdentifier, stream.isText(index, "let") || stream.isText(index, "var") || stream.isText(index, "BOOL"),
                  index + 1 < stream.count, stream[index + 1].isIdentifier else { continue }
            let name = stream.text(index + 1)
            declarations[name, default: 0] += 1
            var valueIndex = index + 2
            if stream.isText(valueIndex, ":"), stream.isText(valueIndex + 1, "Bool") { valueIndex += 2 }
            let isConstant = (stream.isText(index, "let") || stream.isText(index - 1, "const"))
                && (depth == 0 || stream.isText(index - 1, "static") || stream.isText(index - 2, "static"))
            guard isConstant, stream.isText(valueIndex, "="), let value = literalValue(stream.text(valueIndex + 1)),
                  endsStatement(after: valueIndex + 1, in: stream) else { continue }
            values[name] = value
        }
        return values.filter { declarations[$0.key] == 1 }
    }

    /// Whether the statement ends after the token at `index`: the file ends, a `;` or `}`
    /// follows, or the next token starts a later line.
    static func endsStatement(after index: Int, in stream: TokenStream) -> Bool {
        let next = index + 1
        guard next < stream.count else { return true }
        return stream.isText(next, ";") || stream.isText(next, "}") || stream[next].line > stream[index].line
    }
}
