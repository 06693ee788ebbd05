import Foundation

/// Counts the attributes of every start tag in the raw bytes before libxml2 reads them.
/// libxml2 checks each attribute of a tag against every earlier one for duplicates, so one
/// element with 100,000 attributes costs it minutes; the count is therefore bounded
/// (`InterfaceBuilderLimits.maxAttributesPerElement`) before the reader is created.
///
/// An attribute is an `=` outside quoted values inside a start tag. Comments, CDATA,
/// processing instructions, declarations and end tags are skipped, text between tags is
/// jumped over with `memchr`; quoted values too. Malformed markup is counted as written
/// and left to libxml2 to reject.
enum IBAttributeCensus {
    /// The first start tag with more than `limit` attributes: its 1-based line.
    static func firstTag(over limit: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var offset = 0
        func find(_ byte: UInt8, from start: Int) -> Int? {
            guard start < count, let found = memchr(base + start, Int32(byte), count - start) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
        func find(_ literal: [UInt8], from start: Int) -> Int? {
            var position = start
            while let candidate = find(literal[0], from: position) {
                if candidate + literal.count <= count, (1..<literal.count).allSatisfy({ bytes[candidate + $0] == literal[$0] }) {
                    return candidate + literal.count
                }
                position = candidate + 1
            }
            return nil
        }
        while let open = find(UInt8(ascii: "<"), from: offset) {
            let following = open + 1 < count ? bytes[open + 1] : 0
            switch following {
            case UInt8(ascii: "!"):
                let rest = UnsafeRawBufferPointer(rebasing: bytes[(open + 1)...])
                if rest.starts(with: "!--".utf8) {
                    offset = find(Array("-->".utf8), from: open + 4) ?? count
                } else if rest.starts(with: "![CDATA[".utf8) {
                    offset = find(Array("]]>".utf8), from: open + 9) ?? count
                } else {
                    offset = (find(UInt8(ascii: ">"), from: open + 1) ?? count - 1) + 1
                }
            case UInt8(ascii: "?"):
                offset = find(Array("?>".utf8), from: open + 2) ?? count
            case UInt8(ascii: "/"):
                offset = (find(UInt8(ascii: ">"), from: open + 1) ?? count - 1) + 1
            default:
                var attributes = 0
                var position = open + 1
                scan: while position < count {
                    switch bytes[position] {
                    case UInt8(ascii: ">"):
                        break scan
                    case UInt8(ascii: "\""), UInt8(ascii: "'"):
                        position = find(bytes[position], from: position + 1) ?? count
                    case UInt8(ascii: "="):
                        attributes += 1
                        if attributes > limit { return line(of: open, in: bytes) }
                    default:
                        break
                    }
                    position += 1
                }
                offset = position + 1
            }
        }
        return nil
    }

    /// The 1-based line of `offset`.
    private static func line(of offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 1 }
        var line = 1
        var position = 0
        while position < offset, let newline = memchr(base + position, 0x0A, offset - position) {
            line += 1
            position = base.distance(to: UnsafeRawPointer(newline)) + 1
        }
        return line
    }
}
