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

    /// `name` itself followed by its superclass chain.
    public func lineage(of name: String) -> [String] {
        if let known = hierarchy.lineages[name] { return known }
        var chain = [name]
        var seen: Set<String> = [name]
        var current = name
        while let next = directSuperclass(of: current), seen.insert(next).inserted {
            if let known = hierarchy.lineages[next] { return chain + known }
            chain.append(next)
            current = next
        }
        return chain
    }

    /// The project classes below `name`, at any depth (runtime and source names).
    public func descendants(of name: String) -> [String] {
        hierarchy.descendants(of: name)
    }

    /// Whether `name` is `ancestor` or descends from it.
    public func isKind(_ name: String, of ancestor: String) -> Bool {
        lineage(of: name).contains(ancestor)
    }

    /// The family of a class: cells before views (a cell is a view), controllers.
    public func family(of name: String) -> ClassFamily {
        let lineage = Set(lineage(of: name))
        if !lineage.isDisjoint(with: ["UITableViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView", "NSTableCellView", "NSCollectionViewItem"]) {
            return .cell
        }
        if !lineage.isDisjoint(with: ["UIViewController", "NSViewController", "NSWindowController"]) { return .viewController }
        if !lineage.isDisjoint(with: ["UIView", "NSView"]) { return .view }
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
