/// Everything the analysis knows from the project's Swift and Objective-C sources: type
/// declarations and their members, nib-load call sites, literal storyboard/cell call sites,
/// `self = …` assignments and content-view attachments, each with a location.
///
/// Built by ``SourceIndexer``; immutable and safe to share between threads. Lists are sorted
/// by location (path, line, column) so that the same project always yields the same index.
public struct SourceIndex: Sendable, Equatable, Codable {
    /// Every class, struct, enum, protocol, extension, `@interface`, category and
    /// `@implementation` as written, in location order.
    public var declarations: [SourceTypeDeclaration]
    /// One merged view per type name (declaration, extensions, categories, conformances
    /// added anywhere), keyed by the qualified Swift name or the Objective-C class name.
    public var types: [String: SourceType]
    /// `typealias Name = Target` declarations: alias → target (as written, generic
    /// arguments dropped).
    public var typealiases: [String: String]
    /// Every nib-load call site (ANALYSIS.md §2), including those resolved one level
    /// through a project-local helper to the helper's callers.
    public var nibLoads: [NibLoadSite]
    /// Literal storyboard names, storyboard identifiers, segue identifiers and reuse
    /// identifiers passed to UIKit.
    public var literalCalls: [LiteralCallSite]
    /// Nib-loaded views added as subviews (files-owner style) and how they are laid out.
    public var contentAttachments: [ContentViewAttachment]
    /// Objective-C `self = …` assignments inside `initWithCoder:` / `initWithFrame:`.
    public var selfAssignments: [SelfAssignment]
    /// Layout made in code that Interface Builder cannot see (stacks filled, views
    /// constrained, subviews built, content sizes, automatic row heights).
    public var codeLayout: [CodeLayoutFact]
    /// Files that could not be indexed fully (not UTF-8, unbalanced braces…), with why.
    public var problems: [SourceProblem]
    /// Source path → the modules it imports; files importing nothing are left out.
    public var imports: [String: [String]] = [:]
    /// Sources that register a reusable view with an identifier that is not a string
    /// literal (a constant, `String(describing:)`, Reusable's `register(cellType:)`), by path.
    public var dynamicReuseRegistrations: [String] = []
    /// Sources that dequeue a literal identifier and whose text names the `reuseIdentifier:`
    /// label: they make cells in code when a dequeue returns `nil` (``ReuseIdentifierLabel``), by path.
    public var reuseIdentifierLabelPaths: Set<String> = []

    public init(declarations: [SourceTypeDeclaration] = [], types: [String: SourceType] = [:],
                typealiases: [String: String] = [:], nibLoads: [NibLoadSite] = [],
                literalCalls: [LiteralCallSite] = [], contentAttachments: [ContentViewAttachment] = [],
                selfAssignments: [SelfAssignment] = [], codeLayout: [CodeLayoutFact] = [], problems: [SourceProblem] = []) {
        self.declarations = declarations
        self.types = types
        self.typealiases = typealiases
        self.nibLoads = nibLoads
        self.literalCalls = literalCalls
        self.contentAttachments = contentAttachments
        self.selfAssignments = selfAssignments
        self.codeLayout = codeLayout
        self.problems = problems
    }
}

/// The language a declaration or call site is written in.
public enum SourceLanguage: String, Codable, Sendable, CaseIterable {
    case swift, objc
}

/// Where inside the sources a fact was found: the type (qualified name, or the class of an
/// Objective-C category/implementation) and the method (Swift base name with labels, e.g.
/// `awakeAfter(using:)`, or the Objective-C selector).
public struct SourceContext: Sendable, Equatable, Hashable, Codable {
    public var typeName: String?
    public var methodName: String?
    /// `true` inside a `static`/`class` method or an Objective-C `+` method.
    public var isTypeMethod: Bool

    public init(typeName: String? = nil, methodName: String? = nil, isTypeMethod: Bool = false) {
        self.typeName = typeName
        self.methodName = methodName
        self.isTypeMethod = isTypeMethod
    }
}

/// A source file the indexer could only partly read, and why.
public struct SourceProblem: Sendable, Equatable, Codable {
    public var path: String
    /// Stable dotted code, e.g. `source.not-utf8`, `source.unbalanced-braces`.
    public var code: String
    public var message: String

    public init(path: String, code: String, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }
}
