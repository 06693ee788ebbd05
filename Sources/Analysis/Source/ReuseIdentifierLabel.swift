/// Whether a source file's text names the `reuseIdentifier:` label, as code that makes its
/// own cells when a dequeue returns `nil` does (`initWithStyle:reuseIdentifier:`,
/// `UITableViewCell(style:reuseIdentifier:)`). Collected once per file while indexing, so
/// that `unregistered-reuse-id` never searches the text of a dequeuing file again.
enum ReuseIdentifierLabel {
    private static let label = "reuseIdentifier:"
    private static let needle = ByteSearch.Needle(label)

    /// Whether UTF-8 `bytes` hold the label as `String.contains` finds it in their text; a
    /// file that is not UTF-8 names nothing. No text without the label's bytes holds it (no
    /// character of the label has another canonical spelling), so most files are answered
    /// by the byte search alone. Where the bytes occur, an ASCII line holds the label as its
    /// bytes do; any other line is asked through its text (no character spans two lines
    /// (``ByteSearch/line(around:in:)``), so the line answers as the whole text would).
    static func occurs(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var from = 0
            while let hit = ByteSearch.firstIndex(of: needle, in: buffer, from: from) {
                let line = UnsafeBufferPointer(rebasing: buffer[ByteSearch.line(around: hit..<(hit + needle.count), in: buffer)])
                if line.allSatisfy({ $0 < 0x80 }) || String(decoding: line, as: UTF8.self).contains(label) {
                    return String(validating: buffer, as: UTF8.self) != nil
                }
                from = hit + 1
            }
            return false
        }
    }
}
