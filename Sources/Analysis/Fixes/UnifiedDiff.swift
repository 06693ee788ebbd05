/// A unified diff (`git apply`-able, `a/` and `b/` prefixes) between two versions of one
/// text file as repairs leave it (lines changed in place, removed or inserted), with three lines of
/// context: what `nibscan fix --dry-run` prints.
enum UnifiedDiff {
    static func make(path: String, old: String, new: String, context: Int = 3) -> String {
        let before = lines(old), after = lines(new)
        // Repairs change lines in place, remove whole lines or insert them: walking both
        // files, old lines up to one equal to the current new line are removed, new lines up
        // to one equal to the current old line are added, else the line is changed.
        var operations: [(old: Int?, new: Int?)] = []  // paired, removed (new nil), or added (old nil)
        var oldIndex = 0, newIndex = 0
        while oldIndex < before.count || newIndex < after.count {
            if oldIndex < before.count, newIndex < after.count, before[oldIndex] == after[newIndex] {
                operations.append((oldIndex, newIndex))
                oldIndex += 1
                newIndex += 1
            } else if let removed = lookahead(before, from: oldIndex, for: after, at: newIndex) {
                for index in oldIndex ..< oldIndex + removed { operations.append((index, nil)) }
                oldIndex += removed
            } else if let added = lookahead(after, from: newIndex, for: before, at: oldIndex) {
                for index in newIndex ..< newIndex + added { operations.append((nil, index)) }
                newIndex += added
            } else {
                if oldIndex < before.count { operations.append((oldIndex, nil)) }
                if newIndex < after.count { operations.append((nil, newIndex)) }
                oldIndex = min(oldIndex + 1, before.count)
                newIndex = min(newIndex + 1, after.count)
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

    /// How many lines of `lines` from `start` come before the one equal to `other[position]`
    /// (at most 20: repairs add or remove a few lines in one place); `nil` when none does, or
    /// `other` is at its end and `lines` is not (then the rest of `lines` is the answer).
    private static func lookahead(_ lines: [String], from start: Int, for other: [String], at position: Int) -> Int? {
        guard start < lines.count else { return nil }
        guard position < other.count else { return lines.count - start }
        for count in 1 ... 20 where start + count < lines.count && lines[start + count] == other[position] { return count }
        return nil
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
