/// Superclass links of every class the project declares or Interface Builder names, kept
/// as one parent pointer per class, so that rules can ask "is X a kind of Y" in constant
/// time and "which classes descend from Z" in time proportional to the answer, with memory
/// linear in the number of classes however deep the chains or wherever they loop (a
/// hostile upload may declare a chain of thousands of classes, or a cycle).
///
/// A chain (``lineage(of:)``: a name, then its superclasses, nearest first) ends at a root
/// or, in a cycle (`A: B`, `B: A`), just before the name it would repeat.
///
/// Chains are at most ``maxLineageLength`` names long. Rules walk a class's chain to
/// gather what it inherits; with chains bounded, those walks stay linear in the number of
/// classes. A longer chain (no real project has one: UIKit's deepest is seven) is cut
/// where it exceeds the bound, counted from its root: the class there is treated as having
/// a superclass from outside the project, and ``cutLinks`` names it for the report's notes.
struct ClassHierarchy: Sendable {
    /// Longest chain kept, in names (the class itself included).
    static let maxLineageLength = 128

    /// Name → node.
    private var nodes: [String: Int32] = [:]
    private var names: [String] = []
    /// Node → its direct superclass's node, or -1 at a root.
    private var parents: [Int32] = []
    /// Whether the node was asked for (declared or named by IB), not only met on the way up
    /// (`UIView`, `UIResponder`…): only those are listed as subclasses.
    private var isAsked: [Bool] = []
    /// Preorder numbers of a walk down the forest of subclasses in which each cycle is one
    /// root: a node's descendants (itself included) are the nodes numbered in
    /// `order[node] ..< end[node]`; the members of one cycle share their interval.
    private var order: [Int32] = []
    private var end: [Int32] = []
    /// Node → whether it lies on a cycle.
    private var onCycle: [Bool] = []
    /// Node → the last node of its chain: its root, or the cycle member just before the
    /// one the chain enters the cycle at.
    private var tops: [Int32] = []
    /// Name → the asked names whose direct superclass it is, sorted.
    private(set) var subclasses: [String: [String]] = [:]
    /// The classes whose link to their superclass was cut to bound the chains, and that
    /// superclass, by name.
    var cutLinks: [(name: String, superclass: String)] {
        cuts.sorted { names[Int($0.node)] < names[Int($1.node)] }.map { (names[Int($0.node)], names[Int($0.superclass)]) }
    }
    private var cuts: [(node: Int32, superclass: Int32)] = []

    /// `superclass` answers one step (project declaration first, then the platform table).
    init(names: some Sequence<String>, superclass: (String) -> String?) {
        addLineages(of: names, superclass: superclass)
        indexSubclasses()
    }

    /// Links only, for names added in several steps (declared classes while Interface
    /// Builder files are still parsed, then the names they use); ``indexSubclasses()`` ends.
    init(lineagesOf names: some Sequence<String>, superclass: (String) -> String?) {
        addLineages(of: names, superclass: superclass)
    }

    /// Adds `names` and every superclass above them. Each name's superclass is asked once,
    /// whatever the order names come in and however often.
    mutating func addLineages(of names: some Sequence<String>, superclass: (String) -> String?) {
        for name in names {
            if let known = nodes[name] {
                isAsked[Int(known)] = true
                continue
            }
            var child = addNode(name, asked: true)
            var current = name
            while let next = superclass(current) {
                if let known = nodes[next] {
                    parents[Int(child)] = known
                    break
                }
                let node = addNode(next, asked: false)
                parents[Int(child)] = node
                child = node
                current = next
            }
        }
    }

    private mutating func addNode(_ name: String, asked: Bool) -> Int32 {
        let node = Int32(names.count)
        nodes[name] = node
        names.append(name)
        parents.append(-1)
        isAsked.append(asked)
        return node
    }

    /// Finds the cycles, numbers the forest and derives ``subclasses``: linear in the
    /// number of classes (plus sorting each class's subclass list).
    mutating func indexSubclasses() {
        let count = names.count
        markCycles(count: count)
        cutLongChains(count: count)
        // Children of each node, in node order (compressed rows).
        var childStart = [Int32](repeating: 0, count: count + 1)
        for node in 0..<count where parents[node] >= 0 && !onCycle[node] { childStart[Int(parents[node]) + 1] += 1 }
        for node in 0..<count { childStart[node + 1] += childStart[node] }
        var fill = childStart
        var children = [Int32](repeating: 0, count: max(Int(childStart[count]), 0))
        for node in 0..<count where parents[node] >= 0 && !onCycle[node] {
            let parent = Int(parents[node])
            children[Int(fill[parent])] = Int32(node)
            fill[parent] += 1
        }
        order = [Int32](repeating: -1, count: count)
        end = [Int32](repeating: -1, count: count)
        tops = [Int32](repeating: -1, count: count)
        var next: Int32 = 0
        // A root is a node without a superclass, or a whole cycle (numbered from any member).
        var stack: [(node: Int32, child: Int32)] = []
        for start in 0..<count where order[start] < 0 && (parents[start] < 0 || onCycle[start]) {
            var members: [Int32] = [Int32(start)]
            if onCycle[start] {
                var member = parents[start]
                while member != Int32(start) { members.append(member); member = parents[Int(member)] }
            }
            let rootOrder = next
            next += 1
            for member in members { order[Int(member)] = rootOrder }
            for (position, member) in members.enumerated() {
                // A chain entering the cycle at `member` ends at the member before it.
                let top = members[position == 0 ? members.count - 1 : position - 1]
                tops[Int(member)] = top
                stack.append((member, childStart[Int(member)]))
                while let frame = stack.last {
                    if frame.child < childStart[Int(frame.node) + 1] {
                        stack[stack.count - 1].child += 1
                        let child = children[Int(frame.child)]
                        order[Int(child)] = next
                        tops[Int(child)] = top
                        next += 1
                        stack.append((child, childStart[Int(child)]))
                    } else {
                        stack.removeLast()
                        if !onCycle[Int(frame.node)] { end[Int(frame.node)] = next }
                    }
                }
            }
            for member in members { end[Int(member)] = next }
        }
        var lists: [String: [String]] = [:]
        for node in 0..<count where isAsked[node] && parents[node] >= 0 && parents[node] != Int32(node) {
            lists[names[Int(parents[node])], default: []].append(names[node])
        }
        subclasses = lists.mapValues { $0.sorted() }
    }

    /// Marks the nodes on cycles: each node has one parent, so every walk up ends at a root
    /// or runs into a cycle; each node is visited once over all walks.
    private mutating func markCycles(count: Int) {
        onCycle = [Bool](repeating: false, count: count)
        // 0: not visited, 1: on the current walk, 2: done.
        var state = [UInt8](repeating: 0, count: count)
        var walk: [Int32] = []
        for start in 0..<count where state[start] == 0 {
            var node = Int32(start)
            while node >= 0 && state[Int(node)] == 0 {
                state[Int(node)] = 1
                walk.append(node)
                node = parents[Int(node)]
            }
            if node >= 0 && state[Int(node)] == 1 {
                // The walk closed on itself: from `node` on, it is a cycle.
                var member = node
                repeat {
                    onCycle[Int(member)] = true
                    member = parents[Int(member)]
                } while member != node
            }
            for visited in walk { state[Int(visited)] = 2 }
            walk.removeAll(keepingCapacity: true)
        }
    }

    /// Cuts links so that no chain is longer than ``maxLineageLength``: first a cycle that
    /// long (at its member with the smallest name, so that the cut does not depend on the
    /// order names were added in), then, counting from each root down, every link whose
    /// class would stand deeper than the bound.
    private mutating func cutLongChains(count: Int) {
        let limit = Self.maxLineageLength
        var length = [Int32](repeating: 0, count: count)
        func cut(_ node: Int) {
            cuts.append((Int32(node), parents[node]))
            parents[node] = -1
        }
        for start in 0..<count where onCycle[start] && length[start] == 0 {
            var members: [Int] = [start]
            var member = Int(parents[start])
            while member != start { members.append(member); member = Int(parents[member]) }
            if members.count > limit, let smallest = members.min(by: { names[$0] < names[$1] }) {
                for member in members { onCycle[member] = false }
                cut(smallest)
            } else {
                for member in members { length[member] = Int32(members.count) }
            }
        }
        var pending: [Int] = []
        for start in 0..<count where length[start] == 0 {
            var node = start
            while node >= 0 && length[node] == 0 {
                pending.append(node)
                node = Int(parents[node])
            }
            var above = node >= 0 ? length[node] : 0
            while let next = pending.popLast() {
                if above >= Int32(limit) {
                    cut(next)
                    above = 0
                }
                above += 1
                length[next] = above
            }
        }
    }

    /// Whether `name` is a class the hierarchy knows (asked for or met on the way up).
    func contains(_ name: String) -> Bool {
        nodes[name] != nil
    }

    /// Whether `name` was asked for (declared or named by Interface Builder).
    func isAsked(_ name: String) -> Bool {
        nodes[name].map { isAsked[Int($0)] } ?? false
    }

    /// `name`, then its superclasses, nearest first; `nil` when the hierarchy does not know
    /// it. Costs the length of the chain: ask ``isKind(_:of:)`` or ``forEachInLineage(of:_:)``
    /// when the whole list is not needed.
    func lineage(of name: String) -> [String]? {
        guard nodes[name] != nil else { return nil }
        var chain: [String] = []
        forEachInLineage(of: name) { chain.append($0); return true }
        return chain
    }

    /// Calls `body` with `name` and each superclass, nearest first, until it returns false;
    /// returns false when `body` stopped the walk or the hierarchy does not know `name`.
    @discardableResult
    func forEachInLineage(of name: String, _ body: (String) -> Bool) -> Bool {
        guard var node = nodes[name] else { return false }
        // The first cycle member reached: the chain ends before it comes round again.
        var entry: Int32 = -1
        while node >= 0, node != entry {
            guard body(names[Int(node)]) else { return false }
            if entry < 0 && onCycle[Int(node)] { entry = node }
            node = parents[Int(node)]
        }
        return true
    }

    /// Whether `ancestor` is in the lineage of `name`; `nil` when the hierarchy does not know
    /// `name`. Constant time.
    func isKind(_ name: String, of ancestor: String) -> Bool? {
        guard let node = nodes[name] else { return nil }
        guard let above = nodes[ancestor] else { return false }
        return contains(Int(above), descendant: Int(node))
    }

    /// ``isKind(_:of:)`` for several ancestors, the name looked up once.
    func isKind(_ name: String, ofAnyOf ancestors: [String]) -> Bool? {
        guard let node = nodes[name] else { return nil }
        return ancestors.contains { ancestor in nodes[ancestor].map { contains(Int($0), descendant: Int(node)) } ?? false }
    }

    private func contains(_ ancestor: Int, descendant: Int) -> Bool {
        order[ancestor] <= order[descendant] && order[descendant] < end[ancestor]
    }

    /// The last name of the lineage of `name` (its root, or where its cycle closes).
    func top(of name: String) -> String? {
        nodes[name].map { names[Int(tops[Int($0)])] }
    }

    /// The subtree of `name` as a range of preorder numbers (empty for unknown names), and
    /// the preorder number of a name: for ``ConnectionUsage``, which asks whether any of
    /// many classes descends from one.
    func descendantRange(of name: String) -> Range<Int32> {
        guard let node = nodes[name] else { return 0..<0 }
        return order[Int(node)]..<end[Int(node)]
    }

    func preorderNumber(of name: String) -> Int32? {
        nodes[name].map { order[Int($0)] }
    }

    /// For every class, whether `predicate` holds for each name of its lineage: one pass
    /// over the classes (each name asked once), not one walk per class.
    func everyInLineage(_ predicate: (String) -> Bool) -> LineageFact {
        // 0: not known yet, 1: false, 2: true.
        var values = [UInt8](repeating: 0, count: names.count)
        for start in names.indices where onCycle[start] && values[start] == 0 {
            var holds = true
            var member = Int32(start)
            repeat {
                holds = holds && predicate(names[Int(member)])
                member = parents[Int(member)]
            } while member != Int32(start)
            repeat {
                values[Int(member)] = holds ? 2 : 1
                member = parents[Int(member)]
            } while member != Int32(start)
        }
        var pending: [Int32] = []
        for start in names.indices where values[start] == 0 {
            var node = Int32(start)
            while node >= 0 && values[Int(node)] == 0 {
                pending.append(node)
                node = parents[Int(node)]
            }
            var holds = node < 0 || values[Int(node)] == 2
            while let next = pending.popLast() {
                holds = holds && predicate(names[Int(next)])
                values[Int(next)] = holds ? 2 : 1
            }
        }
        return LineageFact(values: values)
    }

    /// A yes or no for every class of one hierarchy (see ``everyInLineage(_:)``).
    struct LineageFact: Sendable {
        fileprivate let values: [UInt8]
    }

    /// The fact for `name`; `nil` when the hierarchy does not know it.
    func value(of fact: LineageFact, for name: String) -> Bool? {
        nodes[name].map { fact.values[Int($0)] == 2 }
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
