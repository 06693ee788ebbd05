import Foundation

/// Whether a source file registers a reusable view with an identifier that is not a string
/// literal (a constant, `String(describing:)`, Reusable's `register(cellType:)`): then
/// nibscan cannot tell which reuse identifiers exist. Collected once per file while
/// indexing, from the lines that mention `register`, so that no rule rescans the sources.
enum DynamicReuseRegistration {
    private static let labels = ["forCellReuseIdentifier:", "forCellWithReuseIdentifier:", "forHeaderFooterViewReuseIdentifier:"]
    private static let register = ByteSearch.Needle("register")
    /// What the regular expression of ``registersDynamically(_:namesTypeLabel:)`` needs
    /// (`cellType`, `viewType`, `ViewType`) and what the labels need: a line without either
    /// is skipped undecoded, and the expression (compiled on each use) runs only where it can match.
    private static let typeLabelWords = [ByteSearch.Needle("cellType"), ByteSearch.Needle("iewType")]
    private static let identifierLabelWord = ByteSearch.Needle("ReuseIdentifier:")

    /// Whether `bytes` (a UTF-8 source file) registers an identifier that is not a literal.
    /// Lines end at line feeds not preceded by a carriage return (a `\r\n` pair is one
    /// `Character`, as `String.split` sees it); a file that is not UTF-8 registers nothing.
    static func occurs(in bytes: [UInt8]) -> Bool {
        let found = bytes.withUnsafeBufferPointer { buffer in
            var from = 0
            while let hit = ByteSearch.firstIndex(of: register, in: buffer, from: from) {
                let lineRange = ByteSearch.line(around: hit..<hit, in: buffer)
                let line = UnsafeBufferPointer(rebasing: buffer[lineRange])
                let namesTypeLabel = typeLabelWords.contains { ByteSearch.contains($0, in: line) }
                if namesTypeLabel || ByteSearch.contains(identifierLabelWord, in: line),
                   registersDynamically(line, namesTypeLabel: namesTypeLabel) { return true }
                from = lineRange.upperBound + 1
            }
            return false
        }
        return found && String(validating: bytes, as: UTF8.self) != nil
    }

    /// The check on one line that mentions `register` (the byte search found it there);
    /// `namesTypeLabel` when it holds a word the regular expression needs. An ASCII line
    /// (nearly every one) is matched on its bytes, any other through Foundation.
    static func registersDynamically(_ line: UnsafeBufferPointer<UInt8>, namesTypeLabel: Bool) -> Bool {
        guard line.allSatisfy({ $0 < 0x80 }) else {
            return registersDynamically(String(decoding: line, as: UTF8.self), namesTypeLabel: namesTypeLabel)
        }
        if namesTypeLabel, registersTypeLabel(asciiLine: line) { return true }
        let supplementary = ByteSearch.contains(supplementaryLabel, in: line)
        for label in labelNeedles + (supplementary ? [supplementaryLabel] : []) {
            guard var argument = ByteSearch.firstIndex(of: label, in: line).map({ $0 + label.count }) else { continue }
            while argument < line.count, line[argument] == UInt8(ascii: " ") { argument += 1 }
            let quoted = argument < line.count && (line[argument] == UInt8(ascii: "\"")
                || line[argument] == UInt8(ascii: "@") && argument + 1 < line.count && line[argument + 1] == UInt8(ascii: "\""))
            if !quoted { return true }
        }
        return false
    }

    private static let labelNeedles = labels.map { ByteSearch.Needle($0) }
    /// The collection views' label, a registration only beside `register` (`dequeue…` uses it too).
    private static let supplementaryLabelText = "withReuseIdentifier:"
    private static let supplementaryLabel = ByteSearch.Needle(supplementaryLabelText)
    private static let typeLabelEndings = ["cellType", "viewType", "ViewType"].map { Array($0.utf8) }

    /// `register\w*\s*\(\s*\w*(cellType|[vV]iewType)\s*:` on an ASCII line, tried at every
    /// `register`: the word before the colon must end in one of the type labels.
    static func registersTypeLabel(asciiLine line: UnsafeBufferPointer<UInt8>) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var from = 0
        while let hit = ByteSearch.firstIndex(of: register, in: line, from: from) {
            from = hit + 1
            var position = hit + register.count
            while position < line.count, line[position].isASCIIWordByte { position += 1 }
            while position < line.count, isSpace(line[position]) { position += 1 }
            guard position < line.count, line[position] == UInt8(ascii: "(") else { continue }
            position += 1
            while position < line.count, isSpace(line[position]) { position += 1 }
            let wordStart = position
            while position < line.count, line[position].isASCIIWordByte { position += 1 }
            let word = UnsafeBufferPointer(rebasing: line[wordStart..<position])
            guard typeLabelEndings.contains(where: { word.count >= $0.count && word.suffix($0.count).elementsEqual($0) }) else { continue }
            while position < line.count, isSpace(line[position]) { position += 1 }
            if position < line.count, line[position] == UInt8(ascii: ":") { return true }
        }
        return false
    }

    /// ``registersDynamically(_:namesTypeLabel:)`` for a line with non-ASCII text, where
    /// `\w` and `\s` take their Unicode meaning.
    static func registersDynamically(_ line: String, namesTypeLabel: Bool) -> Bool {
        if namesTypeLabel, line.range(of: #"register\w*\s*\(\s*\w*(cellType|[vV]iewType)\s*:"#, options: .regularExpression) != nil { return true }
        for label in labels + (line.contains(supplementaryLabelText) ? [supplementaryLabelText] : []) {
            guard let range = line.range(of: label) else { continue }
            let argument = line[range.upperBound...].drop { $0 == " " }
            if !argument.hasPrefix("\"") && !argument.hasPrefix("@\"") { return true }
        }
        return false
    }
}
