import Foundation

/// Finds a byte string in UTF-8 text without bridging to Foundation's string search:
/// `Data.range(of:)` and `String.contains` cost far more per byte than `memchr` for the
/// first byte and `memcmp` for the rest, and the analysis asks such questions of every
/// source file.
enum ByteSearch {
    /// A byte string to search for, with the offset of its rarest byte worked out once: a
    /// needle searched in every file is built once, not at every search.
    struct Needle: Sendable {
        let bytes: [UInt8]
        /// ``ByteSearch/rarestOffset(in:)`` of `bytes` (0 for an empty needle).
        let anchor: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            anchor = bytes.isEmpty ? 0 : ByteSearch.rarestOffset(in: bytes)
        }

        init(_ text: String) {
            self.init(Array(text.utf8))
        }

        var count: Int { bytes.count }
        var isEmpty: Bool { bytes.isEmpty }
    }

    /// The position of the first occurrence of `needle` in `bytes` at or after `start`
    /// (`start` itself for an empty needle). `memchr` runs for the needle's rarest byte in
    /// source text (the `g` of `register`, not its `r`), so it stops at few false candidates.
    static func firstIndex(of needle: Needle, in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard !needle.isEmpty else { return start }
        guard let base = bytes.baseAddress, start >= 0, bytes.count - start >= needle.count else { return nil }
        let anchor = needle.anchor
        let anchorByte = Int32(needle.bytes[anchor])
        // Where the anchor byte of a match can be: from `start + anchor` to the anchor of
        // a match ending at the last byte.
        let lastAnchor = bytes.count - needle.count + anchor
        var position = start + anchor
        // The first and last bytes are compared before `memcmp`: an anchor that is a common
        // letter (the `s` of `instantiate`) stops `memchr` often, and a call per stop cost
        // more than the search.
        let first = needle.bytes[0], last = needle.bytes[needle.count - 1], lastOffset = needle.count - 1
        return needle.bytes.withUnsafeBufferPointer { needleBytes in
            while position <= lastAnchor {
                guard let found = memchr(base + position, anchorByte, lastAnchor - position + 1) else { return nil }
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - anchor
                if base[index] == first, base[index + lastOffset] == last,
                   memcmp(base + index, needleBytes.baseAddress!, needle.count) == 0 { return index }
                position = index + anchor + 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `bytes` (an empty needle always does).
    static func contains(_ needle: Needle, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: needle, in: bytes) != nil
    }

    /// Whether `needle` occurs in `data` (an empty needle always does).
    static func contains(_ needle: Needle, in data: Data) -> Bool {
        data.withUnsafeBytes { contains(needle, in: $0.bindMemory(to: UInt8.self)) }
    }

    /// The offset of the needle byte that is rarest in Swift and Objective-C source (the
    /// first of equals): whitespace and common lowercase letters are frequent, capitals,
    /// digits and most punctuation rare.
    static func rarestOffset(in needle: [UInt8]) -> Int {
        var best = 0
        for offset in needle.indices.dropFirst() where frequency[Int(needle[offset])] < frequency[Int(needle[best])] { best = offset }
        return best
    }

    /// The line of UTF-8 text `bytes` that holds `range`, without its line feeds. Lines end
    /// at line feeds not preceded by a carriage return (a `\r\n` pair is one `Character`, as
    /// `String.split` sees it), so no character of the text spans two lines.
    static func line(around range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        func endsLine(at position: Int) -> Bool {
            bytes[position] == 0x0A && (position == 0 || bytes[position - 1] != 0x0D)
        }
        var start = range.lowerBound
        while start > 0, !endsLine(at: start - 1) { start -= 1 }
        var end = range.upperBound
        while end < bytes.count, !endsLine(at: end) { end += 1 }
        return start..<end
    }

    /// The printable ASCII bytes from the most to the least frequent in Swift and
    /// Objective-C source, as counted over the 59 MB of sources of the 46 real projects of
    /// `../shared/realworld` (space, line feed and tab come first, ahead of all of them).
    private static let sourceByteRanking = Array(#"etiraonslcdupmgf.h:S()bwy/CvIT=,"ANR{}DkVLxPE;MFO][_-BU0*@W1HKG2q?zjX>!#3Y456<+Q8\&97`|'J%^$Z~"#.utf8)

    /// A frequency rank per byte value in source text (higher: more frequent): the
    /// whitespace bytes highest, then ``sourceByteRanking`` in order, and bytes it does not
    /// list (control bytes, UTF-8 sequences) lowest.
    private static let frequency: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        if byte == 0x20 || byte == 0x0A || byte == 0x09 { return 255 }
        guard let rank = sourceByteRanking.firstIndex(of: byte) else { return 0 }
        return UInt8(200 - rank * 2)
    }
}
