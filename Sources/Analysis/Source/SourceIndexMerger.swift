/// Merges per-file results into one ``SourceIndex`` deterministically (by path, then
/// location) and resolves what needs the whole project: typealiases behind extensions,
/// superclass-or-protocol, `Self` in protocol extensions, nib-name candidates and the
/// `awakeAfter` guards that depend on other classes.
enum SourceIndexMerger {
    static func merge(_ files: [SourceFileIndex]) -> SourceIndex {
        let sorted = files.sorted { $0.path < $1.path }
        var index = SourceIndex()
        for file in sorted {
            index.declarations += file.declarations
            index.typealiases.merge(file.typealiases) { first, _ in first }
            index.nibLoads += file.nibLoads
            index.literalCalls += file.literalCalls
            index.contentAttachments += file.contentAttachments
            index.selfAssignments += file.selfAssignments
            index.problems += file.problems
        }
        let protocols = Set(index.declarations.filter { $0.kind == .protocol }.map(\.name))
        for position in index.declarations.indices {
            index.declarations[position].name = resolveAlias(index.declarations[position].name, in: index.typealiases)
            if let superclass = index.declarations[position].superclass, protocols.contains(superclass),
               index.declarations[position].language == .swift {
                index.declarations[position].superclass = nil
                index.declarations[position].conformances.insert(superclass, at: 0)
            }
        }
        restrictCalledMethods(&index.declarations)
        index.types = SourceTypeBuilder.types(from: index.declarations)
        resolveNibNames(&index)
        SourceGuardResolver.resolve(&index)
        index.nibLoads.sort { $0.location < $1.location }
        index.literalCalls.sort { $0.location < $1.location }
        index.contentAttachments.sort { $0.location < $1.location }
        index.selfAssignments.sort { $0.location < $1.location }
        return index
    }

    /// Follows `typealias` chains (bounded, cycles stop).
    static func resolveAlias(_ name: String, in aliases: [String: String]) -> String {
        var current = name
        var seen: Set<String> = [name]
        while let target = aliases[current], seen.insert(target).inserted { current = target }
        return current
    }

    /// Keeps in `calledSelfMethods` only the methods the project declares (helpers, not
    /// UIKit), named as declared (`loadNibFileOwner()` → `loadNibFileOwner(_:)`).
    private static func restrictCalledMethods(_ declarations: inout [SourceTypeDeclaration]) {
        var declared: [String: String] = [:]
        for declaration in declarations {
            for method in declaration.methods where declared[method.selector] == nil {
                declared[method.selector] = method.name
                if declaration.language == .swift, declared[baseName(method.name)] == nil {
                    declared[baseName(method.name)] = method.name
                }
            }
        }
        for position in declarations.indices {
            for methodPosition in declarations[position].methods.indices {
                let called = declarations[position].methods[methodPosition].calledSelfMethods
                var kept: [String] = []
                for name in called {
                    guard let match = declared[name] ?? declared[baseName(name)], !kept.contains(match) else { continue }
                    kept.append(match)
                }
                declarations[position].methods[methodPosition].calledSelfMethods = kept
            }
        }
    }

    private static func baseName(_ swiftName: String) -> String {
        String(swiftName.prefix { $0 != "(" })
    }

    /// Turns `enclosingClass` inside a protocol extension into `conformingTypes`, and fills
    /// every site's concrete candidate nib names.
    private static func resolveNibNames(_ index: inout SourceIndex) {
        let types = index.types
        for position in index.nibLoads.indices {
            var name = index.nibLoads[position].nibName
            let typeName = index.nibLoads[position].context.typeName.map { resolveAlias($0, in: index.typealiases) }
            if name.resolution == .enclosingClass, let typeName, types[typeName]?.isProtocol == true {
                name.resolution = .conformingTypes(protocolName: typeName)
            }
            name.candidates = candidates(for: name.resolution, typeName: typeName, types: types)
            index.nibLoads[position].nibName = name
        }
    }

    static func candidates(for resolution: NibNameExpression.Resolution, typeName: String?,
                           types: [String: SourceType]) -> [String] {
        switch resolution {
        case .literal(let value):
            return [value]
        case .namedClass(let name):
            return [nibName(of: name, types: types)]
        case .enclosingClass:
            guard let typeName, let type = types[typeName], type.isClass, type.hasPrimaryDeclaration else { return [] }
            return [nibName(of: typeName, types: types)]
        case .superclass:
            guard let typeName, let superclass = types[typeName]?.superclass else { return [] }
            return [nibName(of: superclass, types: types)]
        case .conformingTypes(let protocolName):
            return types.values.filter { $0.isClass && $0.conformances.contains(protocolName) }
                .map { nibName(of: $0.name, types: types) }.sorted()
        case .dynamic:
            return []
        }
    }

    /// The name a class goes by at runtime: its `@objc(Name)`, else its last name component.
    private static func nibName(of typeName: String, types: [String: SourceType]) -> String {
        types[typeName]?.runtimeName ?? String(typeName.split(separator: ".").last ?? Substring(typeName))
    }
}
