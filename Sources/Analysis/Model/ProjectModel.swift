import Foundation

/// The project as the rules see it: every Interface Builder document parsed, every source
/// indexed, and the joins between them (classes, nibs by name, placements, load sites,
/// modules). Built once per analysis, immutable, shared by all rules.
public struct ProjectModel: Sendable {
    /// Every file the archive listed, in path order.
    public let files: [ProjectFile]
    /// Every xib, storyboard and nib, parsed (or failed with a reason), in path order.
    public let documents: [IBDocument]
    /// The documents that were read in full (xib and storyboard XML), in path order: kept
    /// once here rather than filtered again by every rule.
    public let analysedDocuments: [IBDocument]
    /// The Swift and Objective-C index.
    public let sources: SourceIndex
    /// Whether the project has any Swift or Objective-C file: checks that compare
    /// Interface Builder with code are skipped without one.
    public let hasSources: Bool
    /// Nib and storyboard names → documents.
    public let nibCatalog: NibCatalog
    /// The projects' and packages' targets, membership, modules and dependencies.
    public let build: BuildModel
    /// Every class IB names or the sources declare, keyed by runtime name.
    public let classes: [String: ProjectClass]
    /// Declared classes by runtime name.
    let typesByRuntimeName: [String: SourceType]
    /// Nib name → indices into `sources.nibLoads`.
    let loadSiteIndices: [String: [Int]]
    /// Superclass chains and subclasses of every known class.
    let hierarchy: ClassHierarchy
    /// Enclosing type name → indices into `sources.nibLoads` of the loads written in it.
    let loadSitesByType: [String: [Int]]
    /// Enclosing type name → content-view attachments and `self = …` assignments in it.
    let attachmentsByType: [String: [ContentViewAttachment]]
    let selfAssignmentsByType: [String: [SelfAssignment]]
    /// Which outlets and actions Interface Builder connects, per class.
    public let connectionUsage: ConnectionUsage
    /// Class members gathered so far (filled on demand by ``members(of:)`` and
    /// ``checkableMembers(of:)``).
    let memberCache = MemberCache()
    /// Substitutions and the placements they replace, built once by the first rule asking.
    let substitutionIndexCache = LazyValue<SubstitutionIndex>()
    /// ``classesWithInterfaceBuilderUsage``, built by the first rule asking.
    let interfaceBuilderUsageCache = LazyValue<[(runtimeName: String, type: SourceType)]>()
    /// Whether each class's lineage is declared or known to the platform table, built on first use.
    let lineageKnownCache = LazyValue<ClassHierarchy.LineageFact>()
    /// Path → position in `files` (the first file with that path), built on first use.
    let filePositionsCache = LazyValue<[String: Int]>()
    /// The Storyboard IDs code instantiates (``storyboardIdentifiersUsed``), built on first use.
    let storyboardIdentifierUseCache = LazyValue<(literal: Set<String>, computed: Bool)>()
    /// ``ownClassPrefixes``, built on first use.
    let ownClassPrefixCache = LazyValue<Set<String>>()
    /// Source file base name → its first path (``sourceFile(namedAfter:)``), built on first use.
    let sourceFilesByNameCache = LazyValue<[String: String]>()
    /// ``makesClassesFromComputedNames``, built on first use.
    let computedClassNamesCache = LazyValue<Bool>()
    /// Whether each Interface Builder file is loaded, asked by ``reach(of:)``.
    let nibReachCache = MemoTable<Evidence?>()
    /// The documents that name each class, built on first use (``reach(of:)``).
    let placingDocumentsCache = LazyValue<[String: [Int]]>()
    /// Whether source files name a class beyond declaring it, by name and type (``reach(of:)``).
    let sourceUseCache = MemoTable<Bool>()
    /// The controllers each storyboard's scenes reach, by path (``reachedControllers(in:)``).
    let reachedControllersCache = MemoTable<Set<String>>()
    /// The storyboards whose initial controller code makes, built on first use.
    let initialControllerUseCache = LazyValue<(names: Set<String>, unresolved: Bool)>()
    /// Where application or scene delegates make their window, built on first use.
    let windowsMadeInCodeCache = LazyValue<[SourceLocation]>()
    /// Whether each type's code runs, by type name, asked by ``reach(of:)``.
    let codeReachCache = MemoTable<Evidence?>()
    /// The enclosing type of each code site by path and line, asked by ``reach(of:)``.
    let codeSiteTypesCache = LazyValue<[String: [Int: String]]>()
    /// Path → position in `analysedDocuments`, built on first use.
    let analysedDocumentPositionsCache = LazyValue<[String: Int]>()
    /// The classes an unknown class may have been renamed to, by the platform class of its
    /// element (`classRenameRepair`): declared, not nested, named by no IB file, of that kind.
    let classRenamePoolCache = MemoTable<ClassRenamePool>()
    /// Where code switches controls on or off, by property name, read on first use.
    let enabledStateAssignmentsCache = MemoTable<[(path: String, assignment: EnabledStateAssignment)]>()
    /// The files that use and that register each reuse identifier, by its names and value.
    let reuseIdentifierMentionsCache = MemoTable<ReuseIdentifierFiles>()
    /// The one string literal each constant name is given, read on first use.
    let constantLiteralCache = MemoTable<String?>()
    /// The analysed storyboards by load name (``storyboardDocuments``), built on first use:
    /// every literal storyboard call asks.
    let storyboardDocumentsCache = LazyValue<[(name: String, document: IBDocument)]>()
    /// The blocks each source file's constant conditions rule out, asked by ``reach(of:)``.
    let deadBlocksCache = MemoTable<[DeadBlock]>()
    /// Positions in `sources.declarations` by name and by runtime name, built on first use.
    let declarationPositionsCache = LazyValue<[String: [Int]]>()

    /// Joins parsed documents and an index; `files` supplies the project files (Xcode
    /// projects, packages, dependency manifests) and compiled nibs.
    public init(files: [ProjectFile], documents: [IBDocument], sources: SourceIndex, hasSources: Bool) {
        self.init(files: files, buildModel: BuildModel(files: files), documents: documents,
                  documentJoins: DocumentJoins(documents: documents, files: files),
                  sources: sources, sourceJoins: SourceJoins(sources: sources), hasSources: hasSources)
    }

    /// Joins the two sides, each already joined on its own.
    init(files: [ProjectFile], buildModel: BuildModel, documents: [IBDocument], documentJoins: DocumentJoins,
         sources: SourceIndex, sourceJoins: SourceJoins, hasSources: Bool) {
        self.files = files
        self.documents = documents
        analysedDocuments = documentJoins.analysedDocuments
        self.sources = sources
        self.hasSources = hasSources
        nibCatalog = documentJoins.nibCatalog
        var build = buildModel
        build.addImports(sources.imports)
        self.build = build
        typesByRuntimeName = sourceJoins.typesByRuntimeName
        classes = Self.joinClasses(documents: documents, types: typesByRuntimeName)
        loadSiteIndices = sourceJoins.loadSiteIndices
        loadSitesByType = sourceJoins.loadSitesByType
        attachmentsByType = sourceJoins.attachmentsByType
        selfAssignmentsByType = sourceJoins.selfAssignmentsByType
        var hierarchy = sourceJoins.hierarchy
        hierarchy.addLineages(of: classes.keys, superclass: Self.superclassStep(sources: sources, types: typesByRuntimeName))
        hierarchy.indexSubclasses()
        self.hierarchy = hierarchy
        connectionUsage = ConnectionUsage(documentJoins.connections, hierarchy: hierarchy)
    }

    /// Parses and indexes `files` on up to `concurrency` threads: Interface Builder parsing
    /// beside the project files, then the source indexing (which needs each file's Swift
    /// version from the project files), then the joins that need only their own results
    /// (``DocumentJoins``, ``SourceJoins``); results are merged by path, so the model does
    /// not depend on scheduling. A document over `interfaceBuilderLimits` is
    /// kept as an `error` document naming the limit. `dependencies` are module names the
    /// project's configuration declares beside its Podfile and Cartfile.
    public static func build(files: [ProjectFile], concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                             interfaceBuilderLimits: InterfaceBuilderLimits = .default,
                             dependencies: Set<String> = []) -> ProjectModel {
        ThreadTeam.with(size: concurrency) { build(files: files, team: $0, interfaceBuilderLimits: interfaceBuilderLimits, dependencies: dependencies) }
    }

    /// ``build(files:concurrency:interfaceBuilderLimits:dependencies:)`` on the threads of `team`.
    static func build(files: [ProjectFile], team: ThreadTeam, interfaceBuilderLimits: InterfaceBuilderLimits,
                      dependencies: Set<String>) -> ProjectModel {
        let sorted = files.sortedByPath(<)
        let interfaceFiles = sorted.filter { [.xib, .storyboard, .nib].contains($0.kind) && $0.contents != nil }
        let sourceFiles = sorted.filter { ($0.kind == .swift || $0.kind == .objc) && $0.contents != nil }
        // The project files beside the Interface Builder files, in one pool of threads; then
        // the sources (they need each file's Swift version); then the two sets of joins.
        let parser = InterfaceBuilderParser(limits: interfaceBuilderLimits)
        let (buildModel, documents) = ConcurrentMap.map(interfaceFiles, beside: {
            BuildModel(files: sorted, dependencies: dependencies)
        }, team: team, largestFirst: \.byteCount) { file in
            parser.parse(data: file.contents ?? Data(), path: file.path)
        }
        let sources = SourceIndexer(swiftVersions: buildModel.swiftVersions).index(files: sourceFiles, team: team)
        let (documentJoins, sourceJoins) = Parallel.both(team: team, {
            DocumentJoins(documents: documents, files: sorted)
        }, {
            SourceJoins(sources: sources)
        })
        return ProjectModel(files: sorted, buildModel: buildModel, documents: documents, documentJoins: documentJoins,
                            sources: sources, sourceJoins: sourceJoins, hasSources: !sourceFiles.isEmpty)
    }

    /// The class IB calls `runtimeName`, declared or not.
    public func projectClass(_ runtimeName: String) -> ProjectClass? {
        classes[runtimeName]
    }

    /// The declaration of the class IB calls `runtimeName`.
    public func declaredType(runtimeName: String) -> SourceType? {
        typesByRuntimeName[runtimeName]
    }

    /// The merged source type a name in code refers to, through typealiases.
    public func sourceType(named name: String) -> SourceType? {
        if let type = sources.types[name] { return type }
        if let target = sources.typealiases[name] { return sources.types[target] }
        return nil
    }

    /// The load sites written inside the type `typeName` (its methods and extensions).
    public func loadSites(inType typeName: String) -> [NibLoadSite] {
        (loadSitesByType[typeName] ?? []).map { sources.nibLoads[$0] }
    }

    /// The load sites whose resolved nib name is `name`.
    public func loadSites(forNib name: String) -> [NibLoadSite] {
        (loadSiteIndices[NibCatalog.stripped(name)] ?? []).map { sources.nibLoads[$0] }
    }
}
