/// Builds the merged ``SourceType`` per name from all declarations of the project.
///
/// Shaped for large projects, where nearly every name has a single declaration: groups are
/// chains through the declaration positions (no array per name), a single declaration is
/// merged through `CollectionOfOne` (no allocation), and declaration kinds are classified
/// by `switch` rather than hashed into sets.
enum SourceTypeBuilder {
    /// The first and last position of one name's declarations; the positions in between are
    /// linked through `next`.
    private struct Chain {
        var first: Int
        var last: Int
    }

    static func types(from declarations: [SourceTypeDeclaration]) -> [String: SourceType] {
        var chains: [String: Chain] = [:]
        chains.reserveCapacity(declarations.count)
        var next = [Int](repeating: -1, count: declarations.count)
        var startsChain = [Bool](repeating: false, count: declarations.count)
        for position in declarations.indices {
            let fresh = Chain(first: position, last: position)
            startsChain[position] = link(position, to: &chains[declarations[position].name, default: fresh], next: &next)
        }
        // Types are merged in declaration order, where the declarations and their member
        // lists lie close together in memory (the dictionary's order would jump around and
        // miss the cache on nearly every declaration), then moved into the dictionary.
        var merged = [SourceType?](repeating: nil, count: declarations.count)
        for position in declarations.indices where startsChain[position] {
            merged[position] = mergedChain(from: position, next: next, of: declarations)
        }
        return chains.mapValues { chain in
            merged[chain.first].take() ?? mergedChain(from: chain.first, next: next, of: declarations)
        }
    }

    /// Links `position` after the chain's last declaration; `true` when the chain is the
    /// fresh one starting at `position`.
    private static func link(_ position: Int, to chain: inout Chain, next: inout [Int]) -> Bool {
        guard chain.last != position else { return true }
        next[chain.last] = position
        chain.last = position
        return false
    }

    /// The type merged from the chain of declarations starting at `first`.
    private static func mergedChain(from first: Int, next: [Int], of declarations: [SourceTypeDeclaration]) -> SourceType {
        guard next[first] >= 0 else { return merged(CollectionOfOne(first), of: declarations) }
        var group = [first]
        var member = first
        while next[member] >= 0 {
            member = next[member]
            group.append(member)
        }
        return merged(group, of: declarations)
    }

    /// Class, struct, enum, protocol, actor or `@interface`: the declaration that defines the type.
    private static func isPrimary(_ kind: SourceTypeDeclaration.Kind) -> Bool {
        switch kind {
        case .class, .struct, .enum, .protocol, .actor, .interface: true
        case .extension, .classExtension, .category, .implementation: false
        }
    }

    private static func isClassKind(_ kind: SourceTypeDeclaration.Kind) -> Bool {
        switch kind {
        case .class, .interface, .implementation: true
        case .struct, .enum, .protocol, .actor, .extension, .classExtension, .category: false
        }
    }

    /// One type from the declarations at `group` (file order), read in place.
    private static func merged<Group: Collection<Int>>(_ group: Group, of declarations: [SourceTypeDeclaration]) -> SourceType {
        let primary = group.first { isPrimary(declarations[$0].kind) } ?? group.first { declarations[$0].kind == .implementation }
        let anchor = primary ?? group[group.startIndex]
        let single = group.count == 1 ? anchor : nil
        // Sorted and unique: a single declaration's list that already is (`Codable, Hashable`)
        // is kept as it is rather than rebuilt through a set.
        let conformances = single.map { isStrictlyIncreasing(declarations[$0].conformances) } == true
            ? declarations[anchor].conformances
            : Array(Set(group.flatMap { declarations[$0].conformances })).sorted()
        var superclass: String?
        var runtimeName: String?
        var isDesignable = false
        for position in group {
            if superclass == nil { superclass = declarations[position].superclass }
            if runtimeName == nil { runtimeName = declarations[position].runtimeName }
            isDesignable = isDesignable || declarations[position].isDesignable
        }
        var type = SourceType(
            name: declarations[anchor].name, language: declarations[anchor].language,
            isClass: primary.map { isClassKind(declarations[$0].kind) } ?? (declarations[anchor].language == .objc),
            isProtocol: primary.map { declarations[$0].kind == .protocol } ?? false, location: declarations[anchor].location,
            superclass: superclass, conformances: conformances, runtimeName: runtimeName,
            genericParameters: declarations[anchor].genericParameters, isDesignable: isDesignable,
            declarations: group.map { declarations[$0].location }, outlets: [], actions: [], properties: [], methods: [])
        type.hasPrimaryDeclaration = primary != nil
        if group.count > 1 {
            let superclasses = Set(group.compactMap { isPrimary(declarations[$0].kind) ? declarations[$0].superclass : nil })
            type.hasConflictingSuperclasses = superclasses.count > 1
        }
        // Each list is merged on its own; a single declaration without repeated members
        // gives its lists as they are (shared, not copied element by element).
        if let single, !hasRepeats(declarations[single].outlets, { $0.name == $1.name }) {
            type.outlets = declarations[single].outlets
        } else {
            type.outlets.reserveCapacity(group.reduce(0) { $0 + declarations[$1].outlets.count })
            for position in group {
                for outlet in declarations[position].outlets where !type.outlets.contains(where: { $0.name == outlet.name }) {
                    type.outlets.append(outlet)
                }
            }
        }
        if let single, !hasRepeats(declarations[single].actions, { $0.selector == $1.selector }) {
            type.actions = declarations[single].actions
        } else {
            type.actions.reserveCapacity(group.reduce(0) { $0 + declarations[$1].actions.count })
            for position in group {
                for action in declarations[position].actions where !type.actions.contains(where: { $0.selector == action.selector }) {
                    type.actions.append(action)
                }
            }
        }
        if let single, !hasRepeats(declarations[single].properties, { $0.name == $1.name }) {
            type.properties = declarations[single].properties
        } else {
            type.properties.reserveCapacity(group.reduce(0) { $0 + declarations[$1].properties.count })
            for position in group {
                for property in declarations[position].properties {
                    if let existing = type.properties.firstIndex(where: { $0.name == property.name }) {
                        type.properties[existing].isSettable = type.properties[existing].isSettable || property.isSettable
                    } else {
                        type.properties.append(property)
                    }
                }
            }
        }
        if let single, !hasRepeats(declarations[single].methods, { $0.selector == $1.selector && $0.isTypeMethod == $1.isTypeMethod }) {
            type.methods = declarations[single].methods
        } else {
            type.methods.reserveCapacity(group.reduce(0) { $0 + declarations[$1].methods.count })
            for position in group {
                for method in declarations[position].methods {
                    if let existing = type.methods.firstIndex(where: { $0.selector == method.selector && $0.isTypeMethod == method.isTypeMethod }) {
                        if method.hasBody && !type.methods[existing].hasBody { type.methods[existing] = method }
                    } else {
                        type.methods.append(method)
                    }
                }
            }
        }
        return type
    }

    /// Is every name ordered before the next (so the list is sorted and unique)?
    private static func isStrictlyIncreasing(_ names: [String]) -> Bool {
        names.indices.dropFirst().allSatisfy { names[$0 - 1] < names[$0] }
    }

    /// Does some element of `list` match an earlier one?
    private static func hasRepeats<Element>(_ list: [Element], _ same: (Element, Element) -> Bool) -> Bool {
        for later in list.indices.dropFirst() where list[..<later].contains(where: { same($0, list[later]) }) { return true }
        return false
    }
}
