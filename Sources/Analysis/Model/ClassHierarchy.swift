/// Superclass chains and subclass lists of every class the project declares or Interface
/// Builder names, computed once per model so that rules can ask "is X a kind of Y" and
/// "which classes descend from Z" in constant time.
struct ClassHierarchy: Sendable {
    /// Name → the name itself followed by its superclasses, nearest first.
    private(set) var lineages: [String: [String]] = [:]
    /// Name → the names whose direct superclass it is, sorted.
    private(set) var subclasses: [String: [String]] = [:]
    /// Chains of names met on the way up but not asked for (`UIView`, `UIResponder`…), so
    /// that thousands of walks do not climb the same platform classes again. Kept apart
    /// from `lineages`, whose names are exactly the ones asked for.
    private var chainsAbove: [String: [String]] = [:]

    /// `superclass` answers one step (project declaration first, then the platform table).
    init(names: some Sequence<String>, superclass: (String) -> String?) {
        addLineages(of: names, superclass: superclass)
        indexSubclasses()
    }

    /// Chains only, for names added in several steps (declared classes while Interface
    /// Builder files are still parsed, then the names they use); ``indexSubclasses()`` ends.
    init(lineagesOf names: some Sequence<String>, superclass: (String) -> String?) {
        addLineages(of: names, superclass: superclass)
    }

    /// Computes the chains of `names`. A name may come more than once, and the order does
    /// not matter: a memoised chain is reused only when it is exactly what walking on
    /// would produce.
    mutating func addLineages(of names: some Sequence<String>, superclass: (String) -> String?) {
        lineages.reserveCapacity(lineages.count + names.underestimatedCount)
        for name in names {
            _ = lineage(of: name, superclass: superclass)
        }
    }

    /// Derives ``subclasses`` from the chains computed so far.
    mutating func indexSubclasses() {
        var children: [String: Set<String>] = [:]
        for (name, lineage) in lineages where lineage.count > 1 {
            children[lineage[1], default: []].insert(name)
        }
        subclasses = children.mapValues { $0.sorted() }
    }

    /// Memoised chain; a cycle (`A: B`, `B: A`) ends the chain where it closes.
    /// Chains are a handful of names: the walk looks names up in the chain itself, and
    /// keeps a set beside it only for an unusually long one.
    private mutating func lineage(of name: String, superclass: (String) -> String?) -> [String] {
        if let known = lineages[name] { return known }
        if let known = chainsAbove[name] {
            lineages[name] = known
            return known
        }
        var chain = [name]
        var longChainNames: Set<String>?
        func isInChain(_ candidate: String) -> Bool {
            longChainNames?.contains(candidate) ?? chain.contains(candidate)
        }
        var current = name
        while let next = superclass(current), !isInChain(next) {
            // `known` starts with `next`; walking on would stop early only at a name already seen.
            if let known = lineages[next] ?? chainsAbove[next], !known.dropFirst().contains(where: isInChain) {
                chain += known
                break
            }
            chain.append(next)
            if longChainNames != nil {
                longChainNames?.insert(next)
            } else if chain.count > 16 {
                longChainNames = Set(chain)
            }
            current = next
        }
        lineages[name] = chain
        // A chain that ends at a root (not at a cycle, which a later start sees differently)
        // is, from each name in it, exactly that name's own chain.
        if let last = chain.last, superclass(last) == nil {
            var position = chain.index(after: chain.startIndex)
            while position < chain.endIndex, lineages[chain[position]] == nil, chainsAbove[chain[position]] == nil {
                chainsAbove[chain[position]] = Array(chain[position...])
                position = chain.index(after: position)
            }
        }
        return chain
    }

    /// Every class below `name`, at any depth.
    func descendants(of name: String) -> [String] {
        var result: [String] = []
        var queue = subclasses[name] ?? []
        var seen: Set<String> = [name]
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            queue += subclasses[next] ?? []
        }
        return result.sorted()
    }
}
