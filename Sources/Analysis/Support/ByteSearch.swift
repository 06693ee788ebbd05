/// Finds a byte string in UTF-8 text without bridging to Foundation: `Data.range(of:)`
/// and `String.contains` cost far more per byte than the first-byte scan here, and the
/// analysis asks such questions of every source file.
enum ByteSearch {
    /// Whether `needle` occurs in `bytes` (an empty needle always does).
    static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        guard bytes.count >= needle.count else { return false }
        var start = 0
        let lastStart = bytes.count - needle.count
        while start <= lastStart {
            if bytes[start] == first {
                var matched = 1
                while matched < needle.count, bytes[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
