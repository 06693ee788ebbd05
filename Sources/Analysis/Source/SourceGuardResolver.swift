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
        // Summaries to complete, as (declaration, method) positions; the declarations are
        // read in place, never copied. Reading a flag through `awakeAfter?` copies the whole
        // optional summary first (145 bytes, for every method of the project): only methods
        // with the `awakeAfter` lifecycle, the only ones that carry a summary, are read so.
        var pending: [(declaration: Int, method: Int)] = []
        for position in index.declarations.indices {
            for methodPosition in index.declarations[position].methods.indices
            where index.declarations[position].methods[methodPosition].lifecycle == .awakeAfter
                && index.declarations[position].methods[methodPosition].awakeAfter?.returnsNibLoadedObject == true {
                pending.append((position, methodPosition))
            }
        }
        guard !pending.isEmpty else { return }
        // Only loads made in a pending method's name are keyed (most loads are elsewhere).
        var methodNames: [String] = []
        for (position, methodPosition) in pending where !methodNames.contains(index.declarations[position].methods[methodPosition].name) {
            methodNames.append(index.declarations[position].methods[methodPosition].name)
        }
        var loads: [MethodKey: [Int]] = [:]
        for position in index.nibLoads.indices {
            let context = index.nibLoads[position].context
            guard let methodName = context.methodName, methodNames.contains(methodName) else { continue }
            loads[MethodKey(type: context.typeName, method: methodName), default: []].append(position)
        }
        // Subclasses matter only to summaries without a guard of their own.
        var subclasses: [String: [String]] = [:]
        if pending.contains(where: { index.declarations[$0.declaration].methods[$0.method].awakeAfter?.guardKind == AwakeAfterSummary.Guard.none }) {
            for (name, type) in index.types { if let superclass = type.superclass { subclasses[superclass, default: []].append(name) } }
        }
        for (position, methodPosition) in pending {
            let name = index.declarations[position].name
            let method = index.declarations[position].methods[methodPosition]
            guard var summary = method.awakeAfter else { continue }
            let methodLoads = (loads[MethodKey(type: name, method: method.name)] ?? []).map { index.nibLoads[$0] }
            if let superclass = index.types[name]?.superclass, loadsSuperclassNib(methodLoads, type: name, superclass: superclass) {
                summary.guardKind = .placeholderSubclass(superclass)
            } else if case .none = summary.guardKind,
                      let subclass = selfReturningSubclass(among: subclasses[name] ?? [], types: index.types) {
                summary.guardKind = .privateSubclass(subclass)
            }
            // Unchanged summaries are not written back, so shared method lists stay shared.
            if summary != method.awakeAfter { index.declarations[position].methods[methodPosition].awakeAfter = summary }
            if let merged = index.types[name]?.methods.firstIndex(where: { $0.location == method.location }),
               index.types[name]?.methods[merged].awakeAfter != summary {
                index.types[name]?.methods[merged].awakeAfter = summary
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
    private static func selfReturningSubclass(among subclasses: [String], types: [String: SourceType]) -> String? {
        let found = subclasses.sorted().first { name in
            types[name]?.methods.contains { method in
                method.awakeAfter.map { $0.returnsSelf && !$0.returnsNibLoadedObject } ?? false
            } ?? false
        }
        return found.map { types[$0]?.name ?? $0 }
    }
}
