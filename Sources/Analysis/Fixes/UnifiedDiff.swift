/// A unified diff (`git apply`-able, `a/` and `b/` prefixes) between two versions of one
/// text file as repairs leave it (lines changed in place, removed or inserted), with three lines of
/// context: what `nibscan fix --dry-run` prints.
enum UnifiedDiff {
    static func make(path: String, old: String, new: String, context: Int = 3) -> String {
        let before = lines(old), after = lines(new)
        // Repairs change lines in place, remove whole lines or insert them: walking both
        // files, a line that differs is removed when the next old line is the current new
        // one, inserted when the next new line is the current old one, else changed.
        var operations: [(old: Int?, new: Int?)] = []  // paired, removed (new nil), or added (old nil)
        var oldIndex = 0, newIndex = 0
        while oldIndex < before.count || newIndex < after.count {
            if oldIndex < before.count, newIndex < after.count, before[oldIndex] == after[newIndex] {
                operations.append((oldIndex, newIndex))
                oldIndex += 1
                newIndex += 1
            } else if oldIndex < before.count, newIndex == after.count || (oldIndex + 1 < before.count && before[oldIndex + 1] == after[newIndex]) {
                operations.append((oldIndex, nil))
                oldIndex += 1
            } else if oldIndex < before.count, newIndex + 1 < after.count, after[newIndex + 1] == before[oldIndex] {
                operations.append((nil, newIndex))
                newIndex += 1
            } else if oldIndex < before.count, newIndex < after.count {
                operations.append((oldIndex, nil))
                operations.append((nil, newIndex))
                oldIndex += 1
                newIndex += 1
            } else {
                operations.append((nil, newIndex))
                newIndex += 1
            }
        }
        let changed = operations.indices.filter { operations[$0].old == nil || operations[$0].new == nil }
        guard !changed.isEmpty else { return "" }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context) ... min(operations.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound ... range.upperBound
            } else {
                hunks.append(range)
            }
        }
        var text = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks {
            let slice = operations[hunk]
            let oldLines = slice.filter { $0.old != nil }, newLines = slice.filter { $0.new != nil }
            let oldStart = (slice.first { $0.old != nil }?.old ?? (slice.first?.new ?? 0)) + 1
            let newStart = (slice.first { $0.new != nil }?.new ?? (slice.first?.old ?? 0)) + 1
            text += "@@ -\(oldStart),\(oldLines.count) +\(newStart),\(newLines.count) @@\n"
            for operation in slice {
                switch (operation.old, operation.new) {
                case let (old?, new?) where before[old] == after[new]: text += " " + before[old]
                case let (old?, nil): text += "-" + before[old]
                case let (nil, new?): text += "+" + after[new]
                default: break
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
}
