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
        type.outlets = mergedList(group, { declarations[$0].outlets }, key: { $0.name }) { _, _ in }
        type.actions = mergedList(group, { declarations[$0].actions }, key: { $0.selector }) { _, _ in }
        type.properties = mergedList(group, { declarations[$0].properties }, key: { $0.name }) { kept, repeated in
            kept.isSettable = kept.isSettable || repeated.isSettable
        }
        type.methods = mergedList(group, { declarations[$0].methods }, key: MethodKey.init) { kept, repeated in
            if repeated.hasBody && !kept.hasBody { kept = repeated }
        }
        return type
    }

    /// Is every name ordered before the next (so the list is sorted and unique)?
    private static func isStrictlyIncreasing(_ names: [String]) -> Bool {
        names.indices.dropFirst().allSatisfy { names[$0 - 1] < names[$0] }
    }

    /// A method is repeated when its selector and its kind (type or instance) are.
    private struct MethodKey: Hashable {
        var selector: String
        var isTypeMethod: Bool

        init(_ method: SourceMethod) {
            selector = method.selector
            isTypeMethod = method.isTypeMethod
        }
    }

    /// The elements of the group's lists in file order, one per key: the first kept, each
    /// repeat handed to `combine` with it. A single declaration without repeats gives its
    /// list as it is. Short lists are searched; longer ones go through a dictionary of
    /// positions (a type with hundreds of members over several extensions made the search
    /// quadratic).
    @inline(__always)
    private static func mergedList<Group: Collection<Int>, Element, Key: Hashable>(
        _ group: Group, _ list: (Int) -> [Element], key: (Element) -> Key, combine: (inout Element, Element) -> Void
    ) -> [Element] {
        let total = group.reduce(0) { $0 + list($1).count }
        if group.count == 1, total <= shortList {
            let only = list(group[group.startIndex])
            if !only.indices.dropFirst().contains(where: { later in only[..<later].contains { key($0) == key(only[later]) } }) {
                return only
            }
        }
        var merged: [Element] = []
        merged.reserveCapacity(total)
        let hashed = total > shortList
        var positions: [Key: Int] = [:]
        if hashed { positions.reserveCapacity(total) }
        for position in group {
            for element in list(position) {
                let elementKey = key(element)
                let existing = hashed ? positions[elementKey] : merged.firstIndex { key($0) == elementKey }
                if let existing {
                    combine(&merged[existing], element)
                } else {
                    if hashed { positions[elementKey] = merged.count }
                    merged.append(element)
                }
            }
        }
        if group.count == 1, merged.count == total { return list(group[group.startIndex]) }
        return merged
    }

    /// Up to this many members a list is searched rather than hashed.
    private static let shortList = 16
}
