extension ProjectModel {
    /// Declared classes keyed by runtime name (`@objc(Name)` or the Swift/ObjC name); the
    /// primary declaration wins over a bare extension.
    static func typesByRuntimeName(_ sources: SourceIndex) -> [String: SourceType] {
        var table: [String: SourceType] = [:]
        for name in sources.types.keys.sorted() {
            guard let type = sources.types[name], type.isClass else { continue }
            let key = type.runtimeName ?? name
            if let existing = table[key], existing.hasPrimaryDeclaration || !type.hasPrimaryDeclaration { continue }
            table[key] = type
        }
        return table
    }

    /// Every class named by Interface Builder or declared in source, with the IB elements
    /// that name it; keyed by runtime name.
    static func joinClasses(documents: [IBDocument], types: [String: SourceType]) -> [String: ProjectClass] {
        var classes: [String: ProjectClass] = [:]
        for (runtimeName, type) in types {
            classes[runtimeName] = ProjectClass(name: type.name, runtimeName: runtimeName, type: type)
        }
        for (documentIndex, document) in documents.enumerated() {
            let topLevel = Set(document.topLevelObjects)
            let isStoryboard = document.format == .storyboard
            let ownerClass = document.filesOwner?.customClass
            for object in document.objects {
                guard let name = object.customClass, !name.isEmpty else { continue }
                let reference = IBObjectReference(document: documentIndex, object: object.index)
                var entry = classes[name] ?? ProjectClass(name: name, runtimeName: name, type: nil)
                if object.placeholder == .filesOwner {
                    entry.filesOwners.append(reference)
                } else if object.placeholder != nil {
                    continue
                } else if !isStoryboard && topLevel.contains(object.index) && Self.isOwnNib(of: name, ownerClass: ownerClass) {
                    entry.rootViews.append(reference)
                } else {
                    entry.placements.append(reference)
                }
                classes[name] = entry
            }
        }
        return classes
    }

    /// A top-level object is the nib's root view unless the nib belongs to another class
    /// (its File's Owner has a different custom class): then it is content of that nib.
    private static func isOwnNib(of name: String, ownerClass: String?) -> Bool {
        guard let ownerClass, !ownerClass.isEmpty, ownerClass != "NSObject" else { return true }
        return ownerClass == name
    }

    /// Chains for every declared class (runtime and source names) and every IB class name.
    static func buildHierarchy(sources: SourceIndex, types: [String: SourceType], interfaceBuilderNames: some Sequence<String>) -> ClassHierarchy {
        func declaration(_ name: String) -> SourceType? {
            if let type = types[name] { return type }
            let type = sources.types[name] ?? sources.typealiases[name].flatMap { sources.types[$0] }
            return type?.isClass == true ? type : nil
        }
        let declared = sources.types.filter { $0.value.isClass }.keys
        let names = Set(types.keys).union(declared).union(interfaceBuilderNames).sorted()
        return ClassHierarchy(names: names) { name in
            directSuperclass(of: name, declaration: declaration, typealiases: sources.typealiases)
        }
    }

    /// Nib name → indices into `sources.nibLoads` of the sites that may load it.
    static func loadSitesByNib(_ sources: SourceIndex) -> [String: [Int]] {
        var table: [String: [Int]] = [:]
        for (index, site) in sources.nibLoads.enumerated() {
            for name in Set(site.nibName.candidates.map(NibCatalog.stripped)) {
                table[name, default: []].append(index)
            }
        }
        return table
    }
}
