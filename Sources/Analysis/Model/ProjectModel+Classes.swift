extension ProjectModel {
    /// Declared classes keyed by runtime name (`@objc(Name)` or the Swift/ObjC name); the
    /// primary declaration wins over a bare extension, then the smallest source name (so
    /// the table does not depend on dictionary order, without sorting every type name).
    /// Declarations are read in place and copied once, into the table.
    static func typesByRuntimeName(_ sources: SourceIndex) -> [String: SourceType] {
        let types = sources.types
        var winners: [String: Dictionary<String, SourceType>.Index] = [:]
        winners.reserveCapacity(types.count)
        for index in types.indices where types.values[index].isClass {
            let name = types.keys[index]
            let key = types.values[index].runtimeName ?? name
            if let existing = winners[key] {
                let isPrimary = types.values[index].hasPrimaryDeclaration
                let existingIsPrimary = types.values[existing].hasPrimaryDeclaration
                let replaces = isPrimary != existingIsPrimary ? isPrimary : name < types.keys[existing]
                guard replaces else { continue }
            }
            winners[key] = index
        }
        return winners.mapValues { types.values[$0] }
    }

    /// Every class named by Interface Builder or declared in source, with the IB elements
    /// that name it; keyed by runtime name. Entries are appended to in place (a copied
    /// entry would copy its reference arrays on every append) and objects are read field
    /// by field (an `IBObject` copy retains a dozen strings).
    static func joinClasses(documents: [IBDocument], types: [String: SourceType]) -> [String: ProjectClass] {
        var classes: [String: ProjectClass] = [:]
        classes.reserveCapacity(types.count)
        for (runtimeName, type) in types {
            classes[runtimeName] = ProjectClass(name: type.name, runtimeName: runtimeName, type: type)
        }
        for documentIndex in documents.indices {
            let objects = documents[documentIndex].objects
            let isStoryboard = documents[documentIndex].format == .storyboard
            // Needed only for a xib's objects other than File's Owner: computed on first use.
            var rootFacts: (topLevel: Set<Int>, ownerClass: String?)?
            for objectIndex in objects.indices {
                guard let name = objects[objectIndex].customClass, !name.isEmpty else { continue }
                let placeholder = objects[objectIndex].placeholder
                if placeholder != nil && placeholder != .filesOwner { continue }
                let reference = IBObjectReference(document: documentIndex, object: objects[objectIndex].index)
                let isRoot: Bool
                if placeholder == .filesOwner || isStoryboard {
                    isRoot = false
                } else {
                    let facts = rootFacts ?? (Set(documents[documentIndex].topLevelObjects), documents[documentIndex].filesOwner?.customClass)
                    rootFacts = facts
                    isRoot = facts.topLevel.contains(objects[objectIndex].index) && Self.isOwnNib(of: name, ownerClass: facts.ownerClass)
                }
                let undeclared = ProjectClass(name: name, runtimeName: name, type: nil)
                if placeholder == .filesOwner {
                    classes[name, default: undeclared].filesOwners.append(reference)
                } else if isRoot {
                    classes[name, default: undeclared].rootViews.append(reference)
                } else {
                    classes[name, default: undeclared].placements.append(reference)
                }
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

    /// One step up a chain, as the hierarchy takes it: the declaration (by runtime name,
    /// source name or typealias) first, then the platform table. Taken for every name of
    /// every chain, so declarations are read field by field rather than copied whole.
    static func superclassStep(sources: SourceIndex, types: [String: SourceType]) -> (String) -> String? {
        let declared = sources.types
        func facts(_ name: String) -> SuperclassFacts? {
            if let index = types.index(forKey: name) {
                return SuperclassFacts(hasPrimaryDeclaration: types.values[index].hasPrimaryDeclaration, superclass: types.values[index].superclass)
            }
            guard let index = declared.index(forKey: name) ?? sources.typealiases[name].flatMap({ declared.index(forKey: $0) }),
                  declared.values[index].isClass else { return nil }
            return SuperclassFacts(hasPrimaryDeclaration: declared.values[index].hasPrimaryDeclaration, superclass: declared.values[index].superclass)
        }
        return { name in directSuperclass(of: name, declaration: facts, typealiases: sources.typealiases) }
    }

    /// Chains for every declared class (runtime and source names); the names Interface
    /// Builder uses are added once documents are joined. The chains do not depend on the
    /// order names are visited in (see ``ClassHierarchy``).
    static func declaredHierarchy(sources: SourceIndex, types: [String: SourceType]) -> ClassHierarchy {
        let declared = sources.types
        var names = Array(types.keys)
        names.reserveCapacity(types.count + declared.count)
        for index in declared.indices where declared.values[index].isClass { names.append(declared.keys[index]) }
        return ClassHierarchy(lineagesOf: names, superclass: superclassStep(sources: sources, types: types))
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

extension ProjectModel {
    /// Whether the runtime cannot find the class an Interface Builder object names: a
    /// project Swift class without `@objc(Name)` set with neither `customModule` nor
    /// `customModuleProvider` is looked up by its bare name, which the Swift runtime does
    /// not register ("Unknown class X in Interface Builder file"); a plain view is made.
    public func isUnresolvedAtRunTime(_ object: IBObject) -> Bool {
        guard let name = object.customClass, object.customModule == nil, object.customModuleProvider == nil,
              let type = declaredType(runtimeName: name) else { return false }
        return type.hasPrimaryDeclaration && type.language == .swift && type.runtimeName == nil
    }
}
