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
        // One copy of the bytes, which the document keeps.
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: data.count)
        _ = data.copyBytes(to: bytes)
        let classes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Cursor.byteClasses.count)
        _ = classes.initialize(from: Cursor.byteClasses)
        defer { classes.deallocate() }
        var cursor = Cursor(bytes: UnsafeBufferPointer(bytes), classes: UnsafeBufferPointer(classes), maximumDepth: limits.maximumDepth)
        let result = Result { () throws(PropertyListError) in try cursor.document() }
        switch result {
        case .success(let root):
            return PropertyListDocument(bytes: UnsafeBufferPointer(bytes), decoded: Self.owned(cursor.decoded), nodes: cursor.nodes.take(),
                                        children: cursor.children.take(), root: root)
        case .failure(let error):
            bytes.deallocate()
            throw error
        }
    }

    /// A buffer of its own holding `elements`.
    private static func owned(_ elements: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }
}

/// The parser's position in the bytes and the nodes it fills. The containers are walked
/// without recursion, in one loop over a stack of open containers, with the position in a
/// local variable (in a register, not stored back at every byte); strings with escapes and
/// `<hex data>` are read by methods that advance ``position``.
private struct Cursor: ~Copyable {
    /// The document's own bytes, read through a pointer while the parse runs.
    let bytes: UnsafeBufferPointer<UInt8>
    /// ``byteClasses``, read through a pointer in the scanning loops.
    let classes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0
    var nodes: ScratchBuffer<PropertyListDocument.Node>
    var children: ScratchBuffer<UInt32>
    var decoded: [UInt8] = []
    /// Children of the containers still open, innermost last; a container moves its own
    /// to ``children`` when it closes.
    private var pending = ScratchBuffer<UInt32>(capacity: 256)

    /// A container being read: where it opened, where its children start in ``pending``,
    /// and (in a dictionary) the key whose value comes next.
    private struct Open {
        var isDictionary: Bool
        var opening: Int
        var mark: Int
        var key = 0
    }

    init(bytes: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.classes = classes
        self.maximumDepth = maximumDepth
        // A pbxproj has a node per ~25 bytes.
        nodes = ScratchBuffer(capacity: bytes.count / 20)
        children = ScratchBuffer(capacity: bytes.count / 20)
    }

    /// Reads the whole file; returns the root node.
    mutating func document() throws(PropertyListError) -> Int {
        // A UTF-8 byte-order mark is allowed before the first value.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var at = position
        try skipTrivia(&at)
        guard at < bytes.count else { throw failure("the file holds no property list", at: at) }
        let root = try values(from: at)
        at = position
        try skipTrivia(&at)
        guard at == bytes.count else { throw failure("unexpected \(describe(bytes[at])) after the end of the property list", at: at) }
        return root
    }

    @inline(__always)
    private mutating func add(_ kind: PropertyListDocument.Kind, start: Int, count: Int) -> Int {
        nodes.append(PropertyListDocument.Node(kind: kind, start: UInt32(start), count: UInt32(count)))
        return nodes.count - 1
    }

    /// The value starting at `start` (trivia skipped) and everything inside it; leaves
    /// ``position`` after it.
    private mutating func values(from start: Int) throws(PropertyListError) -> Int {
        let count = bytes.count
        var at = start
        // The innermost open container is kept in a local (read and written for every
        // value); the ones around it wait in `enclosing`.
        var innermost = Open(isDictionary: false, opening: 0, mark: 0)
        var enclosing: [Open] = []
        enclosing.reserveCapacity(16)
        var depth = 0
        var value = 0
        while true {
            // A value starts at `at`.
            guard at < count else { throw failure("the file ends where a value was expected", at: at) }
            let byte = bytes[at]
            var opened = false
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") {
                guard depth < maximumDepth else { throw failure("arrays and dictionaries nest deeper than \(maximumDepth) levels", at: at) }
                if depth > 0 { enclosing.append(innermost) }
                innermost = Open(isDictionary: byte == UInt8(ascii: "{"), opening: at, mark: pending.count)
                depth += 1
                at += 1
                opened = true
            } else if classes[Int(byte)] & Self.unquotedClass != 0 {
                value = unquotedString(&at)
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                position = at
                value = try quotedString()
                at = position
            } else if byte == UInt8(ascii: "<") {
                position = at
                value = try hexData()
                at = position
            } else {
                throw failure("unexpected \(describe(byte)) where a value was expected", at: at)
            }
            // Give the value to the container around it, then read on to the next value,
            // closing every container that ends on the way.
            while true {
                if !opened {
                    guard depth > 0 else {
                        position = at
                        return value
                    }
                    if innermost.isDictionary {
                        try skipTrivia(&at)
                        try expect(UInt8(ascii: ";"), at: &at, afterKey: innermost.key, isValue: true)
                        pending.append(UInt32(innermost.key))
                        pending.append(UInt32(value))
                    } else {
                        pending.append(UInt32(value))
                        try skipTrivia(&at)
                        if at < count {
                            if bytes[at] == UInt8(ascii: ",") {
                                at += 1
                            } else if bytes[at] != UInt8(ascii: ")") {
                                throw failure("expected \",\" or \")\" in the array, found \(describe(bytes[at]))", at: at)
                            }
                        }
                    }
                }
                opened = false
                try skipTrivia(&at)
                guard at < count else {
                    let container = innermost.isDictionary ? "dictionary" : "array"
                    throw failure("the \(container) opened on line \(line(at: innermost.opening)) is never closed", at: count)
                }
                if bytes[at] == (innermost.isDictionary ? UInt8(ascii: "}") : UInt8(ascii: ")")) {
                    at += 1
                    let first = children.count
                    let elements = pending.count - innermost.mark
                    children.moveTail(of: &pending, from: innermost.mark)
                    value = innermost.isDictionary
                        ? add(.dictionary, start: first, count: elements / 2)
                        : add(.array, start: first, count: elements)
                    depth -= 1
                    if depth > 0 { innermost = enclosing.removeLast() }
                    continue
                }
                if innermost.isDictionary {
                    let key = classes[Int(bytes[at])] & Self.unquotedClass != 0 ? unquotedString(&at) : try quotedKey(&at)
                    innermost.key = key
                    try skipTrivia(&at)
                    try expect(UInt8(ascii: "="), at: &at, afterKey: key, isValue: false)
                    try skipTrivia(&at)
                }
                break
            }
        }
    }

    /// A dictionary key that is no unquoted string: a quoted one, or an error.
    private mutating func quotedKey(_ at: inout Int) throws(PropertyListError) -> Int {
        let byte = bytes[at]
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
            throw failure("unexpected \(describe(byte)) where a dictionary key was expected", at: at)
        }
        position = at
        defer { at = position }
        return try quotedString()
    }

    /// The separator after a dictionary key (`=`) or value (`;`). The messages name the key;
    /// they are built only on failure (for every entry of a well-formed file that would cost
    /// a third of the parse).
    @inline(__always)
    private func expect(_ byte: UInt8, at: inout Int, afterKey key: Int, isValue: Bool) throws(PropertyListError) {
        guard at < bytes.count, bytes[at] == byte else { throw separatorFailure(byte, at: at, afterKey: key, isValue: isValue) }
        at += 1
    }

    private func separatorFailure(_ byte: UInt8, at: Int, afterKey key: Int, isValue: Bool) -> PropertyListError {
        let separator = "\"\(Character(Unicode.Scalar(byte)))\""
        let what = isValue ? "the value of \"\(keyText(key))\"" : "the key \"\(keyText(key))\""
        guard at < bytes.count else { return failure("the file ends after \(what), \(separator) expected", at: bytes.count) }
        return failure("expected \(separator) after \(what), found \(describe(bytes[at]))", at: at)
    }

    /// The text of a key node, for messages.
    private func keyText(_ node: Int) -> String {
        let entry = nodes[node]
        let range = Int(entry.start)..<Int(entry.start + entry.count)
        switch entry.kind {
        case .string: return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .decodedString: return String(decoding: decoded[range], as: UTF8.self)
        case .data, .array, .dictionary: return ""
        }
    }

    @inline(__always)
    private mutating func unquotedString(_ at: inout Int) -> Int {
        let start = at
        var end = at
        let count = bytes.count
        // Four bytes a step while they last (object ids are 24 bytes), then one by one.
        while end + 4 <= count,
              classes[Int(bytes[end])] & classes[Int(bytes[end + 1])] & classes[Int(bytes[end + 2])] & classes[Int(bytes[end + 3])] & Self.unquotedClass != 0 {
            end += 4
        }
        while end < count, classes[Int(bytes[end])] & Self.unquotedClass != 0 { end += 1 }
        at = end
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

    private mutating func addDecoded(_ kind: PropertyListDocument.Kind, _ text: [UInt8]) -> Int {
        let start = decoded.count
        decoded.append(contentsOf: text)
        return add(kind, start: start, count: text.count)
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
    private func skipTrivia(_ at: inout Int) throws(PropertyListError) {
        guard at < bytes.count, classes[Int(bytes[at])] & Self.triviaStartClass != 0 else { return }
        // The usual case, one space (`key = value`), needs no loop.
        if bytes[at] == 0x20, at + 1 < bytes.count, classes[Int(bytes[at + 1])] & Self.triviaStartClass == 0 {
            at += 1
            return
        }
        try skipTriviaRun(&at)
    }

    private func skipTriviaRun(_ at: inout Int) throws(PropertyListError) {
        let count = bytes.count
        var position = at
        defer { at = position }
        while position < count {
            let byte = bytes[position]
            if classes[Int(byte)] & Self.whitespaceClass != 0 {
                position += 1
                while position < count, classes[Int(bytes[position])] & Self.whitespaceClass != 0 { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                while position < count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < count, bytes[position + 1] == UInt8(ascii: "*") {
                // `memchr` for each `*`: Xcode writes a comment after nearly every id.
                let opening = position
                position += 2
                while position + 1 < count, let base = bytes.baseAddress,
                      let star = memchr(base + position, Int32(UInt8(ascii: "*")), count - 1 - position) {
                    position = base.distance(to: star.assumingMemoryBound(to: UInt8.self))
                    if bytes[position + 1] == UInt8(ascii: "/") { break }
                    position += 1
                }
                guard position + 1 < count, bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") else {
                    throw failure("the comment opened on line \(line(at: opening)) is never closed", at: count)
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
