/// Superclass chains across project and platform classes, and the family a class belongs to.
extension ProjectModel {
    /// The broad families the analysis cares about.
    public enum ClassFamily: String, Sendable {
        case view, viewController, cell, other
    }

    /// The superclasses of the class named `name` (runtime or source name), nearest
    /// first, through project declarations and then the platform table. Stops on cycles.
    public func superclassChain(of name: String) -> [String] {
        Array(lineage(of: name).dropFirst())
    }

    /// `name` itself followed by its superclass chain. Costs the chain's length: prefer
    /// ``isKind(_:of:)``, ``family(of:)-(String)`` or ``forEachInLineage(of:_:)``.
    public func lineage(of name: String) -> [String] {
        if let known = hierarchy.lineage(of: name) { return known }
        var chain: [String] = []
        forEachInLineage(of: name) { chain.append($0); return true }
        return chain
    }

    /// Calls `body` with `name` and each superclass, nearest first, until it returns false.
    /// A name the hierarchy does not know is walked up until a name it knows.
    func forEachInLineage(of name: String, _ body: (String) -> Bool) {
        if hierarchy.contains(name) {
            hierarchy.forEachInLineage(of: name, body)
            return
        }
        guard body(name) else { return }
        var seen: Set<String> = [name]
        var current = name
        while let next = directSuperclass(of: current), seen.insert(next).inserted {
            if hierarchy.contains(next) {
                hierarchy.forEachInLineage(of: next, body)
                return
            }
            guard body(next) else { return }
            current = next
        }
    }

    /// The last name of the lineage of `name`: its root, or where its cycle closes.
    public func lineageTop(of name: String) -> String {
        if let top = hierarchy.top(of: name) { return top }
        var last = name
        forEachInLineage(of: name) { last = $0; return true }
        return last
    }

    /// What the report says about chains cut to ``ClassHierarchy/maxLineageLength``, if any.
    public var hierarchyNote: String? {
        let cuts = hierarchy.cutLinks
        guard let first = cuts.first else { return nil }
        let others = cuts.count > 1 ? " (and \(cuts.count - 1) more)" : ""
        return "Superclass chains longer than \(ClassHierarchy.maxLineageLength) classes (a cycle or a generated chain) were cut: "
            + "the link from \(first.name) to its superclass \(first.superclass)\(others) is not followed, as if the superclass came from outside the project."
    }

    /// The project classes below `name`, at any depth (runtime and source names).
    public func descendants(of name: String) -> [String] {
        hierarchy.descendants(of: name)
    }

    /// Whether `name` is `ancestor` or descends from it. Constant time for the classes of
    /// the model.
    public func isKind(_ name: String, of ancestor: String) -> Bool {
        if let known = hierarchy.isKind(name, of: ancestor) { return known }
        var found = false
        forEachInLineage(of: name) { found = $0 == ancestor; return !found }
        return found
    }

    /// Whether `name` is a kind of any of `ancestors`.
    public func isKind(_ name: String, ofAnyOf ancestors: [String]) -> Bool {
        if let known = hierarchy.isKind(name, ofAnyOf: ancestors) { return known }
        return ancestors.contains { isKind(name, of: $0) }
    }

    /// The family of a class: cells before views (a cell is a view), controllers.
    public func family(of name: String) -> ClassFamily {
        if isKind(name, ofAnyOf: ["UITableViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView", "NSTableCellView", "NSCollectionViewItem"]) {
            return .cell
        }
        if isKind(name, ofAnyOf: ["UIViewController", "NSViewController", "NSWindowController"]) { return .viewController }
        if isKind(name, ofAnyOf: ["UIView", "NSView"]) { return .view }
        return .other
    }

    /// The project type declaring `name` (by runtime name, source name or typealias).
    public func declaration(of name: String) -> SourceType? {
        declaredType(runtimeName: name) ?? sourceType(named: name).flatMap { $0.isClass ? $0 : nil }
    }

    private func directSuperclass(of name: String) -> String? {
        Self.directSuperclass(of: name, declaration: { declaration(of: $0).map(SuperclassFacts.init) }, typealiases: sources.typealiases)
    }

    /// The two facts of a declaration that one step up a chain needs.
    struct SuperclassFacts {
        var hasPrimaryDeclaration: Bool
        var superclass: String?
    }

    /// One step up: the project declaration's superclass (through typealiases), else the
    /// platform table's.
    static func directSuperclass(of name: String, declaration: (String) -> SuperclassFacts?, typealiases: [String: String]) -> String? {
        if let type = declaration(name), type.hasPrimaryDeclaration || type.superclass != nil {
            return type.superclass.map { typealiases[$0] ?? $0 }
        }
        return PlatformClasses.superclass[unqualified(name)]
    }

    /// `UIKit.UIView` → `UIView`. Asked for every step of every chain: most names have no
    /// dot and are returned without splitting.
    static func unqualified(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
        return name.split(separator: ".").last.map(String.init) ?? name
    }
}

extension ProjectModel.SuperclassFacts {
    init(_ type: SourceType) {
        self.init(hasPrimaryDeclaration: type.hasPrimaryDeclaration, superclass: type.superclass)
    }
}
