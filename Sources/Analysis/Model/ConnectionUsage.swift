/// Which outlet keys and action selectors Interface Builder connects, per class and all its
/// superclasses (a connection on a subclass uses the superclass's declaration), plus the
/// selectors sent to the First Responder (any class in the responder chain may handle them).
public struct ConnectionUsage: Sendable {
    public private(set) var outletKeys: [String: Set<String>] = [:]
    public private(set) var actionSelectors: [String: Set<String>] = [:]
    public private(set) var responderChainSelectors: Set<String> = []
    /// Classes that Interface Builder names, with every superclass.
    public private(set) var referencedClasses: Set<String> = []

    /// What the documents alone say, grouped by the class each connection names: gathered
    /// on the parsing side of ``ProjectModel/build(files:concurrency:interfaceBuilderLimits:)``,
    /// spread over superclasses once the hierarchy is known.
    struct Connections: Sendable {
        var allDocumentsReadable: Bool
        /// Custom classes elements name.
        var namedClasses: Set<String> = []
        var outletsByClass: [String: Set<String>] = [:]
        var actionsByClass: [String: Set<String>] = [:]
        var responderChainSelectors: Set<String> = []

        init(documents: [IBDocument]) {
            allDocumentsReadable = documents.allSatisfy { $0.status == .analysed || $0.status == .legacy }
            for document in documents where document.status == .analysed || document.status == .legacy {
                let objects = document.objects
                for position in objects.indices {
                    if let name = objects[position].customClass, !name.isEmpty { namedClasses.insert(name) }
                }
                // Connections and objects are read field by field, never copied whole.
                let connections = document.connections
                for position in connections.indices {
                    switch connections[position].kind {
                    case .outlet, .outletCollection:
                        guard let property = connections[position].property, let source = connections[position].source,
                              let name = objects[source].customClass else { continue }
                        outletsByClass[name, default: []].insert(property)
                    case .action:
                        guard let selector = connections[position].selector, let id = connections[position].destination,
                              let target = document.objectPosition(withID: id) else { continue }
                        if objects[target].placeholder == .firstResponder {
                            responderChainSelectors.insert(selector)
                        } else if let name = objects[target].customClass {
                            actionsByClass[name, default: []].insert(selector)
                        }
                    case .segue:
                        continue
                    }
                }
            }
        }
    }

    /// Spreads gathered connections over superclasses (`lineage` gives a class name
    /// followed by its superclasses): each class's lineage is walked once however many
    /// elements and connections name it.
    init(_ connections: Connections, lineage: (String) -> [String]) {
        allDocumentsReadable = connections.allDocumentsReadable
        responderChainSelectors = connections.responderChainSelectors
        for name in connections.namedClasses { referencedClasses.formUnion(lineage(name)) }
        for (name, keys) in connections.outletsByClass {
            for ancestor in lineage(name) { outletKeys[ancestor, default: []].formUnion(keys) }
        }
        for (name, selectors) in connections.actionsByClass {
            for ancestor in lineage(name) { actionSelectors[ancestor, default: []].formUnion(selectors) }
        }
    }

    /// Whether every Interface Builder file could be read (otherwise "unused" proves nothing).
    public private(set) var allDocumentsReadable = true

    /// Why "connected nowhere" cannot be claimed for this model, if it cannot.
    static func skipReason(_ model: ProjectModel) -> String? {
        model.connectionUsage.allDocumentsReadable ? nil
            : "Some Interface Builder files could not be read (compiled or malformed): skipped the checks that claim an outlet or action is connected nowhere"
    }
}

extension ProjectModel {
    /// The declared classes IB names (directly or through a subclass), in name order: the
    /// ones whose unconnected outlets and actions are worth reporting. Computed once per
    /// model for the rules that share it; names are filtered before anything is sorted.
    var classesWithInterfaceBuilderUsage: [(runtimeName: String, type: SourceType)] {
        interfaceBuilderUsageCache.get {
            let referenced = connectionUsage.referencedClasses
            let types = typesByRuntimeName
            let used = types.indices.filter { index in
                types.values[index].hasPrimaryDeclaration
                    && (referenced.contains(types.keys[index]) || referenced.contains(types.values[index].name))
            }
            return used.sorted { types.keys[$0] < types.keys[$1] }.map { (types.keys[$0], types.values[$0]) }
        }
    }
}
