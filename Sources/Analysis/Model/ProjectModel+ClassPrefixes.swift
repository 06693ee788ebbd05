/// The class-name prefixes that mark a project's own classes (`YM` in `YMHomeCell`, `KYA` in
/// `KYADurationCell`): Objective-C has no modules, so a prefix is how a team names what is
/// its own. An unknown class that carries one is the project's own class gone missing, not a
/// dependency's, even when the project has dependencies.
extension ProjectModel {
    /// A prefix is the project's own when at least three declared classes and a fifth of
    /// those with any prefix carry it, and it is neither a platform prefix nor the prefix of a
    /// dependency's module name (`AF` of `AFNetworking`).
    var ownClassPrefixes: Set<String> {
        ownClassPrefixCache.get {
            var counts: [String: Int] = [:]
            var prefixed = 0
            for type in sources.types.values where type.isClass && type.hasPrimaryDeclaration {
                guard let prefix = Self.classPrefix(of: type.name) else { continue }
                counts[prefix, default: 0] += 1
                prefixed += 1
            }
            let dependencyPrefixes = Set(build.dependencyModules.compactMap(Self.classPrefix(of:)))
            return Set(counts.filter { prefix, count in
                count >= 3 && count * 5 >= prefixed && !dependencyPrefixes.contains(prefix)
                    && !PlatformClasses.hasPlatformPrefix(prefix + "X")
            }.keys)
        }
    }

    /// The leading capitals of `name` but the last, which starts the first word (`YM` of
    /// `YMHomeCell`), when two to four long; `nil` for a name without such a run.
    static func classPrefix(of name: String) -> String? {
        let run = name.prefix { $0.isUppercase && $0.isASCII }
        guard run.count >= 3, run.count <= 5, name.count > run.count else { return nil }
        return String(run.dropLast())
    }

    /// The project's Swift or Objective-C source file whose name, without its extension, is
    /// `name` (the first by path), built into a table on first use.
    func sourceFile(namedAfter name: String) -> String? {
        sourceFilesByNameCache.get {
            var byName: [String: String] = [:]
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let last = PathPieces.lastComponent(of: file.path[...]) else { continue }
                let base = String(PathPieces.splitExtension(last).name)
                if byName[base] == nil { byName[base] = file.path }
            }
            return byName
        }[name]
    }
}
