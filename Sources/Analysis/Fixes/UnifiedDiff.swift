/// A unified diff (`git apply`-able, `a/` and `b/` prefixes) between two versions of one
/// text file, with three lines of context: what `nibscan fix --dry-run` prints.
enum UnifiedDiff {
    static func make(path: String, old: String, new: String, context: Int = 3) -> String {
        let before = lines(old), after = lines(new)
        // Edits keep the number of lines (attribute values change within their line), so
        // lines pair up by position; a differing pair is a change.
        guard before.count == after.count else { return wholeFile(path: path, before: before, after: after) }
        let changed = before.indices.filter { before[$0] != after[$0] }
        guard !changed.isEmpty else { return "" }
        var hunks: [[Int]] = []
        for index in changed {
            if let last = hunks.last?.last, index - last <= 2 * context {
                hunks[hunks.count - 1].append(index)
            } else {
                hunks.append([index])
            }
        }
        var text = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks {
            let start = max(0, hunk[0] - context), end = min(before.count, hunk[hunk.count - 1] + context + 1)
            text += "@@ -\(start + 1),\(end - start) +\(start + 1),\(end - start) @@\n"
            for index in start ..< end {
                if hunk.contains(index) {
                    text += "-" + before[index] + "+" + after[index]
                } else {
                    text += " " + before[index]
                }
            }
        }
        return text
    }

    /// Lines with their own line ends (`\n`, `\r\n`); a last line without one is marked as
    /// diff marks it.
    private static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current + "\n\\ No newline at end of file\n") }
        return result
    }

    private static func wholeFile(path: String, before: [String], after: [String]) -> String {
        var text = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n@@ -1,\(before.count) +1,\(after.count) @@\n"
        text += before.map { "-" + $0 }.joined() + after.map { "+" + $0 }.joined()
        return text
    }
}
