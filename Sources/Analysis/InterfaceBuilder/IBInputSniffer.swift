import Foundation

/// Recognises what a file's bytes are before any XML parsing: compiled nibs by their
/// magic, UTF-16 text by its byte order mark (transcoded to UTF-8 so that columns can be
/// counted in the same bytes libxml2 reads), everything else handed to libxml2 as is.
enum IBInputSniffer {
    enum Input {
        case empty
        case binary(IBDocument.Format, String)
        case undecodable(String)
        /// XML bytes; `transcoded` when they were converted to UTF-8 here.
        case xml(Data, transcoded: Bool)
    }

    static func classify(_ data: Data) -> Input {
        if data.isEmpty { return .empty }
        if data.starts(with: Array("bplist00".utf8)) { return .binary(.binaryPropertyList, "binary property list") }
        if data.starts(with: Array("NIBArchive".utf8)) { return .binary(.nibArchive, "NIBArchive") }
        guard let encoding = utf16Encoding(of: data) else {
            return startsLikeXML(data) ? .xml(data, transcoded: false) : .undecodable("not XML: the file does not start with '<'")
        }
        guard let text = String(data: data, encoding: encoding) else {
            return .undecodable("not valid UTF-16 text")
        }
        let withoutMark = text.first == "\u{FEFF}" ? String(text.dropFirst()) : text
        return .xml(Data(withoutMark.utf8), transcoded: true)
    }

    /// Whether the first byte after a UTF-8 byte order mark and whitespace is `<`; other
    /// byte order marks (UTF-32) are left to libxml2.
    private static func startsLikeXML(_ data: Data) -> Bool {
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return bytes.count == 4096 }
        return first == UInt8(ascii: "<") || first == 0x00 || first == 0xFF || first == 0xFE
    }

    /// UTF-16 by byte order mark, or by `<?` encoded in UTF-16 without one.
    private static func utf16Encoding(of data: Data) -> String.Encoding? {
        guard data.count >= 4 else { return nil }
        let start = data.startIndex
        let prefix = (data[start], data[start + 1], data[start + 2], data[start + 3])
        switch prefix {
        case (0xFF, 0xFE, 0x00, 0x00), (0x00, 0x00, 0xFE, 0xFF): return nil
        case (0xFF, 0xFE, _, _), (0x3C, 0x00, 0x3F, 0x00): return .utf16LittleEndian
        case (0xFE, 0xFF, _, _), (0x00, 0x3C, 0x00, 0x3F): return .utf16BigEndian
        default: return nil
        }
    }
}
