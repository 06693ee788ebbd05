import Foundation

/// Whether a source file registers a reusable view with an identifier that is not a string
/// literal (a constant, `String(describing:)`, Reusable's `register(cellType:)`): then
/// nibscan cannot tell which reuse identifiers exist. Collected once per file while
/// indexing, from the lines that mention `register`, so that no rule rescans the sources.
enum DynamicReuseRegistration {
    private static let labels = ["forCellReuseIdentifier:", "forCellWithReuseIdentifier:", "forHeaderFooterViewReuseIdentifier:"]
    private static let register = Array("register".utf8)

    /// Whether `bytes` (a UTF-8 source file) registers an identifier that is not a literal.
    /// Lines are split at line feeds not preceded by a carriage return (a `\r\n` pair is
    /// one `Character`, as `String.split` sees it); a file that is not UTF-8 registers nothing.
    static func occurs(in bytes: [UInt8]) -> Bool {
        var lineStart = 0
        var found = false
        bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            while position <= buffer.count, !found {
                let atEnd = position == buffer.count
                if atEnd || buffer[position] == 0x0A && (position == 0 || buffer[position - 1] != 0x0D) {
                    let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<position])
                    if ByteSearch.contains(register, in: line), registersDynamically(String(decoding: line, as: UTF8.self)) { found = true }
                    lineStart = position + 1
                }
                position += 1
            }
        }
        return found && String(data: Data(bytes), encoding: .utf8) != nil
    }

    /// The check on one line that mentions `register`.
    private static func registersDynamically(_ line: String) -> Bool {
        guard line.contains("register") else { return false }
        if line.range(of: #"register\w*\s*\(\s*\w*(cellType|[vV]iewType)\s*:"#, options: .regularExpression) != nil { return true }
        for label in labels + (line.contains("withReuseIdentifier:") ? ["withReuseIdentifier:"] : []) {
            guard let range = line.range(of: label) else { continue }
            let argument = line[range.upperBound...].drop { $0 == " " }
            if !argument.hasPrefix("\"") && !argument.hasPrefix("@\"") { return true }
        }
        return false
    }
}
