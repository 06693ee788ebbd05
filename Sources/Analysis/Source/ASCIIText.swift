import Foundation

/// Substring search over index text that runs on bytes when the text is ASCII, where
/// Foundation's Unicode-aware `contains` gives the same answer far more slowly; other text
/// still goes through Foundation.
enum ASCIIText {
    static func contains<Text: StringProtocol>(_ text: Text, _ needle: String) -> Bool {
        var needle = needle
        let found = needle.withUTF8 { needleBytes in
            text.utf8.withContiguousStorageIfAvailable { haystack -> Bool? in
                guard !needleBytes.isEmpty, isASCII(needleBytes), isASCII(haystack) else { return nil }
                return search(needleBytes, in: haystack)
            }
        }
        return (found ?? nil) ?? text.contains(needle)
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.contains { $0 >= 0x80 }
    }

    private static func search(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var offset = 1
            while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }
}
