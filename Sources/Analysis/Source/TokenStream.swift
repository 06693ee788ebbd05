/// The tokens of one file with their bracket pairs precomputed, so that parsers can skip a
/// balanced `( … )`, `[ … ]` or `{ … }` in constant time. Unbalanced brackets pair with the
/// end of the file; a stray closer pairs with nothing.
///
/// Tokens are byte ranges of `bytes`: comparisons run on the bytes, and a `String` is made
/// only for text that is kept or searched (``text(_:)-swift.method``).
struct TokenStream {
    let tokens: [SourceToken]
    let bytes: [UInt8]
    /// For an opening bracket, the index of its closer (or `tokens.count`); for a closer,
    /// the index of its opener (or -1); -1 for everything else.
    let partner: BracketPartners
    /// How many closers found no opener and openers no closer.
    let unbalanced: Int

    init(_ tokens: [SourceToken], bytes: [UInt8]) {
        self.tokens = tokens
        self.bytes = bytes
        var partner = [Int32](repeating: -1, count: tokens.count)
        // Through buffer pointers: the loop visits every token of every file, and array
        // subscripts would check each index.
        unbalanced = tokens.withUnsafeBufferPointer { tokens in
            bytes.withUnsafeBufferPointer { bytes in
                partner.withUnsafeMutableBufferPointer { Self.pairBrackets(tokens: tokens, bytes: bytes, partner: $0) }
            }
        }
        self.partner = BracketPartners(partners: partner)
    }

    /// Fills `partner` (all -1) with the bracket pairs of `tokens`; returns how many closers
    /// found no opener and openers no closer. The stack of unclosed openers lives in
    /// `partner` itself: while an opener is open, its slot holds the index of the opener below
    /// it (-1 at the bottom), so no stack is allocated per file. Every opener's slot is
    /// overwritten once it is closed or left open.
    private static func pairBrackets(tokens: UnsafeBufferPointer<SourceToken>, bytes: UnsafeBufferPointer<UInt8>,
                                     partner: UnsafeMutableBufferPointer<Int32>) -> Int {
        var unbalanced = 0
        var top = -1
        var depth = 0
        func pop() -> Int {
            let popped = top
            top = Int(partner[popped])
            depth -= 1
            return popped
        }
        for index in tokens.indices where tokens[index].kind == .punctuation && tokens[index].length == 1 {
            let byte = bytes[tokens[index].start]
            switch byte {
            case 0x28, 0x5B, 0x7B:  // ( [ {
                partner[index] = Int32(top)
                top = index
                depth += 1
            case 0x29, 0x5D, 0x7D:  // ) ] }
                let opener: UInt8 = byte == 0x29 ? 0x28 : byte == 0x5D ? 0x5B : 0x7B
                // A `}` closes any unclosed `(`/`[` inside its block; a `)`/`]` never closes a `{`.
                while top >= 0, bytes[tokens[top].start] != opener {
                    if byte != 0x7D && bytes[tokens[top].start] == 0x7B { break }
                    partner[pop()] = Int32(index)
                    unbalanced += 1
                }
                if top >= 0, bytes[tokens[top].start] == opener {
                    let matched = pop()
                    partner[matched] = Int32(index)
                    partner[index] = Int32(matched)
                } else {
                    unbalanced += 1
                }
            default:
                break
            }
        }
        unbalanced += depth  // openers left open, counted before they pair with the end
        while top >= 0 { partner[pop()] = Int32(tokens.count) }
        return unbalanced
    }

    var count: Int { tokens.count }

    /// The indices of the tokens that pass `test`, in file order: one pass through a buffer
    /// pointer, for scans that visit every token of a file (array subscripts would check
    /// each index).
    func indices(where test: (SourceToken) -> Bool) -> [Int] {
        tokens.withUnsafeBufferPointer { tokens in
            var found: [Int] = []
            for index in tokens.indices where test(tokens[index]) { found.append(index) }
            return found
        }
    }

    subscript(index: Int) -> SourceToken { tokens[index] }

    /// The text of `token` (invalid UTF-8 replaced).
    func text(_ token: SourceToken) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    /// The text of the token at `index`, or "" past the end.
    func text(_ index: Int) -> String { index >= 0 && index < tokens.count ? text(tokens[index]) : "" }

    /// Is the text of `token` the literal `value`? Bytewise unless a non-ASCII character
    /// makes Unicode equivalence matter (then as `String` compares).
    @inline(__always)
    func isText(_ token: SourceToken, _ value: StaticString) -> Bool {
        guard token.isASCII, value.isASCII else { return text(token) == value.description }
        return value.withUTF8Buffer { literal in
            guard literal.count == token.length else { return false }
            for offset in 0..<literal.count where bytes[token.start + offset] != literal[offset] { return false }
            return true
        }
    }

    /// Is the token at `index` exactly the literal `value`?
    @inline(__always)
    func isText(_ index: Int, _ value: StaticString) -> Bool {
        index >= 0 && index < tokens.count && isText(tokens[index], value)
    }

    /// Is the text of `token` equal to `value` (as `String` compares)? Bytewise unless a
    /// non-ASCII character makes Unicode equivalence matter.
    func isText(_ token: SourceToken, equalTo value: String) -> Bool {
        guard token.isASCII else { return text(token) == value }
        var offset = token.start
        let end = token.end
        for byte in value.utf8 {
            guard byte < 0x80 else { return text(token) == value }
            guard offset < end, bytes[offset] == byte else { return false }
            offset += 1
        }
        return offset == end
    }

    /// Is the token at `index` exactly `value`?
    func isText(_ index: Int, equalTo value: String) -> Bool {
        index >= 0 && index < tokens.count && isText(tokens[index], equalTo: value)
    }

    /// Does the text of `token` start with the literal `prefix` (as `String.hasPrefix` decides)?
    func hasPrefix(_ token: SourceToken, _ prefix: StaticString) -> Bool {
        guard token.isASCII, prefix.isASCII else { return text(token).hasPrefix(prefix.description) }
        return prefix.withUTF8Buffer { literal in
            guard literal.count <= token.length else { return false }
            for offset in 0..<literal.count where bytes[token.start + offset] != literal[offset] { return false }
            return true
        }
    }

    /// The index after the balanced group opened at `index` (or `index + 1` if not an opener).
    func after(_ index: Int) -> Int {
        let closer = partner[index]
        return closer > index ? min(closer + 1, tokens.count) : index + 1
    }

    /// The UTF-8 length of the text of `token` (more than its bytes if invalid UTF-8 was replaced).
    func textLength(_ token: SourceToken) -> Int {
        token.isASCII ? token.length : text(token).utf8.count
    }

    /// The Swift selector `name(label:_:)` of a call named at `name` whose arguments have
    /// the label tokens `labels` (-1: unlabeled, written `_`). Written straight into one
    /// string when every token is ASCII; else joined from each token's text.
    func swiftSelector(name: Int, labels: [Int]) -> String {
        guard name >= 0, name < tokens.count, tokens[name].isASCII,
              labels.allSatisfy({ $0 < 0 || ($0 < tokens.count && tokens[$0].isASCII) }) else {
            var selector = text(name) + "("
            for label in labels { selector += (label >= 0 ? text(label) : "_") + ":" }
            return selector + ")"
        }
        var capacity = tokens[name].length + 2 + labels.count
        for label in labels { capacity += label >= 0 ? tokens[label].length : 1 }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var written = 0
            func write(_ token: SourceToken) {
                for offset in token.start..<token.end {
                    buffer[written] = bytes[offset]
                    written += 1
                }
            }
            func write(_ byte: UInt8) {
                buffer[written] = byte
                written += 1
            }
            write(tokens[name])
            write(0x28)  // (
            for label in labels {
                if label >= 0 { write(tokens[label]) } else { write(0x5F) }  // _
                write(0x3A)  // :
            }
            write(0x29)  // )
            return written
        }
    }

    /// Source text of tokens `range`, joined with single spaces where the source had a gap.
    func text(of range: Range<Int>) -> String {
        let range = range.clamped(to: 0..<tokens.count)
        guard range.allSatisfy({ tokens[$0].isASCII }) else { return joinedText(of: range) }
        return asciiText(of: range, spaced: true)
    }

    /// ``text(of:)`` token by token, for ranges with non-ASCII text. Gaps are found from byte
    /// columns and lengths, never from the length of the replaced text.
    private func joinedText(of range: Range<Int>) -> String {
        var result = ""
        var previous: SourceToken?
        for index in range {
            let token = tokens[index]
            if let previous, Self.hasGap(between: previous, and: token) {
                result += " "
            }
            result += text(token)
            previous = token
        }
        return result
    }

    /// Source text of tokens `range` joined without spaces (type names: `[UIButton]!`).
    func compactText(of range: Range<Int>) -> String {
        let range = range.clamped(to: 0..<tokens.count)
        guard range.allSatisfy({ tokens[$0].isASCII }) else {
            var result = ""
            for index in range { result += text(tokens[index]) }
            return result
        }
        return asciiText(of: range, spaced: false)
    }

    /// Did the source have whitespace (or a comment, or a line break) between two tokens?
    private static func hasGap(between previous: SourceToken, and token: SourceToken) -> Bool {
        previous.line != token.line || previous.column + previous.length < token.column
    }

    /// The text of ASCII tokens `range` (clamped), with a space at each gap when `spaced`.
    /// Written straight into the string's storage, sized up front: one allocation at most
    /// (none for short text), where appending token by token grows and copies.
    private func asciiText(of range: Range<Int>, spaced: Bool) -> String {
        guard let first = range.first else { return "" }
        if range.count == 1 { return text(tokens[first]) }
        var capacity = spaced ? range.count - 1 : 0
        for index in range { capacity += tokens[index].length }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var written = 0
            var previous: SourceToken?
            for index in range {
                let token = tokens[index]
                if spaced, let previous, Self.hasGap(between: previous, and: token) {
                    buffer[written] = 0x20
                    written += 1
                }
                for offset in token.start..<token.end {
                    buffer[written] = bytes[offset]
                    written += 1
                }
                previous = token
            }
            return written
        }
    }

    func location(_ index: Int, path: String) -> SourceLocation {
        guard index < tokens.count else {
            let last = tokens.last
            return SourceLocation(path: path, line: last?.line ?? 1, column: last?.column ?? 1)
        }
        return SourceLocation(path: path, line: tokens[index].line, column: tokens[index].column)
    }
}

/// ``TokenStream/partner`` in 32 bits per token (half the memory of `[Int]`; a file's
/// token count fits, as its byte count does: ``SourceToken/maximumFileBytes``), read as `Int`.
struct BracketPartners: RandomAccessCollection {
    fileprivate let partners: [Int32]

    var startIndex: Int { 0 }
    var endIndex: Int { partners.count }
    subscript(index: Int) -> Int { Int(partners[index]) }
}
