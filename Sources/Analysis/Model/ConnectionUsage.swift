/// Which outlet keys and action selectors Interface Builder connects, per class and all its
/// superclasses (a connection on a subclass uses the superclass's declaration), plus the
/// selectors sent to the First Responder (any class in the responder chain may handle them).
/// Connections are not copied onto every superclass (a deep chain would make that
/// quadratic): a question about a class looks for a connecting class among its descendants.
public struct ConnectionUsage: Sendable {
    private var outlets: ConnectedKeys
    private var actions: ConnectedKeys
    private let hierarchy: ClassHierarchy
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

    /// Indexes gathered connections by key over `hierarchy`'s numbering; the superclasses
    /// of the named classes are marked once each, however many classes share them.
    init(_ connections: Connections, hierarchy: ClassHierarchy) {
        allDocumentsReadable = connections.allDocumentsReadable
        responderChainSelectors = connections.responderChainSelectors
        self.hierarchy = hierarchy
        outlets = ConnectedKeys(connections.outletsByClass, hierarchy: hierarchy)
        actions = ConnectedKeys(connections.actionsByClass, hierarchy: hierarchy)
        var referenced: Set<String> = []
        for name in connections.namedClasses {
            if hierarchy.isAsked(name) {
                // A name already marked was marked with all its superclasses.
                hierarchy.forEachInLineage(of: name) { referenced.insert($0).inserted }
            } else {
                referenced.insert(name)
            }
        }
        referencedClasses = referenced
    }

    /// Whether Interface Builder connects the outlet `key` on `name` or a class below it.
    public func isOutletConnected(_ key: String, onKindOf name: String) -> Bool {
        outlets.isConnected(key, onKindOf: name, hierarchy: hierarchy)
    }

    /// Whether Interface Builder connects an action `selector` to `name` or a class below it.
    public func isActionConnected(_ selector: String, onKindOf name: String) -> Bool {
        actions.isConnected(selector, onKindOf: name, hierarchy: hierarchy)
    }

    /// Every outlet key connected on `name` or a class below it (one question per key).
    public func outletKeys(onKindOf name: String) -> Set<String> {
        outlets.keys(onKindOf: name, hierarchy: hierarchy)
    }

    /// Every action selector connected to `name` or a class below it.
    public func actionSelectors(onKindOf name: String) -> Set<String> {
        actions.keys(onKindOf: name, hierarchy: hierarchy)
    }

    /// Key → the classes connecting it: the hierarchy's preorder numbers of the classes it
    /// was asked for (sorted, so that "any in a subtree" is one binary search), and the
    /// other names as they are (they answer only for themselves).
    private struct ConnectedKeys: Sendable {
        var positions: [String: [Int32]] = [:]
        var otherClasses: [String: Set<String>] = [:]

        init(_ byClass: [String: Set<String>], hierarchy: ClassHierarchy) {
            for (name, keys) in byClass {
                if hierarchy.isAsked(name), let position = hierarchy.preorderNumber(of: name) {
                    for key in keys { positions[key, default: []].append(position) }
                } else {
                    for key in keys { otherClasses[key, default: []].insert(name) }
                }
            }
            positions = positions.mapValues { $0.sorted() }
        }

        func keys(onKindOf name: String, hierarchy: ClassHierarchy) -> Set<String> {
            Set(positions.keys).union(otherClasses.keys).filter { isConnected($0, onKindOf: name, hierarchy: hierarchy) }
        }

        func isConnected(_ key: String, onKindOf name: String, hierarchy: ClassHierarchy) -> Bool {
            if otherClasses[key]?.contains(name) == true { return true }
            guard let sorted = positions[key] else { return false }
            let range = hierarchy.descendantRange(of: name)
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count && sorted[low] < range.upperBound
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
