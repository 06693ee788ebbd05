import Foundation

/// Reads the OpenStep property-list format byte by byte: `{ key = value; }` dictionaries,
/// `( a, b, )` arrays, quoted strings with C and `\U` escapes, unquoted strings,
/// `<hex data>`, and `/* */` and `//` comments. Foundation's `PropertyListSerialization`
/// reads the same format far slower; this parser makes one pass into a
/// ``PropertyListDocument`` of nodes over the file's bytes (no `String` or `Dictionary`
/// per value), and stops with a ``PropertyListError`` at the first malformed byte, at a
/// nesting deeper than ``Limits/maximumDepth`` or on a file over ``Limits/maximumBytes``,
/// so any input ends in bounded time.
public struct OpenStepPropertyListParser: Sendable {
    /// Bounds on one file.
    public struct Limits: Sendable, Equatable {
        /// Larger files are refused unread (the largest real `project.pbxproj` seen is ~1.2 MB).
        public var maximumBytes: Int
        /// Arrays and dictionaries nest at most this deep (Xcode writes four levels).
        public var maximumDepth: Int

        public init(maximumBytes: Int = 16 << 20, maximumDepth: Int = 64) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The single value `data` holds; only whitespace and comments may follow it.
    public func parse(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        let document = try document(data)
        return document.value(at: document.root)
    }

    /// The value `data` holds as nodes over its bytes, for readers that look at a few values.
    public func document(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
        // Node offsets are 32-bit: a larger limit still stops below 4 GiB.
        let limit = min(limits.maximumBytes, Int(UInt32.max))
        guard data.count <= limit else {
            throw PropertyListError(line: 1, message: "the file is \(data.count) bytes, over the limit of \(limit) bytes for a property list")
        }
        // One copy of the bytes (`Array(data)` copies them one by one).
        let bytes = data.withUnsafeBytes { [UInt8]($0) }
        let result: Result<PropertyListDocument, PropertyListError> = bytes.withUnsafeBufferPointer { buffer in
            Cursor.byteClasses.withUnsafeBufferPointer { classes in
                var cursor = Cursor(bytes: buffer, classes: classes, document: PropertyListDocument(bytes: bytes), maximumDepth: limits.maximumDepth)
                return Result { () throws(PropertyListError) in
                    try cursor.document()
                    return cursor.result
                }
            }
        }
        return try result.get()
    }
}

/// The parser's position in the bytes and the document it fills; every method advances
/// the position or throws.
private struct Cursor {
    /// The document's own bytes, read through a pointer while the parse runs.
    let bytes: UnsafeBufferPointer<UInt8>
    /// ``byteClasses``, read through a pointer in the scanning loops.
    let classes: UnsafeBufferPointer<UInt8>
    private(set) var result: PropertyListDocument
    let maximumDepth: Int
    var position = 0
    var depth = 0
    /// Children of the containers still open, innermost last; a container moves its own
    /// to ``PropertyListDocument/children`` when it closes.
    private var pending: [UInt32] = []

    init(bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>, document: PropertyListDocument, maximumDepth: Int) {
        self.bytes = bytes
        self.classes = classes
        result = document
        self.maximumDepth = maximumDepth
        result.nodes.reserveCapacity(document.bytes.count / 24)  // a pbxproj has a node per ~30 bytes
        result.children.reserveCapacity(document.bytes.count / 24)
    }

    mutating func document() throws(PropertyListError) {
        // A UTF-8 byte-order mark is allowed before the first value.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        try skipTrivia()
        guard position < bytes.count else { throw failure("the file holds no property list") }
        result.root = try value()
        try skipTrivia()
        guard position == bytes.count else { throw failure("unexpected \(describe(bytes[position])) after the end of the property list") }
    }

    private mutating func add(_ kind: PropertyListDocument.Kind, start: Int, count: Int) -> Int {
        result.nodes.append(PropertyListDocument.Node(kind: kind, start: UInt32(start), count: UInt32(count)))
        return result.nodes.count - 1
    }

    /// Closes a container whose children are `pending[mark...]`.
    private mutating func close(_ kind: PropertyListDocument.Kind, from mark: Int, count: Int) -> Int {
        let start = result.children.count
        result.children.append(contentsOf: pending[mark...])
        pending.removeSubrange(mark...)
        return add(kind, start: start, count: count)
    }

    private mutating func value() throws(PropertyListError) -> Int {
        guard position < bytes.count else { throw failure("the file ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try dictionary()
        case UInt8(ascii: "("): return try array()
        case UInt8(ascii: "<"): return try hexData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try quotedString()
        case let byte where Self.isUnquoted(byte): return unquotedString()
        case let byte: throw failure("unexpected \(describe(byte)) where a value was expected")
        }
    }

    private mutating func dictionary() throws(PropertyListError) -> Int {
        let opening = position
        try enter()
        position += 1
        let mark = pending.count
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw failure("the dictionary opened on line \(line(at: opening)) is never closed", at: bytes.count) }
            if bytes[position] == UInt8(ascii: "}") { break }
            let key = try key()
            try skipTrivia()
            try expect(UInt8(ascii: "="), after: .key(key))
            try skipTrivia()
            let value = try value()
            try skipTrivia()
            try expect(UInt8(ascii: ";"), after: .value(ofKey: key))
            pending.append(UInt32(key))
            pending.append(UInt32(value))
        }
        position += 1
        depth -= 1
        return close(.dictionary, from: mark, count: (pending.count - mark) / 2)
    }

    private mutating func array() throws(PropertyListError) -> Int {
        let opening = position
        try enter()
        position += 1
        let mark = pending.count
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw failure("the array opened on line \(line(at: opening)) is never closed", at: bytes.count) }
            if bytes[position] == UInt8(ascii: ")") { break }
            pending.append(UInt32(try value()))
            try skipTrivia()
            guard position < bytes.count else { continue }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: ")") {
                throw failure("expected \",\" or \")\" in the array, found \(describe(bytes[position]))")
            }
        }
        position += 1
        depth -= 1
        return close(.array, from: mark, count: pending.count - mark)
    }

    private mutating func enter() throws(PropertyListError) {
        depth += 1
        guard depth <= maximumDepth else { throw failure("arrays and dictionaries nest deeper than \(maximumDepth) levels") }
    }

    private mutating func key() throws(PropertyListError) -> Int {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try quotedString() }
        guard Self.isUnquoted(byte) else { throw failure("unexpected \(describe(byte)) where a dictionary key was expected") }
        return unquotedString()
    }

    /// What the separator after a dictionary key or value follows, for the error message.
    private enum Separated {
        case key(Int)
        case value(ofKey: Int)
    }

    /// The messages name the key; they are built only on failure (for every entry of a
    /// well-formed file that would cost a third of the parse).
    private mutating func expect(_ byte: UInt8, after what: Separated) throws(PropertyListError) {
        guard position < bytes.count else { throw failure("the file ends after \(describe(what)), \"\(Character(Unicode.Scalar(byte)))\" expected", at: bytes.count) }
        guard bytes[position] == byte else {
            throw failure("expected \"\(Character(Unicode.Scalar(byte)))\" after \(describe(what)), found \(describe(bytes[position]))")
        }
        position += 1
    }

    private func describe(_ what: Separated) -> String {
        switch what {
        case .key(let key): "the key \"\(result.string(key) ?? "")\""
        case .value(let key): "the value of \"\(result.string(key) ?? "")\""
        }
    }

    private mutating func unquotedString() -> Int {
        let start = position
        var end = position
        let count = bytes.count
        // Four bytes a step while they last (object ids are 24 bytes), then one by one.
        while end + 4 <= count,
              classes[Int(bytes[end])] & classes[Int(bytes[end + 1])] & classes[Int(bytes[end + 2])] & classes[Int(bytes[end + 3])] & Self.unquotedClass != 0 {
            end += 4
        }
        while end < count, classes[Int(bytes[end])] & Self.unquotedClass != 0 { end += 1 }
        position = end
        return add(.string, start: start, count: end - start)
    }

    /// A string in `"` (or `'`) quotes. Without a backslash the node is the bytes as they
    /// are; with one, escapes are decoded into the document's decoded bytes.
    private mutating func quotedString() throws(PropertyListError) -> Int {
        let opening = position
        let quote = bytes[position]
        position += 1
        let start = position
        var end = position
        while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\\") { end += 1 }
        position = end
        guard position < bytes.count else { throw failure("the string opened on line \(line(at: opening)) is never closed", at: bytes.count) }
        if bytes[position] == quote {
            defer { position += 1 }
            return add(.string, start: start, count: position - start)
        }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while true {
            guard position < bytes.count else { throw failure("the string opened on line \(line(at: opening)) is never closed", at: bytes.count) }
            let byte = bytes[position]
            if byte == quote { break }
            if byte == UInt8(ascii: "\\") {
                try escape(into: &decoded)
            } else {
                decoded.append(byte)
                position += 1
            }
        }
        position += 1
        return addDecoded(.decodedString, decoded)
    }

    private mutating func addDecoded(_ kind: PropertyListDocument.Kind, _ decoded: [UInt8]) -> Int {
        let start = result.decoded.count
        result.decoded.append(contentsOf: decoded)
        return add(kind, start: start, count: decoded.count)
    }

    /// One escape at `position` (the backslash): `\n`-style, up to three octal digits, or
    /// `\U` with one to four hex digits (UTF-16, surrogate pairs joined). Any other escaped
    /// byte stands for itself, as Foundation reads it.
    private mutating func escape(into decoded: inout [UInt8]) throws(PropertyListError) {
        let backslash = position
        position += 1
        guard position < bytes.count else { throw failure("the file ends inside an escape sequence", at: bytes.count) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "a"): decoded.append(0x07)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "v"): decoded.append(0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = UInt32(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                value = value * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
                position += 1
                digits += 1
            }
            guard value <= 0xFF else { throw failure("the octal escape at column \(column(at: backslash)) is over \\377", at: backslash) }
            appendScalar(value, to: &decoded)
        case UInt8(ascii: "U"), UInt8(ascii: "u"):
            var unit = try hexUnit(escapeAt: backslash)
            if (0xD800...0xDBFF).contains(unit) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "U") || bytes[position + 1] == UInt8(ascii: "u") else {
                    throw failure("the escape \\U\(String(unit, radix: 16, uppercase: true)) is half of a surrogate pair with no second half", at: backslash)
                }
                let secondBackslash = position
                position += 2
                let low = try hexUnit(escapeAt: secondBackslash)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("the escape \\U\(String(unit, radix: 16, uppercase: true)) is not followed by the second half of a surrogate pair", at: secondBackslash)
                }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw failure("the escape \\U\(String(unit, radix: 16, uppercase: true)) is a lone second half of a surrogate pair", at: backslash)
            }
            appendScalar(unit, to: &decoded)
        default:
            decoded.append(byte)
        }
    }

    /// One to four hex digits after `\U`.
    private mutating func hexUnit(escapeAt backslash: Int) throws(PropertyListError) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, position < bytes.count, let digit = Self.hexDigit(bytes[position]) {
            value = value * 16 + UInt32(digit)
            position += 1
            digits += 1
        }
        guard digits > 0 else { throw failure("the \\U escape at column \(column(at: backslash)) has no hex digits", at: backslash) }
        return value
    }

    private func appendScalar(_ value: UInt32, to decoded: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else { return }
        decoded.append(contentsOf: UTF8.encode(scalar).map(Array.init) ?? [])
    }

    /// `<0fbd 7e>`: hex digit pairs, whitespace between them ignored.
    private mutating func hexData() throws(PropertyListError) -> Int {
        let opening = position
        position += 1
        var data: [UInt8] = []
        var high: UInt8?
        while true {
            guard position < bytes.count else { throw failure("the data opened on line \(line(at: opening)) is never closed", at: bytes.count) }
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: ">") { break }
            if Self.isWhitespace(byte) { continue }
            guard let digit = Self.hexDigit(byte) else { throw failure("unexpected \(describe(byte)) in <hex data>", at: position - 1) }
            if let first = high {
                data.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        guard high == nil else { throw failure("the data opened on line \(line(at: opening)) has an odd number of hex digits", at: opening) }
        return addDecoded(.data, data)
    }

    /// Whitespace, `// line` and `/* block */` comments. Called before and after every key
    /// and value, and often there is none (`;` right after a value): the first byte is
    /// tested here, the loop is left out of line.
    @inline(__always)
    private mutating func skipTrivia() throws(PropertyListError) {
        guard position < bytes.count, classes[Int(bytes[position])] & Self.triviaStartClass != 0 else { return }
        try skipTriviaRun()
    }

    private mutating func skipTriviaRun() throws(PropertyListError) {
        while position < bytes.count {
            let byte = bytes[position]
            if classes[Int(byte)] & Self.whitespaceClass != 0 {
                var end = position + 1
                while end < bytes.count, classes[Int(bytes[end])] & Self.whitespaceClass != 0 { end += 1 }
                position = end
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                // `memchr` for each `*`: Xcode writes a comment after nearly every id.
                let opening = position
                position += 2
                while position + 1 < bytes.count, let base = bytes.baseAddress,
                      let star = memchr(base + position, Int32(UInt8(ascii: "*")), bytes.count - 1 - position) {
                    position = base.distance(to: star.assumingMemoryBound(to: UInt8.self))
                    if bytes[position + 1] == UInt8(ascii: "/") { break }
                    position += 1
                }
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") else {
                    throw failure("the comment opened on line \(line(at: opening)) is never closed", at: bytes.count)
                }
                position += 2
            } else {
                return
            }
        }
    }

    /// Per byte value: ``unquotedClass`` for the bytes of an unquoted string, ``whitespaceClass``
    /// for whitespace, ``triviaStartClass`` for whitespace and the `/` a comment starts with
    /// (a table lookup per byte in the scanning loops).
    static let byteClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        let byte = UInt8(byte)
        if isUnquoted(byte) { return unquotedClass | (byte == UInt8(ascii: "/") ? triviaStartClass : 0) }
        return isWhitespace(byte) ? whitespaceClass | triviaStartClass : 0
    }
    private static let unquotedClass: UInt8 = 1
    private static let whitespaceClass: UInt8 = 2
    private static let triviaStartClass: UInt8 = 4

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    /// The bytes Foundation accepts in an unquoted string: letters, digits and `_$+/:.-`,
    /// as one bit per ASCII byte (bytes 0–63, then 64–127): the test runs on every byte of
    /// every key and unquoted value.
    private static func isUnquoted(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0x07FFE81000000000 as UInt64) >> byte & 1 == 1 }
        if byte < 128 { return (0x07FFFFFE87FFFFFE as UInt64) >> (byte - 64) & 1 == 1 }
        return false
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func failure(_ message: String, at offset: Int? = nil) -> PropertyListError {
        PropertyListError(line: line(at: offset ?? position), message: message)
    }

    /// Lines are counted only when an error is reported.
    private func line(at offset: Int) -> Int {
        var line = 1
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A { line += 1 }
        return line
    }

    private func column(at offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return offset - start + 1
    }
}
