import Foundation

/// Finds the line and column of each start tag in document order by scanning the raw
/// UTF-8 bytes alongside libxml2 (whose node lines point at the end of a start tag). In
/// well-formed XML every `<` outside comments, CDATA and processing instructions starts
/// a tag, so the n-th start tag found here is the n-th element the reader reports.
struct IBStartTagLocator {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3
            lineStart = 3
        }
    }

    /// The location of the next start tag, or the end of the input when there is none.
    mutating func next() -> IBLocation {
        while let open = advance(to: UInt8(ascii: "<")) {
            let following = open + 1 < bytes.count ? bytes[open + 1] : 0
            switch following {
            case UInt8(ascii: "/"), UInt8(ascii: "?"):
                skip(past: [UInt8(ascii: ">")])
            case UInt8(ascii: "!"):
                if matches("<!--", at: open) {
                    skip(past: Array("-->".utf8))
                } else if matches("<![CDATA[", at: open) {
                    skip(past: Array("]]>".utf8))
                } else {
                    skip(past: [UInt8(ascii: ">")])
                }
            default:
                let location = IBLocation(line: line, column: open - lineStart + 1)
                offset = open + 1
                return location
            }
        }
        return IBLocation(line: line, column: offset - lineStart + 1)
    }

    /// The location of the next occurrence of `literal` (which starts with `<`), without
    /// moving past it.
    func peek(_ literal: String) -> IBLocation? {
        var probe = self
        while let open = probe.advance(to: UInt8(ascii: "<")) {
            if probe.matches(literal, at: open) { return IBLocation(line: probe.line, column: open - probe.lineStart + 1) }
            probe.offset = open + 1
        }
        return nil
    }

    /// Moves to the next `byte`, counting lines; returns its offset.
    private mutating func advance(to byte: UInt8) -> Int? {
        guard offset < bytes.count, let base = bytes.baseAddress else { return nil }
        let found = memchr(base + offset, Int32(byte), bytes.count - offset)
        let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
        var cursor = offset
        while cursor < end, let newline = memchr(base + cursor, 0x0A, end - cursor) {
            cursor = base.distance(to: UnsafeRawPointer(newline)) + 1
            line += 1
            lineStart = cursor
        }
        offset = end
        return found == nil ? nil : end
    }

    private func matches(_ literal: String, at position: Int) -> Bool {
        var index = position
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Moves past the next occurrence of `terminator`, counting lines.
    private mutating func skip(past terminator: [UInt8]) {
        offset += 1
        while let candidate = advance(to: terminator[0]) {
            if (0..<terminator.count).allSatisfy({ candidate + $0 < bytes.count && bytes[candidate + $0] == terminator[$0] }) {
                offset = candidate + terminator.count
                return
            }
            offset = candidate + 1
        }
    }
}
