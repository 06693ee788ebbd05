/// A fixed set of words in which a token is looked up by its bytes, without making a
/// `String` or hashing: keywords, modifiers and API names checked for many tokens.
struct TokenSet: Sendable {
    private let words: Set<String>
    /// The ASCII words as bytes, grouped by length (index = length).
    private let byLength: [[[UInt8]]]
    /// Per length, the first bytes of the words of that length as a 256-bit set (four words
    /// at index `4 * length`), and their last bytes likewise: most tokens are rejected by
    /// two bit tests, before any compare.
    private let firstBytes: [UInt64]
    private let lastBytes: [UInt64]
    /// A non-ASCII word could equal an ASCII token under Unicode equivalence.
    private let hasNonASCIIWords: Bool

    init(_ words: Set<String>) {
        self.words = words
        var groups: [[[UInt8]]] = Array(repeating: [], count: (words.map(\.utf8.count).max() ?? 0) + 1)
        for word in words.sorted() { groups[word.utf8.count].append(Array(word.utf8)) }
        byLength = groups
        var firstBytes = [UInt64](repeating: 0, count: 4 * groups.count)
        var lastBytes = firstBytes
        for (length, group) in groups.enumerated() {
            for word in group where !word.isEmpty {
                firstBytes[4 * length + Int(word[0] >> 6)] |= 1 << (word[0] & 63)
                lastBytes[4 * length + Int(word[length - 1] >> 6)] |= 1 << (word[length - 1] & 63)
            }
        }
        self.firstBytes = firstBytes
        self.lastBytes = lastBytes
        hasNonASCIIWords = words.contains { $0.utf8.contains { $0 >= 0x80 } }
    }

    /// Is the text of `token` one of the words (as `Set<String>.contains` decides)?
    func contains(_ token: SourceToken, in stream: TokenStream) -> Bool {
        guard token.isASCII, !hasNonASCIIWords else { return words.contains(stream.text(token)) }
        return stream.bytes.withUnsafeBufferPointer { containsASCII(token, bytes: $0) }
    }

    /// The indices of the tokens of `kind` that are one of the words, in file order: one
    /// pass over the file's tokens and bytes through buffer pointers.
    func indices(of kind: SourceToken.Kind, in stream: TokenStream) -> [Int] {
        stream.bytes.withUnsafeBufferPointer { bytes in
            stream.indices { token in
                guard token.kind == kind else { return false }
                guard token.isASCII, !hasNonASCIIWords else { return words.contains(stream.text(token)) }
                return containsASCII(token, bytes: bytes)
            }
        }
    }

    /// ``contains(_:in:)`` for an ASCII token when every word is ASCII: bytewise.
    @inline(__always)
    private func containsASCII(_ token: SourceToken, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.length > 0, token.length < byLength.count else { return false }
        let start = token.start
        let first = bytes[start]
        guard firstBytes[4 * token.length + Int(first >> 6)] >> (first & 63) & 1 == 1 else { return false }
        let last = bytes[start + token.length - 1]
        guard lastBytes[4 * token.length + Int(last >> 6)] >> (last & 63) & 1 == 1 else { return false }
        for word in byLength[token.length] where word[0] == first {
            var offset = 1
            while offset < word.count, word[offset] == bytes[start + offset] { offset += 1 }
            if offset == word.count { return true }
        }
        return false
    }

    /// Is the token at `index` one of the words?
    func contains(_ index: Int, in stream: TokenStream) -> Bool {
        index >= 0 && index < stream.count && contains(stream[index], in: stream)
    }
}
