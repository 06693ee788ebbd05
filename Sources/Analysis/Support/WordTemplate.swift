import Foundation

/// A pattern of source text around one word, matched on the bytes (compiling the first
/// `NSRegularExpression` of a process costs Foundation some 8M instructions, which every
/// analysis of a project that instantiates an initial controller paid): in the template, `@` stands for the word
/// (ASCII letters, digits and `_`), a space for optional white space (spaces, tabs, line
/// breaks), and every other byte for itself. `"UIStoryboard(name: String(describing: @.self)"`
/// reads `Feed` in `UIStoryboard(name:String(describing: Feed.self)`.
struct WordTemplate: Sendable {
    /// The text before the word and after it, each split where white space may stand.
    private let head: [[UInt8]], tail: [[UInt8]]
    /// The first piece of the head, searched for.
    private let start: ByteSearch.Needle

    init(_ template: String) {
        let halves = template.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        precondition(halves.count == 2 && !halves[0].isEmpty && !halves[0].hasPrefix(" "), "a word template has text, then one @")
        func pieces(_ text: Substring) -> [[UInt8]] {
            text.split(separator: " ", omittingEmptySubsequences: false).map { Array($0.utf8) }
        }
        head = pieces(halves[0])
        tail = pieces(halves[1])
        start = ByteSearch.Needle(head[0])
    }

    /// The word of every match in `source`, in order.
    func words(in source: Data) -> [String] {
        source.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var words: [String] = []
            var from = 0
            while let found = ByteSearch.firstIndex(of: start, in: bytes, from: from) {
                from = found + 1
                guard let wordStart = match(head.dropFirst(), in: bytes, at: found + start.count) else { continue }
                var wordEnd = wordStart
                while wordEnd < bytes.count, bytes[wordEnd].isASCIIWordByte { wordEnd += 1 }
                guard wordEnd > wordStart, let first = tail.first, Self.starts(bytes, at: wordEnd, with: first),
                      match(tail.dropFirst(), in: bytes, at: wordEnd + first.count) != nil else { continue }
                words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<wordEnd]), as: UTF8.self))
            }
            return words
        }
    }

    /// Where `pieces` end when each follows optional white space from `position`, or `nil`.
    private func match(_ pieces: ArraySlice<[UInt8]>, in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int? {
        var position = position
        for piece in pieces {
            while position < bytes.count, Self.whiteSpace.contains(bytes[position]) { position += 1 }
            guard Self.starts(bytes, at: position, with: piece) else { return nil }
            position += piece.count
        }
        return position
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, with piece: [UInt8]) -> Bool {
        position + piece.count <= bytes.count && piece.indices.allSatisfy { bytes[position + $0] == piece[$0] }
    }

    private static let whiteSpace: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
}
