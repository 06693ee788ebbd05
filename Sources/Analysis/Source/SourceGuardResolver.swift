/// Completes `awakeAfter` guards that depend on other classes: a `_NIB_`-style subclass
/// whose `awakeAfter` returns `self` (`private-subclass`), or a subclass that loads its
/// superclass's nib (`placeholder-subclass`).
enum SourceGuardResolver {
    static func resolve(_ index: inout SourceIndex) {
        let types = index.types
        for position in index.declarations.indices {
            let declaration = index.declarations[position]
            for methodPosition in declaration.methods.indices {
                guard var summary = declaration.methods[methodPosition].awakeAfter, summary.returnsNibLoadedObject else { continue }
                let method = declaration.methods[methodPosition]
                if let superclass = types[declaration.name]?.superclass,
                   loadsSuperclassNib(type: declaration.name, method: method.name, superclass: superclass, index: index) {
                    summary.guardKind = .placeholderSubclass(superclass)
                } else if case .none = summary.guardKind,
                          let subclass = selfReturningSubclass(of: declaration.name, types: types) {
                    summary.guardKind = .privateSubclass(subclass)
                }
                index.declarations[position].methods[methodPosition].awakeAfter = summary
            }
        }
    }

    /// Do the loads in `type`'s `method` name the superclass's nib?
    private static func loadsSuperclassNib(type: String, method: String, superclass: String, index: SourceIndex) -> Bool {
        let loads = index.nibLoads.filter { $0.context.typeName == type && $0.context.methodName == method }
        guard !loads.isEmpty else { return false }
        let superName = String(superclass.split(separator: ".").last ?? Substring(superclass))
        return loads.allSatisfy { load in
            load.nibName.resolution == .superclass || load.receiverType == superclass
                || (load.nibName.candidates == [superName] && load.nibName.candidates != [type])
        }
    }

    /// A direct subclass whose own `awakeAfter` only returns `self`.
    private static func selfReturningSubclass(of type: String, types: [String: SourceType]) -> String? {
        types.values.filter { $0.superclass == type }.sorted { $0.name < $1.name }.first { subclass in
            subclass.methods.contains { method in
                method.awakeAfter.map { $0.returnsSelf && !$0.returnsNibLoadedObject } ?? false
            }
        }?.name
    }
}
