/// What indexing one source file yields, before the project-wide merge resolves
/// typealiases, conformances and helpers. Produced by ``SourceIndexer/indexFile(_:)``.
public struct SourceFileIndex: Sendable, Equatable {
    public var path: String
    public var language: SourceLanguage
    public var declarations: [SourceTypeDeclaration] = []
    public var typealiases: [String: String] = [:]
    public var nibLoads: [NibLoadSite] = []
    public var literalCalls: [LiteralCallSite] = []
    public var contentAttachments: [ContentViewAttachment] = []
    public var selfAssignments: [SelfAssignment] = []
    public var codeLayout: [CodeLayoutFact] = []
    public var problems: [SourceProblem] = []
    /// Modules the file imports (``ImportScanner``).
    public var imports: [String] = []
    /// Whether the file registers a reusable view with an identifier that is not a string
    /// literal (``DynamicReuseRegistration``).
    public var registersReuseIdentifiersDynamically = false
    /// Whether the file's text names the `reuseIdentifier:` label (``ReuseIdentifierLabel``);
    /// worked out only for files that dequeue a literal identifier, `false` for any other.
    public var namesReuseIdentifierLabel = false
    /// Methods of this file that wrap a nib load and can be followed to their callers.
    var helpers: [NibLoadHelper] = []
    /// Methods of this file that copy placeholder attributes from a parameter.
    var copyHelpers: [String: PlaceholderCopyFacts] = [:]

    public init(path: String, language: SourceLanguage) {
        self.path = path
        self.language = language
    }
}
