/// How a finding would be repaired in the project's files, as its rule worked it out from
/// what it read: attribute edits in one Interface Builder file, or why there is no repair
/// (two candidates fit, or none). A repair is only offered once ``ProjectFixer`` has
/// applied it to a copy of the project, analysed that again and found the finding gone and
/// nothing new.
public enum Repair: Sendable, Equatable {
    /// The edits, and what they do in a phrase (`property "titleLbl" → "titleLabel"`).
    case edits(summary: String, [AttributeEdit])
    /// No repair: why (`2 unconnected outlets of CardView fit: a, b`).
    case declined(String)
}

/// One attribute of one start tag of an Interface Builder file, set or added; or, with
/// ``removesElement``, the whole (empty) element removed, with its line when it is alone on it.
public struct AttributeEdit: Sendable, Equatable, Hashable {
    /// The file (report path), and where its start tag's `<` is (the element's location).
    public var path: String
    public var line: Int
    public var column: Int?
    public var name: String
    /// The value it has now; `nil`: the attribute is added.
    public var from: String?
    public var to: String
    /// For an added attribute: the attribute it goes after (`customClass`), else at the tag's end.
    public var after: String?
    /// The element is removed (`name`, `from` and `to` are unused).
    public var removesElement = false
    /// Source lines (separated by `\n`) inserted before `line`, each indented as that line
    /// is (`name`, `from` and `to` are unused): copy lines added to `awakeAfter(using:)`
    /// before its `return`.
    public var insertedLine: String?

    public init(path: String, line: Int, column: Int?, name: String, from: String?, to: String, after: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.name = name
        self.from = from
        self.to = to
        self.after = after
    }
}

extension AttributeEdit {
    /// Removes the empty element whose `<` is at `line`/`column` (a `<constraint …/>`).
    public static func removal(path: String, line: Int, column: Int?) -> AttributeEdit {
        var edit = AttributeEdit(path: path, line: line, column: column, name: "", from: nil, to: "")
        edit.removesElement = true
        return edit
    }

    /// Inserts `text` as a line of its own before `line`, with that line's indentation.
    public static func lineInsertion(path: String, before line: Int, text: String) -> AttributeEdit {
        var edit = AttributeEdit(path: path, line: line, column: nil, name: "", from: nil, to: "")
        edit.insertedLine = text
        return edit
    }
}
