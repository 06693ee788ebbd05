import Foundation

/// Splits UTF-8 source bytes into ``SourceToken``s for Swift or Objective-C, skipping
/// comments and whitespace. Linear in the input, never fails: unterminated comments and
/// literals end at the end of the file, invalid UTF-8 is replaced when a token's text is read.
struct SourceTokenizer {
    let language: SourceLanguage

    /// The tokens of `bytes` with their bracket pairs.
    func stream(_ bytes: [UInt8]) -> TokenStream {
        TokenStream(tokenize(bytes), bytes: bytes)
    }

    /// No tokens for text of ``SourceToken/maximumFileBytes`` or more, whose offsets would
    /// not fit a token (``SourceFileIndexer`` reports such a file instead of indexing it).
    private func tokenize(_ bytes: [UInt8]) -> [SourceToken] {
        guard bytes.count < SourceToken.maximumFileBytes else { return [] }
        // Room for a token per 4 bytes: source averages one per 5 and is rarely denser. A
        // denser file is scanned again with room for a token per byte, which every file
        // fits (each token is at least one byte).
        return scan(bytes, capacity: bytes.count / 4 + 16) ?? scan(bytes, capacity: bytes.count + 1) ?? []
    }

    /// The tokens of `bytes`, written straight into an array of `capacity`; `nil` when
    /// they do not fit.
    private func scan(_ bytes: [UInt8], capacity: Int) -> [SourceToken]? {
        var overflowed = false
        let tokens = [SourceToken](unsafeUninitializedCapacity: capacity) { tokens, initialized in
            bytes.withUnsafeBufferPointer { buffer in
                Self.byteClasses.withUnsafeBufferPointer { classes in
                    var scanner = ByteScanner(bytes: buffer, classes: classes, language: language, tokens: tokens)
                    scanner.run()
                    initialized = scanner.tokenCount
                    overflowed = scanner.overflowed
                }
            }
        }
        return overflowed ? nil : tokens
    }

    /// Per byte value: `identifierStart` for letters, `_`, `$` and bytes of non-ASCII
    /// characters; `digit` for `0`–`9`; `space` for whitespace but the line feed;
    /// `singlePunctuation` for the bytes that are always a one-byte punctuation token; 0 for
    /// the line feed and the bytes that start comments, literals, `@`/`#` forms and
    /// operators of two bytes or more (a table lookup per byte in the scanning loops).
    private static let byteClasses: [UInt8] = {
        // `\n`, `/`, `"`, `'`, `@`, `#`, and the first bytes of `==` `!=` `->` `??` `&&` `||` `<=` `>=`.
        let notSingle = Array("\n/\"'@#=!-?&|<>".utf8)
        return (0...255).map { byte in
            let isLetter = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            if isLetter || byte == 0x5F || byte == 0x24 || byte >= 0x80 { return ByteScanner.identifierStart }
            if byte >= 0x30 && byte <= 0x39 { return ByteScanner.digit }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B { return ByteScanner.space }
            return notSingle.contains(UInt8(byte)) ? 0 : ByteScanner.singlePunctuation
        }
    }()
}

/// The cursor state of one tokenization run.
private struct ByteScanner {
    static let identifierStart: UInt8 = 1
    static let digit: UInt8 = 2
    /// Either of the two classes an identifier continues with.
    static let identifierPart: UInt8 = identifierStart | digit
    /// Whitespace other than a line feed.
    static let space: UInt8 = 4
    /// A byte that is a punctuation token of its own whatever follows it (`(`, `.`, `,`, ...).
    static let singlePunctuation: UInt8 = 8

    let bytes: UnsafeBufferPointer<UInt8>
    /// ``SourceTokenizer/byteClasses``.
    let classes: UnsafeBufferPointer<UInt8>
    let language: SourceLanguage
    var position = 0
    var line = 1
    var lineStart = 0
    /// Only whitespace seen since the start of the line (Objective-C preprocessor lines).
    var atLineStart = true
    /// The tokens so far, written in place (no uniqueness or capacity check of an array per
    /// token): `tokens[..<tokenCount]` is initialized.
    let tokens: UnsafeMutableBufferPointer<SourceToken>
    private(set) var tokenCount = 0
    /// The file has more tokens than ``tokens`` holds: the run stopped.
    private(set) var overflowed = false

    init(bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>, language: SourceLanguage,
         tokens: UnsafeMutableBufferPointer<SourceToken>) {
        self.bytes = bytes
        self.classes = classes
        self.language = language
        self.tokens = tokens
    }

    /// Reads every token. Identifiers, one-byte punctuation, spaces and line feeds (most of
    /// a file's bytes) are read in this loop with the position, line and token count in
    /// local variables (registers, not stores into the scanner at every byte); any other
    /// token goes through ``scanOtherToken()`` with the state stored back first.
    mutating func run() {
        guard let base = bytes.baseAddress, let output = tokens.baseAddress else { return }
        let count = bytes.count
        let capacity = tokens.count
        var at = position
        var line = self.line
        var lineStart = self.lineStart
        var atLineStart = self.atLineStart
        var written = tokenCount
        while at < count {
            let byte = base[at]
            let byteClass = classes[Int(byte)]
            if byteClass == Self.identifierStart {
                let start = at
                var high = byte
                at += 1
                while at < count {
                    let next = base[at]
                    guard classes[Int(next)] & Self.identifierPart != 0 else { break }
                    high |= next
                    at += 1
                }
                guard written < capacity else {
                    overflowed = true
                    break
                }
                (output + written).initialize(to: SourceToken(kind: .identifier, isASCII: high < 0x80, start: start, length: at - start,
                                                              line: line, column: start - lineStart + 1))
                written += 1
                atLineStart = false
            } else if byteClass == Self.space {
                // Indentation: runs of spaces, eight at a time while they last.
                at += 1
                while count - at >= 8, UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                    at += 8
                }
                while at < count, base[at] == 0x20 { at += 1 }
            } else if byte == 0x0A {
                line += 1
                lineStart = at + 1
                atLineStart = true
                at += 1
            } else if byteClass == Self.singlePunctuation {
                guard written < capacity else {
                    overflowed = true
                    break
                }
                (output + written).initialize(to: SourceToken(kind: .punctuation, isASCII: true, start: at, length: 1,
                                                              line: line, column: at - lineStart + 1))
                written += 1
                atLineStart = false
                at += 1
            } else {
                position = at
                self.line = line
                self.lineStart = lineStart
                self.atLineStart = atLineStart
                tokenCount = written
                scanOtherToken()
                at = position
                line = self.line
                lineStart = self.lineStart
                atLineStart = self.atLineStart
                written = tokenCount
                if overflowed { break }
            }
        }
        position = at
        self.line = line
        self.lineStart = lineStart
        self.atLineStart = atLineStart
        tokenCount = written
    }

    /// The comment or token at ``position`` that ``run()`` does not read itself: comments,
    /// numbers, literals, `@` and `#` forms, and operators that may be two bytes or more.
    mutating func scanOtherToken() {
        let byte = bytes[position]
        let wasAtLineStart = atLineStart
        atLineStart = false
        if byte == 0x2F, position + 1 < bytes.count {  // '/'
            let next = bytes[position + 1]
            if next == 0x2F { return skipLineComment() }
            if next == 0x2A { return skipBlockComment() }
        }
        let start = position
        let startLine = line
        let column = start - lineStart + 1
        let kind: SourceToken.Kind
        if isDigit(byte) {
            scanNumber()
            kind = .number
        } else if byte == 0x22 {  // "
            scanString(hashes: 0)
            kind = .string
        } else if byte == 0x27, language == .objc {  // '
            scanQuoted(0x27)
            kind = .character
        } else if byte == 0x40 {  // @
            kind = scanAt()
        } else if byte == 0x23 {  // #
            if language == .objc && wasAtLineStart {
                scanPreprocessorLine()
                kind = .directive
            } else {
                kind = scanHash()
            }
        } else {
            scanPunctuation(byte)
            kind = .punctuation
        }
        emit(kind, start: start, line: startLine, column: column)
    }

    // MARK: - Tokens

    /// Appends the token ending at `position`.
    mutating func emit(_ kind: SourceToken.Kind, start: Int, line: Int, column: Int) {
        var isASCII = true
        if kind != .punctuation {  // punctuation is ASCII: every byte from 0x80 starts an identifier
            var high: UInt8 = 0
            for offset in start..<position { high |= bytes[offset] }
            isASCII = high < 0x80
        }
        guard tokenCount < tokens.count, let base = tokens.baseAddress else {
            overflowed = true
            return
        }
        (base + tokenCount).initialize(to: SourceToken(kind: kind, isASCII: isASCII, start: start, length: position - start,
                                                      line: line, column: column))
        tokenCount += 1
    }

    mutating func newline(at offset: Int) {
        line += 1
        lineStart = offset + 1
        atLineStart = true
    }

    func isIdentifierStart(_ byte: UInt8) -> Bool { classes[Int(byte)] == Self.identifierStart }

    func isDigit(_ byte: UInt8) -> Bool { classes[Int(byte)] == Self.digit }

    func isIdentifierPart(_ byte: UInt8) -> Bool { classes[Int(byte)] & Self.identifierPart != 0 }

    /// Consumes an identifier; returns its bytes OR-ed together (from 0x80: not ASCII).
    @discardableResult
    mutating func scanIdentifier() -> UInt8 {
        // A local cursor: the loop then keeps it in a register instead of storing
        // `position` on every byte (identifiers are most of a source file's tokens).
        var cursor = position
        var high = bytes[cursor]
        cursor += 1
        let count = bytes.count
        while cursor < count {
            let byte = bytes[cursor]
            guard isIdentifierPart(byte) else { break }
            high |= byte
            cursor += 1
        }
        position = cursor
        return high
    }

    mutating func scanNumber() {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if isIdentifierPart(byte) || byte == 0x2E && position + 1 < bytes.count && isDigit(bytes[position + 1]) {
                position += 1
            } else {
                break
            }
        }
    }

    /// `@identifier`, `@"string"`, or a lone `@` (Objective-C literals `@[`, `@{`, `@(`).
    mutating func scanAt() -> SourceToken.Kind {
        position += 1
        guard position < bytes.count else { return .punctuation }
        let next = bytes[position]
        if next == 0x22 {
            scanString(hashes: 0)
            return .string
        }
        if isIdentifierStart(next) {
            scanIdentifier()
            return .attribute
        }
        return .punctuation
    }

    /// Swift `#if`/`#selector`…, or a raw string `#"…"#` with any number of `#`.
    mutating func scanHash() -> SourceToken.Kind {
        var hashes = 0
        var cursor = position
        while cursor < bytes.count, bytes[cursor] == 0x23 {
            hashes += 1
            cursor += 1
        }
        if cursor < bytes.count, bytes[cursor] == 0x22 {
            position = cursor
            scanString(hashes: hashes)
            return .string
        }
        position += 1
        if position < bytes.count, isIdentifierStart(bytes[position]) {
            scanIdentifier()
            return .directive
        }
        return .punctuation
    }

    mutating func scanPunctuation(_ byte: UInt8) {
        position += 1
        guard position < bytes.count else { return }
        let next = bytes[position]
        switch (byte, next) {
        case (0x3D, 0x3D), (0x21, 0x3D):  // == !=
            position += 1
            if position < bytes.count, bytes[position] == 0x3D { position += 1 }  // === !==
        case (0x2D, 0x3E), (0x3F, 0x3F), (0x26, 0x26), (0x7C, 0x7C), (0x3C, 0x3D), (0x3E, 0x3D):  // -> ?? && || <= >=
            position += 1
        default:
            break
        }
    }

    // MARK: - Comments

    /// Up to the line feed that ends the comment (found with `memchr`), or the end of the file.
    mutating func skipLineComment() {
        guard let base = bytes.baseAddress, position < bytes.count,
              let found = memchr(base + position, 0x0A, bytes.count - position) else {
            position = bytes.count
            return
        }
        position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `/* … */`, nested in Swift, flat in Objective-C.
    mutating func skipBlockComment() {
        var depth = 0
        let nests = language == .swift
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x0A {
                newline(at: position)
                atLineStart = false
                position += 1
            } else if byte == 0x2F, position + 1 < bytes.count, bytes[position + 1] == 0x2A {
                if depth == 0 || nests { depth += 1 }
                position += 2
            } else if byte == 0x2A, position + 1 < bytes.count, bytes[position + 1] == 0x2F {
                depth -= 1
                position += 2
                if depth == 0 { return }
            } else {
                position += 1
            }
        }
    }

    // MARK: - Literals

    /// A C character or string literal on one line (`'a'`, `"…"` in Objective-C).
    mutating func scanQuoted(_ quote: UInt8) {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x5C {
                if position + 1 < bytes.count, bytes[position + 1] == 0x0A { newline(at: position + 1) }
                position += 2
            } else if byte == quote {
                position += 1
                return
            } else if byte == 0x0A {
                return  // unterminated: ends at the line end
            } else {
                position += 1
            }
        }
        position = min(position, bytes.count)
    }

    /// A string literal starting at `"` (after any `#` delimiters): single-line or `"""`
    /// multi-line, raw with `hashes` delimiters, with `\( … )` interpolation in Swift.
    mutating func scanString(hashes: Int) {
        guard language == .swift else {
            scanQuoted(0x22)
            return
        }
        let multiLine = position + 2 < bytes.count && bytes[position + 1] == 0x22 && bytes[position + 2] == 0x22
        position += multiLine ? 3 : 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x5C, hasHashes(hashes, at: position + 1) {
                position += 1 + hashes
                if position < bytes.count, bytes[position] == 0x28 {  // \(
                    position += 1
                    skipInterpolation()
                } else if position < bytes.count {
                    if bytes[position] == 0x0A { newline(at: position) }
                    position += 1
                }
            } else if byte == 0x22 {
                if multiLine {
                    if position + 2 < bytes.count, bytes[position + 1] == 0x22, bytes[position + 2] == 0x22,
                       hasHashes(hashes, at: position + 3) {
                        position += 3 + hashes
                        return
                    }
                    position += 1
                } else if hasHashes(hashes, at: position + 1) {
                    position += 1 + hashes
                    return
                } else {
                    position += 1
                }
            } else if byte == 0x0A {
                if !multiLine { return }  // unterminated single-line string
                newline(at: position)
                position += 1
            } else {
                position += 1
            }
        }
    }

    func hasHashes(_ count: Int, at offset: Int) -> Bool {
        guard count > 0 else { return true }
        guard offset + count <= bytes.count else { return false }
        for index in offset..<(offset + count) where bytes[index] != 0x23 { return false }
        return true
    }

    /// Skips a Swift interpolation up to its closing `)`, with nested parentheses, strings
    /// and comments.
    mutating func skipInterpolation() {
        var depth = 1
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x28: depth += 1; position += 1
            case 0x29:
                depth -= 1
                position += 1
                if depth == 0 { return }
            case 0x22: scanString(hashes: 0)
            case 0x23 where position + 1 < bytes.count && (bytes[position + 1] == 0x22 || bytes[position + 1] == 0x23):
                _ = scanHash()
            case 0x0A: newline(at: position); position += 1
            case 0x2F where position + 1 < bytes.count && bytes[position + 1] == 0x2A: skipBlockComment()
            default: position += 1
            }
        }
    }

    /// Does the line ending at `offset` end with `\` (before an optional `\r`)?
    func endsWithContinuation(before offset: Int) -> Bool {
        var cursor = offset - 1
        if cursor >= 0, bytes[cursor] == 0x0D { cursor -= 1 }
        return cursor >= 0 && bytes[cursor] == 0x5C
    }

    /// An Objective-C preprocessor line, with `\` continuations.
    mutating func scanPreprocessorLine() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x0A {
                if endsWithContinuation(before: position) {
                    newline(at: position)
                    atLineStart = false
                    position += 1
                    continue
                }
                return
            }
            if byte == 0x2F, position + 1 < bytes.count, bytes[position + 1] == 0x2A {
                skipBlockComment()
                continue
            }
            position += 1
        }
    }
}
