import Foundation

/// The raw text around a call site, for the few questions the source index does not answer:
/// which arguments a call passes and what it is sent to.
extension ProjectModel {
    /// The text of the source file at `location` from its column to the end of the call that
    /// starts there (the parenthesis or bracket closing the first one opened), at most
    /// `limit` characters (read from at most 16 bytes each); `nil` when the file is not in the project.
    func callText(at location: SourceLocation, limit: Int = 600) -> String? {
        guard let data = sourceData(of: location.path), location.line >= 1 else { return nil }
        let rest = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let start = Self.start(ofLine: location.line, in: bytes) else { return "" }  // past the last line
            let from = min(bytes.count, start + max(0, (location.column ?? 1) - 1))
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<min(bytes.count, from + 16 * limit)]), as: UTF8.self)
        }
        var depth = 0
        var result = ""
        for character in rest.prefix(limit) {
            result.append(character)
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" {
                depth -= 1
                if depth <= 0 { break }
            }
        }
        return result
    }

    /// The text of line `location.line` before `location.column`, trimmed: what the call at
    /// `location` is sent to (`self.`, `[self `, `navigationController?.`).
    func textBefore(_ location: SourceLocation) -> String? {
        guard let data = sourceData(of: location.path), location.line >= 1 else { return nil }
        let prefix = data.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let start = Self.start(ofLine: location.line, in: bytes) else { return nil }
            var end = start
            while end < bytes.count, !Self.endsLine(at: end, in: bytes) { end += 1 }
            let column = max(0, (location.column ?? 1) - 1)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + column)]), as: UTF8.self)
        }
        return prefix?.trimmingCharacters(in: .whitespaces)
    }

    /// The bytes of the file at `path`.
    func sourceData(of path: String) -> Data? {
        let positions = filePositionsCache.get {
            Dictionary(files.indices.map { (files[$0].path, $0) }) { first, _ in first }
        }
        return positions[path].flatMap { files[$0].contents }
    }

    /// The tokens of the bytes of a Swift or Objective-C source file of `kind`.
    static func tokens(of contents: Data, kind: FileEntry.Kind) -> TokenStream {
        SourceTokenizer(language: kind == .swift ? .swift : .objc).stream([UInt8](contents))
    }

    /// The byte offset where 1-based `line` starts in UTF-8 `bytes`, `nil` past the last line.
    /// Lines are what splitting the text on the `Character` "\n" gives: they end at line feeds
    /// not preceded by a carriage return (a `\r\n` pair is one `Character`, not "\n").
    /// Found with `memchr` rather than by splitting the whole file for every call site.
    private static func start(ofLine line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return line == 1 ? 0 : nil }
        var start = 0
        var remaining = line - 1
        var from = 0
        while remaining > 0 {
            guard from < bytes.count, let found = memchr(base + from, 0x0A, bytes.count - from) else { return nil }
            let feed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            from = feed + 1
            guard endsLine(at: feed, in: bytes) else { continue }
            start = feed + 1
            remaining -= 1
        }
        return start
    }

    /// Whether the byte at `position` is a line feed that ends a line (not the end of `\r\n`).
    private static func endsLine(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[position] == 0x0A && (position == 0 || bytes[position - 1] != 0x0D)
    }
}
