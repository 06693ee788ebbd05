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
    public func checkableMembers(of runtimeName: String, seenFrom documentPath: String) -> ClassMembers? {
        guard declarationScope(of: runtimeName, seenFrom: documentPath) == .visible else { return nil }
        return checkableMembers(of: runtimeName)
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
