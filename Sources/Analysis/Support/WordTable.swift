/// Reads the built-in tables written as lines of space-separated words (platform classes,
/// their members): every analysis process builds them once, so they are split on their
/// UTF-8 bytes; `String.split` walks `Character`s and cost milliseconds per process.
enum WordTable {
    /// The non-empty lines of `text`, each as its words (ASCII text: a byte is a character).
    /// One loop over the bytes: the generic `split` of lines and then words, with an array
    /// per line and a closure per word, cost about 1,200 instructions a word.
    static func rows(_ text: String) -> [[String]] {
        var text = text
        return text.withUTF8 { bytes in
            var rows: [[String]] = []
            var row: [String] = []
            var wordStart: Int?
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") else {
                    if wordStart == nil { wordStart = index }
                    continue
                }
                if let start = wordStart {
                    row.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    wordStart = nil
                }
                if byte == UInt8(ascii: "\n"), !row.isEmpty {
                    rows.append(row)
                    row.removeAll(keepingCapacity: true)
                }
            }
            return rows
        }
    }
}
