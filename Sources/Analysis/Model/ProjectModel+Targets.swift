/// The joins between the build model (targets, membership, modules) and the rest: which
/// declaration of a class an IB file can reach, which members to check it against, and
/// which framework decodes the IB file.
extension ProjectModel {
    /// Where the class an IB file names is declared, as seen from the targets bundling it.
    public enum DeclarationScope: Equatable, Sendable {
        /// Declared in a target that bundles the file or one it depends on (or membership is unknown).
        case visible
        /// Declared only in targets the bundling targets neither are nor depend on.
        case otherTargets([String])
        /// Declared only in files that no target builds.
        case notBuilt
        /// Not declared in the project.
        case undeclared
    }

    /// The class `runtimeName`'s declaration files, judged against the targets bundling `documentPath`.
    public func declarationScope(of runtimeName: String, seenFrom documentPath: String) -> DeclarationScope {
        guard let type = declaredType(runtimeName: runtimeName) ?? sources.types[runtimeName] else { return .undeclared }
        // A platform class, or one the project only extends, comes from outside the project.
        guard type.hasPrimaryDeclaration, !PlatformClasses.isKnown(ProjectModel.unqualified(runtimeName)) else { return .visible }
        guard let bundling = build.targets(of: documentPath), !bundling.isEmpty else { return .visible }
        let visible = build.visible(from: bundling)
        var others: Set<Int> = []
        for location in type.declarations {
            guard let declaring = build.targets(of: location.path) else { return .visible }
            if declaring.contains(where: visible.contains) { return .visible }
            others.formUnion(declaring)
        }
        return others.isEmpty ? .notBuilt : .otherTargets(build.names(of: Array(others)))
    }

    /// ``checkableMembers(of:)`` when the class is the one the IB file at `documentPath`
    /// reaches; `nil` when its only declarations belong to unrelated targets or dead files
    /// (a same-named class elsewhere proves nothing about this IB file).
    ///
    /// When the project declares the class (or a class of its lineage) again in targets
    /// the IB file cannot see (a repository of many apps, each with its own
    /// `ViewController`), the members are those of the declarations it can see, not the
    /// union of every same-named class.
    public func checkableMembers(of runtimeName: String, seenFrom documentPath: String) -> ClassMembers? {
        memberCache.seenFromValue(for: documentPath + "\n" + runtimeName) { visibleMembers(of: runtimeName, seenFrom: documentPath) }
    }

    private func visibleMembers(of runtimeName: String, seenFrom documentPath: String) -> ClassMembers? {
        guard declarationScope(of: runtimeName, seenFrom: documentPath) == .visible else { return nil }
        guard let bundling = build.targets(of: documentPath), !bundling.isEmpty else { return checkableMembers(of: runtimeName) }
        let visible = build.visible(from: bundling)
        let isVisible = { (path: String) in build.targets(of: path).map { $0.contains(where: visible.contains) } ?? true }
        guard lineage(of: runtimeName).contains(where: { name in
            (declaration(of: name)?.declarations ?? []).contains { !isVisible($0.path) }
        }) else { return checkableMembers(of: runtimeName) }
        // Every connection of every IB file asks: each class's members are kept per class and
        // set of targets, merged from the declarations its lineage can pass through.
        let targets = visible.sorted().map(String.init).joined(separator: ",")
        return memberCache.scopedValue(for: runtimeName + "\n" + targets) {
            scopedMembers(of: runtimeName, types: Self.byRuntimeName(SourceTypeBuilder.types(
                from: lineageDeclarations(of: runtimeName).filter { isVisible($0.location.path) })))
        }
    }

    /// The declarations, in any target, that a lineage from `runtimeName` can pass through:
    /// those named or runtime-named `runtimeName`, every declaration of their names (the
    /// extensions of an `@objc(Name)` class), and in turn those of each superclass one of
    /// them states. Whatever a set of targets sees of the lineage is among them.
    private func lineageDeclarations(of runtimeName: String) -> [SourceTypeDeclaration] {
        let positionsByName = declarationPositionsCache.get {
            var table: [String: [Int]] = [:]
            for (position, declaration) in sources.declarations.enumerated() {
                table[declaration.name, default: []].append(position)
                if let runtime = declaration.runtimeName, runtime != declaration.name { table[runtime, default: []].append(position) }
            }
            return table
        }
        var names: Set<String> = [], positions: Set<Int> = [], pending = [runtimeName]
        while let name = pending.popLast() {
            guard names.insert(name).inserted else { continue }
            for position in positionsByName[name] ?? [] where positions.insert(position).inserted {
                let declaration = sources.declarations[position]
                pending.append(declaration.name)
                if let superclass = declaration.superclass { pending.append(superclass) }
            }
        }
        return positions.sorted().map { sources.declarations[$0] }
    }

    /// `types` (keyed by name) keyed by runtime name, then by name where no runtime name
    /// is the same: how an IB file's class name finds its declaration.
    private static func byRuntimeName(_ types: [String: SourceType]) -> [String: SourceType] {
        var keyed = Dictionary(types.values.map { ($0.runtimeName ?? $0.name, $0) }) { first, _ in first }
        for (name, type) in types where keyed[name] == nil { keyed[name] = type }
        return keyed
    }

    /// The members of `runtimeName` among `types` (the declarations one IB file can see,
    /// keyed by ``byRuntimeName(_:)``), its lineage followed through them and then the
    /// platform's classes; `nil` when a class of the lineage is neither among them nor the
    /// platform's, or has two superclasses.
    private func scopedMembers(of runtimeName: String, types: [String: SourceType]) -> ClassMembers? {
        // As for the whole project: only a class the project declares is checked.
        guard types[runtimeName]?.hasPrimaryDeclaration == true else { return nil }
        var members = ClassMembers()
        var protocols: Set<String> = []
        var chain: Set<String> = []
        var current: String? = runtimeName
        while let name = current, chain.insert(name).inserted {
            let platformName = Self.unqualified(name)
            let type = types[name]
            if let type {
                guard !type.hasConflictingSuperclasses else { return nil }
                add(type, to: &members, visitedProtocols: &protocols)
            }
            if PlatformMembers.keys[platformName] != nil || PlatformMembers.actions[platformName] != nil {
                members.platformClasses.append(platformName)
            }
            if let superclass = type?.superclass, type?.hasPrimaryDeclaration == true {
                current = superclass
            } else if PlatformClasses.isKnown(platformName) {
                current = PlatformClasses.superclass[platformName]
            } else {
                return nil
            }
        }
        return members
    }

    /// Whether AppKit decodes the document: its own runtime, else the platforms of the
    /// targets bundling it (all of them macOS).
    public func decodedByAppKit(_ document: IBDocument) -> Bool {
        switch document.platform {
        case .macOS: return true
        case .iOS, .tvOS, .watchOS: return false
        case .unknown:
            guard let indices = build.targets(of: document.path), !indices.isEmpty else { return false }
            return indices.allSatisfy { build.targets[$0].platforms.allSatisfy(\.usesAppKit) && !build.targets[$0].platforms.isEmpty }
        }
    }
}
