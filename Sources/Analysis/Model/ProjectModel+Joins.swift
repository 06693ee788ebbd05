/// The joins that need only one side of the project. ``ProjectModel/build(files:concurrency:interfaceBuilderLimits:)``
/// makes each on the thread that produced its input, while the other side is still being
/// parsed or indexed; only the joins between the two sides run after both.
extension ProjectModel {
    /// What the source index alone determines.
    struct SourceJoins: Sendable {
        /// Declared classes by runtime name.
        var typesByRuntimeName: [String: SourceType]
        /// Nib name → indices into `sources.nibLoads`.
        var loadSiteIndices: [String: [Int]]
        /// Enclosing type name → indices into `sources.nibLoads`.
        var loadSitesByType: [String: [Int]]
        var attachmentsByType: [String: [ContentViewAttachment]]
        var selfAssignmentsByType: [String: [SelfAssignment]]
        /// Chains of the declared classes (Interface Builder's names come later).
        var hierarchy: ClassHierarchy

        init(sources: SourceIndex) {
            typesByRuntimeName = ProjectModel.typesByRuntimeName(sources)
            loadSiteIndices = ProjectModel.loadSitesByNib(sources)
            loadSitesByType = Dictionary(grouping: sources.nibLoads.indices) { sources.nibLoads[$0].context.typeName ?? "" }
            attachmentsByType = Dictionary(grouping: sources.contentAttachments) { $0.context.typeName ?? "" }
            selfAssignmentsByType = Dictionary(grouping: sources.selfAssignments) { $0.context.typeName ?? "" }
            hierarchy = ProjectModel.declaredHierarchy(sources: sources, types: typesByRuntimeName)
        }
    }

    /// What the files and parsed documents alone determine.
    struct DocumentJoins: Sendable {
        var analysedDocuments: [IBDocument]
        var nibCatalog: NibCatalog
        var modules: ModuleCatalog
        /// Connections grouped by class, before they are spread over superclasses.
        var connections: ConnectionUsage.Connections

        init(documents: [IBDocument], files: [ProjectFile], dependencies: Set<String> = []) {
            analysedDocuments = documents.filter { $0.status == .analysed }
            connections = ConnectionUsage.Connections(documents: documents)
            nibCatalog = NibCatalog(documents: documents, files: files)
            modules = ModuleCatalog(files: files, dependencies: dependencies)
        }
    }
}
