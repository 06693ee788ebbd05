/// Whether code lies in a branch that never runs: a block a constant condition rules out
/// (``ConstantConditions``: `if FEATURE { … }` where the file declares `let FEATURE = false`
/// or `#define FEATURE 0`, `if false { … }`, the `else` of an `if` that is always true). The
/// code is compiled but never runs, so a broken nib name or identifier in it never shows.
extension ProjectModel {
    /// The evidence that the code at `location` never runs, or `nil` when it is not in a
    /// source file or lies outside every block its file's constants rule out. A location
    /// without a column counts only on the lines strictly inside a block.
    func deadBranch(at location: SourceLocation) -> Evidence? {
        let kind = ProjectFile.kind(ofPath: location.path)
        guard kind == .swift || kind == .objc else { return nil }
        guard let block = deadBlocks(in: location.path, kind: kind).first(where: { $0.holds(location) }) else { return nil }
        return .limiting("the code at \(location.path):\(location.line) never runs", to: .info,
                         because: "it lies in the block of lines \(block.start.line)–\(block.end.line), which a constant condition rules out: the branch is compiled but never taken")
    }

    /// The blocks of the source at `path` that a constant condition rules out, from opening
    /// to closing brace; read once per file.
    private func deadBlocks(in path: String, kind: FileEntry.Kind) -> [DeadBlock] {
        deadBlocksCache.value(for: path) {
            guard let data = sourceData(of: path) else { return [] }
            let stream = Self.tokens(of: data, kind: kind)
            return ConstantConditions(stream).deadBlocks.map { block in
                DeadBlock(start: SourcePosition(line: stream[block.lowerBound].line, column: stream[block.lowerBound].column),
                          end: SourcePosition(line: stream[block.upperBound].line, column: stream[block.upperBound].column))
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

/// A block that never runs: the positions of its opening and closing braces.
struct DeadBlock: Sendable {
    var start: SourcePosition
    var end: SourcePosition

    /// Whether `location` lies between the braces; without a column, whether its line lies
    /// strictly between theirs (a brace's line may hold code outside the block).
    func holds(_ location: SourceLocation) -> Bool {
        guard let column = location.column else { return start.line < location.line && location.line < end.line }
        let position = SourcePosition(line: location.line, column: column)
        return start < position && position < end
    }
}
