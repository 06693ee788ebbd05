/// Reads the built-in tables written as lines of space-separated words (platform classes,
/// their members): every analysis process builds them once, so they are split on their
/// UTF-8 bytes; `String.split` walks `Character`s and cost milliseconds per process.
enum WordTable {
    /// The non-empty lines of `text`, each as its words (ASCII text: a byte is a character).
    static func rows(_ text: String) -> [[String]] {
        var text = text
        return text.withUTF8 { bytes in
            bytes.split(separator: UInt8(ascii: "\n")).map { line in
                line.split(separator: UInt8(ascii: " ")).map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
            }
        }
    }
}
