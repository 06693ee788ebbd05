/// A checked repair of one finding as reports carry it (JSON `patch`, SARIF `fixes`, the
/// Markdown comment's `diff` block): what it does, the unified diff of the repair alone
/// against the files as analysed, and its replacements.
public struct FindingPatch: Codable, Sendable, Equatable {
    /// One replaced span on the file as analysed: from `line`/`startColumn` to
    /// `endLine`/`endColumn` (1-based byte columns, the end exclusive; equal for an insertion;
    /// a removed line ends at column 1 of the next).
    public struct Replacement: Codable, Sendable, Equatable {
        public var path: String
        public var line: Int
        public var startColumn: Int
        public var endLine: Int
        public var endColumn: Int
        public var text: String

        public init(path: String, line: Int, startColumn: Int, endLine: Int? = nil, endColumn: Int, text: String) {
            self.path = path
            self.line = line
            self.startColumn = startColumn
            self.endLine = endLine ?? line
            self.endColumn = endColumn
            self.text = text
        }
    }

    public var summary: String
    /// `git apply`-able, paths relative to the analysed root.
    public var diff: String
    public var replacements: [Replacement]

    public init(summary: String, diff: String, replacements: [Replacement]) {
        self.summary = summary
        self.diff = diff
        self.replacements = replacements
    }
}
