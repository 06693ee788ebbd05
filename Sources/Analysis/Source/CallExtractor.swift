/// Finds call sites in a token range: Swift `name(…)` calls with their receiver chain and
/// Objective-C `[receiver selector:arg …]` message sends.
struct CallExtractor {
    let stream: TokenStream
    let language: SourceLanguage

    private static let swiftKeywords = TokenSet([
        "if", "guard", "while", "for", "switch", "return", "func", "catch", "where", "case", "in",
        "repeat", "throw", "try", "await", "as", "is", "else", "let", "var", "defer", "do",
    ])

    /// How far back a receiver chain `a.b().c` is followed.
    static let maximumChainLinks = 32

    /// Every call in `range`, in source order of their names; `wanted` filters by the index of the base name
    /// before the arguments are parsed.
    func calls(in range: Range<Int>, wanted: (Int) -> Bool) -> [CallSite] {
        language == .swift ? swiftCalls(in: range, wanted: wanted) : messageSends(in: range, wanted: wanted)
    }

    // MARK: - Swift

    private func swiftCalls(in range: Range<Int>, wanted: (Int) -> Bool) -> [CallSite] {
        swiftCalls(in: range) { wanted($0) ? .site : .skip }.sites
    }

    /// What ``swiftCalls(in:classify:)`` makes of a call.
    enum SwiftCallUse {
        /// A ``CallSite``: readers look at its receiver and arguments.
        case site
        /// Only its selector (``CallSite/selector``, `name(label:_:)`) counts.
        case selector
        case skip
    }

    /// The Swift calls in `range` as `classify` wants each: whole call sites, or only the
    /// selector of calls whose receiver and arguments nobody reads (no ``CallSite`` built),
    /// by the index of the call's name; one pass.
    func swiftCalls(in range: Range<Int>, classify: (Int) -> SwiftCallUse)
        -> (sites: [CallSite], selectors: [(nameIndex: Int, selector: String)]) {
        var sites: [CallSite] = []
        var selectors: [(nameIndex: Int, selector: String)] = []
        forEachSwiftCall(in: range) { index in
            switch classify(index) {
            case .site:
                let close = stream.after(index + 1)
                let (labels, arguments) = swiftArguments(open: index + 1)
                let start = chainStart(before: index)
                sites.append(CallSite(
                    baseName: stream.text(index), labels: labels, arguments: arguments,
                    receiver: start < index - 1 ? start..<(index - 1) : nil, nameIndex: index,
                    expression: start..<close, isMessageSend: false))
            case .selector:
                var labels: [Int] = []
                forEachSwiftArgument(open: index + 1) { label, _ in labels.append(label) }
                selectors.append((index, stream.swiftSelector(name: index, labels: labels)))
            case .skip:
                break
            }
        }
        return (sites, selectors)
    }

    /// Calls `body` with the name index of every `name(` in `range` that is a call (not a
    /// keyword, not a declaration).
    private func forEachSwiftCall(in range: Range<Int>, _ body: (Int) -> Void) {
        let upper = min(range.upperBound, stream.count)
        // Through a buffer pointer: this visits every token of every Swift file, and array
        // subscripts would check each index.
        stream.tokens.withUnsafeBufferPointer { tokens in
            var index = range.lowerBound
            while index + 1 < upper {
                let token = tokens[index]
                if token.kind == .identifier {
                    let next = tokens[index + 1]
                    if stream.isText(next, "("), next.line == token.line,
                       !Self.swiftKeywords.contains(token, in: stream), !stream.isText(index - 1, "func") {
                        body(index)
                    }
                }
                index += 1
            }
        }
    }

    /// The arguments of the group opened at `open`, split at top-level commas.
    func swiftArguments(open: Int) -> ([String], [Range<Int>]) {
        var labels: [String] = []
        var arguments: [Range<Int>] = []
        forEachSwiftArgument(open: open) { label, argument in
            labels.append(label >= 0 ? stream.text(label) : "")
            arguments.append(argument)
        }
        return (labels, arguments)
    }

    /// Each argument of the group opened at `open` (split at top-level commas) with the
    /// token index of its label (-1 when unlabeled).
    private func forEachSwiftArgument(open: Int, _ body: (Int, Range<Int>) -> Void) {
        let close = min(stream.after(open) - 1, stream.count)
        var cursor = open + 1
        while cursor < close {
            var start = cursor
            var label = -1
            if stream[cursor].isIdentifier, stream.isText(cursor + 1, ":") {
                label = cursor
                start = min(cursor + 2, close)
            }
            var end = start
            while end < close, !stream.isText(end, ",") { end = stream.after(end) }
            body(label, start..<min(end, close))
            cursor = end + 1
        }
    }

    /// Walks back over a postfix chain `a.b(…)?.c[…]!.` ending just before `name`.
    func chainStart(before name: Int) -> Int {
        var start = name
        var cursor = name - 1
        var links = 0
        while cursor >= 0, stream.isText(cursor, "."), links < Self.maximumChainLinks {
            links += 1
            var previous = cursor - 1
            while previous >= 0, stream.isText(previous, "?") || stream.isText(previous, "!") { previous -= 1 }
            guard previous >= 0 else { break }
            if stream.isText(previous, ")") || stream.isText(previous, "]") {
                let opener = stream.partner[previous]
                guard opener >= 0 else { break }
                previous = opener - 1
                if previous >= 0, stream[previous].isIdentifier { start = previous } else {
                    start = opener
                    break
                }
            } else if stream[previous].isIdentifier || stream[previous].kind == .string {
                start = previous
            } else {
                break
            }
            cursor = start - 1
        }
        return start
    }

    // MARK: - Objective-C

    private func messageSends(in range: Range<Int>, wanted: (Int) -> Bool) -> [CallSite] {
        var result: [CallSite] = []
        let upper = min(range.upperBound, stream.count)
        var index = range.lowerBound
        while index < upper {
            if stream.isText(index, "["), isMessageStart(index), let send = messageSend(at: index, wanted: wanted) {
                result.append(send)
            }
            index += 1
        }
        return result
    }

    /// Words after which a `[` starts a statement or an operand, not a subscript.
    private static let wordsBeforeOperand = TokenSet(["return", "in", "else", "do", "case", "sizeof"])
    /// Words whose parenthesised condition may be followed by a statement `[…];`.
    private static let conditionKeywords = TokenSet(["if", "while", "for"])
    /// Type words of C and Objective-C that make a one-word cast, `(id)` or `(int)`.
    private static let lowercaseCastTypes = TokenSet([
        "id", "instancetype", "void", "char", "short", "int", "long", "float", "double", "unsigned", "signed", "bool",
    ])

    /// A `[` that opens a message send rather than a subscript or an attribute list.
    private func isMessageStart(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = stream[index - 1]
        if previous.kind == .identifier { return Self.wordsBeforeOperand.contains(previous, in: stream) }
        if previous.kind == .string || previous.kind == .number { return false }
        if stream.isText(previous, ")") { return closesConditionOrCast(index - 1) }
        return !stream.isText(previous, "]")
    }

    /// Does the `)` at `close` end an `if`/`while`/`for` condition or a C cast `(Type *)`,
    /// after which a `[` is a message send? After a call `f(x)` or a parenthesised value
    /// `(list)` it is a subscript.
    private func closesConditionOrCast(_ close: Int) -> Bool {
        let open = stream.partner[close]
        guard open >= 0, open < close else { return false }
        if Self.conditionKeywords.contains(open - 1, in: stream) { return true }
        if open > 0, stream[open - 1].isIdentifier || stream.isText(open - 1, ")") || stream.isText(open - 1, "]") {
            return false  // a call or a chained subscript
        }
        let inner = (open + 1)..<close
        guard !inner.isEmpty else { return false }
        for position in inner where !(stream[position].isIdentifier || stream.isText(position, "*")
                                      || stream.isText(position, "<") || stream.isText(position, ">")
                                      || stream.isText(position, ",")) {
            return false
        }
        if stream.isText(close - 1, "*") { return true }
        guard inner.allSatisfy({ stream[$0].isIdentifier }) else { return false }
        let last = stream[close - 1]
        let first = stream.bytes[last.start]
        return (first >= 0x41 && first <= 0x5A) || Self.lowercaseCastTypes.contains(last, in: stream)
    }

    private func messageSend(at open: Int, wanted: (Int) -> Bool) -> CallSite? {
        let close = stream.after(open) - 1
        guard close > open, close <= stream.count else { return nil }
        let receiverEnd = primaryEnd(from: open + 1, limit: close)
        guard receiverEnd > open + 1, receiverEnd < close, stream[receiverEnd].isIdentifier,
              wanted(receiverEnd) else { return nil }
        var labels: [String] = []
        var arguments: [Range<Int>] = []
        var cursor = receiverEnd
        if stream.isText(cursor + 1, ":") {
            var label = ""
            cursor += 2
            while cursor < close {
                var end = cursor
                while end < close, !(stream[end].isIdentifier && stream.isText(end + 1, ":") && end > cursor
                                     && !stream.isText(end - 1, "?")) {
                    end = stream.after(end)
                }
                labels.append(label)
                arguments.append(cursor..<min(end, close))
                guard end < close else { break }
                label = stream.text(end)
                cursor = end + 2
            }
        }
        return CallSite(baseName: stream.text(receiverEnd), labels: labels, arguments: arguments,
                        receiver: (open + 1)..<receiverEnd, nameIndex: receiverEnd,
                        expression: open..<(close + 1), isMessageSend: true)
    }

    /// The end of a primary expression with casts and member accesses: `self`,
    /// `self.contentView`, `[NSBundle mainBundle]`, `(UIView *)x`, `@"text"`.
    private func primaryEnd(from start: Int, limit: Int) -> Int {
        var cursor = start
        while cursor < limit, stream.isText(cursor, "(") { cursor = stream.after(cursor) }  // casts
        guard cursor < limit else { return cursor }
        if stream.isText(cursor, "[") {
            cursor = stream.after(cursor)
        } else if stream[cursor].isIdentifier || stream[cursor].kind == .string {
            cursor += 1
            if stream.isText(cursor, "(") { cursor = stream.after(cursor) }  // C function call
        } else {
            return cursor
        }
        while cursor + 1 < limit, stream.isText(cursor, ".") || stream.isText(cursor, "->"), stream[cursor + 1].isIdentifier {
            cursor += 2
        }
        return cursor
    }
}
