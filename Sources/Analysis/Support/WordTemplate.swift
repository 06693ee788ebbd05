import Foundation

/// A pattern of source text around one word, matched on the bytes (compiling the first
/// `NSRegularExpression` of a process costs Foundation some 8M instructions, which every
/// analysis of a project that instantiates an initial controller paid). In the template:
/// - `@` stands for the word read (ASCII letters, digits and `_`); right after a `"`, for the
///   text up to the next `"` (a string literal without escapes, on one line);
/// - `~` for a word that is not read;
/// - a space for optional white space (spaces, tabs, line breaks);
/// - every other byte for itself.
///
/// `"UIStoryboard(name: String(describing: @.self)"` reads `Feed` in
/// `UIStoryboard(name:String(describing: Feed.self)`. A template starts with text, which is
/// searched for; matching goes left to right and never backtracks.
struct WordTemplate: Sendable {
    private enum Element: Equatable {
        case text([UInt8]), space, word, readWord, readLiteral
    }

    private let elements: [Element]
    /// The template's leading text, searched for.
    private let start: ByteSearch.Needle

    init(_ template: String) {
        var elements: [Element] = []
        var previous: UInt8?
        for byte in template.utf8 {
            switch byte {
            case UInt8(ascii: " "): elements.append(.space)
            case UInt8(ascii: "~"): elements.append(.word)
            case UInt8(ascii: "@"): elements.append(previous == UInt8(ascii: "\"") ? .readLiteral : .readWord)
            default:
                if case .text(let text)? = elements.last {
                    elements[elements.count - 1] = .text(text + [byte])
                } else {
                    elements.append(.text([byte]))
                }
            }
            previous = byte
        }
        guard case .text(let leading)? = elements.first, elements.filter({ $0 == .readWord || $0 == .readLiteral }).count == 1 else {
            preconditionFailure("a word template starts with text and reads one word: \(template)")
        }
        self.elements = elements
        start = ByteSearch.Needle(leading)
    }

    /// The word of every match in `source`, in order.
    func words(in source: Data) -> [String] {
        source.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var words: [String] = []
            var from = 0
            while let found = ByteSearch.firstIndex(of: start, in: bytes, from: from) {
                from = found + 1
                if let word = match(in: bytes, at: found + start.count) { words.append(word) }
            }
            return words
        }
    }

    /// The word read when the elements after the leading text match from `position`.
    private func match(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> String? {
        var position = position
        var read: Range<Int>?
        for element in elements.dropFirst() {
            let start = position
            switch element {
            case .text(let text):
                guard position + text.count <= bytes.count, text.indices.allSatisfy({ bytes[position + $0] == text[$0] }) else { return nil }
                position += text.count
            case .space:
                while position < bytes.count, Self.whiteSpace.contains(bytes[position]) { position += 1 }
            case .word, .readWord:
                while position < bytes.count, bytes[position].isASCIIWordByte { position += 1 }
                guard position > start else { return nil }
            case .readLiteral:
                while position < bytes.count, !Self.literalEnds.contains(bytes[position]) { position += 1 }
                guard position > start, position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            }
            if element == .readWord || element == .readLiteral { read = start..<position }
        }
        return read.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }

    private static let whiteSpace: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
    /// What ends a literal read: its closing quote, or what the template does not read (an
    /// escape, a line break).
    private static let literalEnds: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n")]
}
