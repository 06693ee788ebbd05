import Foundation

/// A `// nibscan:disable-next-line RULE…` or `// nibscan:disable RULE…` comment in a Swift
/// or Objective-C file: the findings of those rules located on the next line, or anywhere
/// below the comment, are suppressed. Rule ids are separated by spaces or commas; text
/// after ` -- ` is the reason.
struct SourceSuppressionDirective: Sendable, Equatable {
    enum Reach: Sendable, Equatable {
        /// `disable-next-line`: the line after the comment.
        case nextLine
        /// `disable`: every line after the comment, to the end of the file.
        case restOfFile
    }

    var reach: Reach
    var rules: [String]
    /// Where `nibscan:` starts (1-based line, 1-based UTF-8 column).
    var location: SourceLocation
    var reason: String?

    /// Whether a finding located at `location` is within reach.
    func covers(_ location: SourceLocation) -> Bool {
        guard location.path == self.location.path else { return false }
        switch reach {
        case .nextLine: return location.line == self.location.line + 1
        case .restOfFile: return location.line > self.location.line
        }
    }

    /// How the comment reads, for messages.
    var keyword: String {
        reach == .nextLine ? "nibscan:disable-next-line" : "nibscan:disable"
    }

    private static let marker = ByteSearch.Needle("nibscan:disable")

    /// Every directive in the sources among `files`, in path and line order.
    static func directives(in files: [ProjectFile]) -> [SourceSuppressionDirective] {
        files.filter { $0.kind == .swift || $0.kind == .objc }.flatMap { file -> [SourceSuppressionDirective] in
            guard let contents = file.contents,
                  contents.withUnsafeBytes({ ByteSearch.contains(marker, in: $0.bindMemory(to: UInt8.self)) }) else { return [] }
            let text = String(decoding: contents, as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
                directive(in: line, path: file.path, line: number + 1)
            }
        }
    }

    /// The directive a line's `//` comment holds, if it holds one.
    static func directive(in line: Substring, path: String, line number: Int) -> SourceSuppressionDirective? {
        var searchStart = line.startIndex
        while let slashes = line[searchStart...].range(of: "//") {
            let comment = line[slashes.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "/" }
            searchStart = slashes.upperBound
            for (keyword, reach) in [("nibscan:disable-next-line", Reach.nextLine), ("nibscan:disable", .restOfFile)] {
                guard comment.hasPrefix(keyword) else { continue }
                let rest = comment.dropFirst(keyword.count)
                guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { break }
                let column = line.utf8.distance(from: line.startIndex, to: comment.startIndex) + 1
                var ruleText = rest, reason: String?
                if let dashes = rest.range(of: " -- ") {
                    ruleText = rest[..<dashes.lowerBound]
                    let said = rest[dashes.upperBound...].trimmingCharacters(in: .whitespaces)
                    reason = said.isEmpty ? nil : said
                }
                let rules = ruleText.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\r" }).map(String.init)
                return SourceSuppressionDirective(reach: reach, rules: rules,
                                                  location: SourceLocation(path: path, line: number, column: column), reason: reason)
            }
        }
        return nil
    }
}
