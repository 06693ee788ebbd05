/// Whether code lies in a branch that never runs: a block a constant condition rules out
/// (``ConstantConditions``: `if FEATURE { … }` where the file declares `let FEATURE = false`
/// or `#define FEATURE 0`, `if false { … }`, the `else` of an `if` that is always true), or
/// one that runs only for a row past its section's end (``RowCountConditions``). The code is
/// compiled but never runs, so a broken nib name or identifier in it never shows.
extension ProjectModel {
    /// The evidence that the code at `location` never runs, or `nil` when it is not in a
    /// source file or lies outside every block that never runs. A location without a column
    /// counts only on the lines strictly inside a block.
    func deadBranch(at location: SourceLocation) -> Evidence? {
        let kind = ProjectFile.kind(ofPath: location.path)
        guard kind == .swift || kind == .objc else { return nil }
        guard let block = deadBlocks(in: location.path, kind: kind).first(where: { $0.holds(location) }) else { return nil }
        return .limiting("the code at \(location.path):\(location.line) never runs", to: .info,
                         because: "it lies in the block of lines \(block.start.line)–\(block.end.line), \(block.reason)")
    }

    /// The blocks of the source at `path` that never run, from opening to closing brace;
    /// read once per file.
    private func deadBlocks(in path: String, kind: FileEntry.Kind) -> [DeadBlock] {
        deadBlocksCache.value(for: path) {
            guard let data = sourceData(of: path) else { return [] }
            let stream = Self.tokens(of: data, kind: kind)
            func block(_ range: ClosedRange<Int>, _ reason: String) -> DeadBlock {
                DeadBlock(start: SourcePosition(line: stream[range.lowerBound].line, column: stream[range.lowerBound].column),
                          end: SourcePosition(line: stream[range.upperBound].line, column: stream[range.upperBound].column),
                          reason: reason)
            }
            return ConstantConditions(stream).deadBlocks.map { block($0, "which a constant condition rules out: the branch is compiled but never taken") }
                + RowCountConditions(stream).deadBlocks.map { dead in
                    block(dead.range, "which runs only for \(dead.member) \(dead.count) of a section the data source gives exactly \(dead.count) \(dead.member)s: they run from 0 to \(dead.count) - 1, so UIKit never asks for that \(dead.member)")
                }
        }
    }
}

/// A line and column in a source file, ordered as the text runs.
struct SourcePosition: Comparable, Sendable {
    var line: Int
    var column: Int

    static func < (left: SourcePosition, right: SourcePosition) -> Bool {
        (left.line, left.column) < (right.line, right.column)
    }
}

/// A block that never runs: the positions of its opening and closing braces, and why.
struct DeadBlock: Sendable {
    var start: SourcePosition
    var end: SourcePosition
    /// Why it never runs, following "it lies in the block of lines a–b, ".
    var reason: String

    /// Whether `location` lies between the braces; without a column, whether its line lies
    /// strictly between theirs (a brace's line may hold code outside the block).
    func holds(_ location: SourceLocation) -> Bool {
        guard let column = location.column else { return start.line < location.line && location.line < end.line }
        let position = SourcePosition(line: location.line, column: column)
        return start < position && position < end
    }
}
