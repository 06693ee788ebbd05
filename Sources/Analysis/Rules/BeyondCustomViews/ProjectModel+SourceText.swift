import Foundation

/// The raw text around a call site, for the few questions the source index does not answer:
/// which arguments a call passes and what it is sent to.
extension ProjectModel {
    /// The text of the source file at `location` from its column to the end of the call that
    /// starts there (the parenthesis or bracket closing the first one opened), at most
    /// `limit` characters; `nil` when the file is not in the project.
    func callText(at location: SourceLocation, limit: Int = 600) -> String? {
        guard let text = sourceText(of: location.path), location.line >= 1 else { return nil }
        let tail = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(location.line - 1).joined(separator: "\n")
        let rest = String(decoding: tail.utf8.dropFirst(max(0, (location.column ?? 1) - 1)), as: UTF8.self)
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
        guard let line = sourceLine(location) else { return nil }
        let column = max(0, (location.column ?? 1) - 1)
        let prefix = String(decoding: line.utf8.prefix(column), as: UTF8.self)
        return prefix.trimmingCharacters(in: .whitespaces)
    }

    /// The whole text of the source file at `path`.
    func sourceText(of path: String) -> String? {
        let positions = filePositionsCache.get {
            Dictionary(files.indices.map { (files[$0].path, $0) }) { first, _ in first }
        }
        guard let position = positions[path], let data = files[position].contents else { return nil }
        return String(data: data, encoding: .utf8)
    }

    private func sourceLine(_ location: SourceLocation) -> String? {
        guard let text = sourceText(of: location.path), location.line >= 1 else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return location.line <= lines.count ? String(lines[location.line - 1]) : nil
    }
}
