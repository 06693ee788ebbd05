import Foundation

/// Applies ``AttributeEdit``s to the bytes of an XML file and changes nothing else: the
/// start tag is found where the element's location says (its `<`), only the attribute's
/// value is replaced, or ` name="value"` inserted, so Xcode's formatting, encoding and line
/// endings stay as they were.
enum StartTagEditor {
    /// Why an edit cannot be applied to these bytes (the file changed, or the location is off).
    struct Mismatch: Error, Equatable {
        var description: String
    }

    /// `bytes` with the edits of one file applied one after the other (an added attribute
    /// may go after one added before it). Only a removed element's line goes away, and the
    /// edits run from the file's end, so every location stays right.
    static func apply(_ edits: [AttributeEdit], to bytes: Data) throws(Mismatch) -> Data {
        try applyReporting(edits, to: bytes).data
    }

    /// ``apply(_:to:)``, with each replacement made as a line and byte columns (1-based, the
    /// end exclusive) of the file as it was before it: what SARIF's `replacements` say.
    static func applyReporting(_ edits: [AttributeEdit], to bytes: Data) throws(Mismatch) -> (data: Data, replacements: [FindingPatch.Replacement]) {
        var made: [FindingPatch.Replacement] = []
        var result = bytes
        // Later tags first, so that an insertion never moves the column of a tag still to
        // edit; the edits of one tag in their given order.
        let ordered = edits.enumerated().sorted { lhs, rhs in
            (lhs.element.line, lhs.element.column ?? 0, -lhs.offset) > (rhs.element.line, rhs.element.column ?? 0, -rhs.offset)
        }.map(\.element)
        for edit in ordered {
            let replacement = try replacement(for: edit, in: result)
            var changed = [UInt8](result)
            let lineStart = changed[..<replacement.range.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let removesLine = replacement.range.upperBound > replacement.range.lowerBound && changed[replacement.range.upperBound - 1] == UInt8(ascii: "\n")
            let next = FindingPatch.Replacement(path: edit.path, line: edit.line, startColumn: replacement.range.lowerBound - lineStart + 1,
                                                endLine: removesLine ? edit.line + 1 : edit.line,
                                                endColumn: removesLine ? 1 : replacement.range.upperBound - lineStart + 1,
                                                text: String(decoding: replacement.text, as: UTF8.self))
            // An insertion right after the one before it (customModuleProvider after
            // customModule) is at the same place of the file as it was: one replacement.
            if let last = made.last, last.line == next.line, last.startColumn == last.endColumn, next.startColumn == next.endColumn,
               next.startColumn == last.startColumn + last.text.utf8.count {
                made[made.count - 1].text += next.text
            } else {
                made.append(next)
            }
            changed.replaceSubrange(replacement.range, with: replacement.text)
            result = Data(changed)
        }
        return (result, made)
    }

    /// The byte range to replace and its new bytes.
    private static func replacement(for edit: AttributeEdit, in data: Data) throws(Mismatch) -> (range: Range<Int>, text: [UInt8]) {
        let bytes = [UInt8](data)
        if let inserted = edit.insertedLine {
            guard let start = lineStart(edit.line, in: bytes) else { throw Mismatch(description: "\(edit.path):\(edit.line): no such line") }
            let indentation = bytes[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let lineEnd: [UInt8] = end.map { $0 > start && bytes[$0 - 1] == UInt8(ascii: "\r") } == true ? [13, 10] : [10]
            // Each line of the insertion gets the indentation and the line end of the line it goes before.
            return (start ..< start, inserted.split(separator: "\n").flatMap { Array(indentation) + Array($0.utf8) + lineEnd })
        }
        guard let tag = startTag(at: edit.line, column: edit.column, in: bytes) else {
            throw Mismatch(description: "\(edit.path):\(edit.line): no start tag there")
        }
        if edit.removesElement {
            guard bytes[tag.upperBound - 2] == UInt8(ascii: "/") else {
                throw Mismatch(description: "\(edit.path):\(edit.line): the element is not empty")
            }
            // The whole line when the element is alone on it.
            let lineStart = bytes[..<tag.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let lineEnd = bytes[tag.upperBound...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            let blank = { (range: Range<Int>) in bytes[range].allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains($0) } }
            if blank(lineStart ..< tag.lowerBound), blank(tag.upperBound ..< lineEnd) { return (lineStart ..< lineEnd, []) }
            return (tag, [])
        }
        let escaped = Array(escape(edit.to).utf8)
        if let from = edit.from {
            guard let value = attributeValue(edit.name, in: tag, of: bytes) else {
                throw Mismatch(description: "\(edit.path):\(edit.line): the element has no \(edit.name)")
            }
            guard Array(bytes[value]) == Array(escape(from).utf8) else {
                throw Mismatch(description: "\(edit.path):\(edit.line): \(edit.name) is no longer \"\(from)\"")
            }
            return (value, escaped)
        }
        guard attributeValue(edit.name, in: tag, of: bytes) == nil else {
            throw Mismatch(description: "\(edit.path):\(edit.line): the element already has \(edit.name)")
        }
        let inserted = Array(" \(edit.name)=\"".utf8) + escaped + [UInt8(ascii: "\"")]
        if let after = edit.after, let value = attributeValue(after, in: tag, of: bytes) {
            return (value.upperBound + 1 ..< value.upperBound + 1, inserted)
        }
        // Before `/>` or `>`.
        var end = tag.upperBound - 1
        if end > tag.lowerBound, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return (end ..< end, inserted)
    }

    /// The offset where `line` (1-based) starts, after a byte-order mark on the first.
    private static func lineStart(_ line: Int, in bytes: [UInt8]) -> Int? {
        var current = 1
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while current < line, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { current += 1 }
            offset += 1
        }
        return current == line && offset <= bytes.count ? offset : nil
    }

    /// The range of the start tag (from `<` to `>` inclusive) whose `<` is at `line`/`column`.
    private static func startTag(at line: Int, column: Int?, in bytes: [UInt8]) -> Range<Int>? {
        guard let offset = lineStart(line, in: bytes) else { return nil }
        var open = offset + max((column ?? 1) - 1, 0)
        if column == nil {
            while open < bytes.count, bytes[open] != UInt8(ascii: "<"), bytes[open] != UInt8(ascii: "\n") { open += 1 }
        }
        guard open < bytes.count, bytes[open] == UInt8(ascii: "<") else { return nil }
        var cursor = open + 1
        var quote: UInt8?
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return open ..< cursor + 1
            }
            cursor += 1
        }
        return nil
    }

    /// The range of `name`'s value (between its quotes) in the start tag `tag`.
    private static func attributeValue(_ name: String, in tag: Range<Int>, of bytes: [UInt8]) -> Range<Int>? {
        let needle = Array(name.utf8) + [UInt8(ascii: "="), UInt8(ascii: "\"")]
        var cursor = tag.lowerBound + 1
        while cursor + needle.count < tag.upperBound {
            let isSpace = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[cursor - 1])
            if isSpace, Array(bytes[cursor ..< cursor + needle.count]) == needle {
                let start = cursor + needle.count
                guard let end = bytes[start ..< tag.upperBound].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                return start ..< end
            }
            cursor += 1
        }
        return nil
    }

    /// XML attribute escaping for a value in double quotes.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
