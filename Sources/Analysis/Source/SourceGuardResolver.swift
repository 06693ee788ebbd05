/// Completes `awakeAfter` guards that depend on other classes: a `_NIB_`-style subclass
/// whose `awakeAfter` returns `self` (`private-subclass`), or a subclass that loads its
/// superclass's nib (`placeholder-subclass`).
enum SourceGuardResolver {
    /// Keys loads by enclosing type and method.
    private struct MethodKey: Hashable {
        var type: String?
        var method: String?
    }

    static func resolve(_ index: inout SourceIndex) {
        let types = index.types
        var loads: [MethodKey: [NibLoadSite]] = [:]
        for load in index.nibLoads { loads[MethodKey(type: load.context.typeName, method: load.context.methodName), default: []].append(load) }
        var subclasses: [String: [SourceType]] = [:]
        for type in types.values { if let superclass = type.superclass { subclasses[superclass, default: []].append(type) } }
        for position in index.declarations.indices {
            let declaration = index.declarations[position]
            for methodPosition in declaration.methods.indices {
                guard var summary = declaration.methods[methodPosition].awakeAfter, summary.returnsNibLoadedObject else { continue }
                let method = declaration.methods[methodPosition]
                let methodLoads = loads[MethodKey(type: declaration.name, method: method.name)] ?? []
                if let superclass = types[declaration.name]?.superclass,
                   loadsSuperclassNib(methodLoads, type: declaration.name, superclass: superclass) {
                    summary.guardKind = .placeholderSubclass(superclass)
                } else if case .none = summary.guardKind,
                          let subclass = selfReturningSubclass(among: subclasses[declaration.name] ?? []) {
                    summary.guardKind = .privateSubclass(subclass)
                }
                index.declarations[position].methods[methodPosition].awakeAfter = summary
                if let merged = index.types[declaration.name]?.methods.firstIndex(where: { $0.location == method.location }) {
                    index.types[declaration.name]?.methods[merged].awakeAfter = summary
                }
            }
        }
    }

    /// Do all the loads of the method name the superclass's nib?
    private static func loadsSuperclassNib(_ loads: [NibLoadSite], type: String, superclass: String) -> Bool {
        guard !loads.isEmpty else { return false }
        let superName = String(superclass.split(separator: ".").last ?? Substring(superclass))
        return loads.allSatisfy { load in
            load.nibName.resolution == .superclass || load.receiverType == superclass
                || (load.nibName.candidates == [superName] && load.nibName.candidates != [type])
        }
    }

    /// The first (by name) direct subclass whose own `awakeAfter` only returns `self`.
    private static func selfReturningSubclass(among subclasses: [SourceType]) -> String? {
        subclasses.sorted { $0.name < $1.name }.first { subclass in
            subclass.methods.contains { method in
                method.awakeAfter.map { $0.returnsSelf && !$0.returnsNibLoadedObject } ?? false
            }
        }?.name
    }
}
