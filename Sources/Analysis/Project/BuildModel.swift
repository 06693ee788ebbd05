import Foundation

/// What the project files say is built: every Xcode project and Swift package in the upload,
/// their targets (module, platforms, Swift version, sources, resources, dependencies), the
/// workspaces that group them, and the modules that come from dependencies. The single
/// source of truth for target membership and module names; the rules ask it which code
/// ships with an IB file, which Swift a file is written in and what a `customModule` names.
public struct BuildModel: Sendable {
    /// Every target, in container path then declaration order.
    public let targets: [BuildTarget]
    /// The `.xcodeproj` folders and `Package.swift` files read.
    public let containers: [String]
    public let workspaces: [BuildWorkspace]
    /// Modules declared by Podfile, Cartfile, Package.resolved and Package.swift
    /// dependencies, linked frameworks and the sources' imports, minus the modules the
    /// project builds itself.
    public private(set) var dependencyModules: Set<String> {
        didSet { thirdPartyModules = Self.thirdParty(dependencyModules) }
    }
    /// ``dependencyModules`` that are not Apple's, sorted: every unknown class's message
    /// names a few of them.
    private(set) var thirdPartyModules: [String]
    /// Modules the project's targets build.
    public let projectModules: Set<String>
    /// Project, package, workspace and dependency files that could not be read, with why.
    public let problems: [String: String]
    /// Upload path → indices into `targets` of the targets that compile or bundle it.
    let targetsByFile: [String: [Int]]
    /// Objective-C implementations some project's groups name.
    let referencedImplementations: Set<String>
    /// Target index → the target indices whose code it can see (itself, dependencies,
    /// linked and imported project modules), transitively.
    private(set) var visibleTargets: [Set<Int>]
    /// Modules the manifests declare and the targets link (before imports are added).
    private let declaredModules: Set<String>

    /// Whether any project or package was found: without one, membership is unknown.
    public var knowsTargets: Bool { !containers.isEmpty }

    /// Reads every project, package, workspace and dependency manifest of `files`;
    /// `dependencies` are modules declared elsewhere (`.nibscan.yml`), which the upload lacks.
    /// ``addImports(_:)`` later widens what each target sees by what its sources import.
    public init(files: [ProjectFile], dependencies: Set<String> = [],
                parser: OpenStepPropertyListParser = OpenStepPropertyListParser()) {
        let uploadPaths = files.map(\.path).sorted(by: ProjectFile.pathPrecedes)
        var targets: [BuildTarget] = []
        var containers: [String] = []
        var workspaces: [BuildWorkspace] = []
        var declared = Set(dependencies.map(BuildTarget.moduleName))
        var problems: [String: String] = [:]
        var referenced: [String] = []
        var podfiles: [(path: String, text: String)] = []
        for file in files where file.status == .analysed {
            guard let contents = file.contents else { continue }
            do throws(ProjectFileError) {
                switch file.kind {
                case .project:
                    let document: PropertyListDocument
                    do { document = try parser.document(contents) } catch { throw ProjectFileError("not a readable project file: \(error)") }
                    let project = try XcodeProjectReader(document: document, pbxprojPath: file.path, uploadPaths: uploadPaths).project()
                    targets += project.targets
                    containers.append(project.path)
                    referenced += project.referencedImplementations
                case .package:
                    let manifest = PackageManifestReader(manifestPath: file.path, uploadPaths: uploadPaths).read(Array(contents))
                    targets += manifest.targets
                    containers.append(file.path)
                    declared.formUnion(manifest.dependencyModules)
                case .workspace:
                    workspaces.append(try WorkspaceReader.read(Array(contents), dataPath: file.path))
                case .dependencies:
                    let name = PathPieces.lastComponent(of: file.path[...]).map(String.init) ?? file.path
                    declared.formUnion(try DependencyManifests.modules(fileName: name, bytes: contents))
                    if name == "Podfile" { podfiles.append((file.path, String(decoding: contents, as: UTF8.self))) }
                case .xib, .storyboard, .nib, .swift, .objc, .other:
                    break
                }
            } catch {
                problems[file.path] = error.message
            }
        }
        Self.matchCase(of: &targets, to: uploadPaths)
        if !targets.isEmpty {
            targets += podfiles.flatMap { LocalPods.targets(podfile: $0.path, text: $0.text, uploadPaths: uploadPaths) }
        }
        let projectModules = Set(targets.map(\.module)).union(Self.podModules(uploadPaths))
        for target in targets { declared.formUnion(target.linkedModules) }
        self.targets = targets
        self.containers = containers.sorted()
        self.workspaces = workspaces.sorted { $0.path < $1.path }
        self.problems = problems
        self.projectModules = projectModules
        declaredModules = declared
        dependencyModules = declared.subtracting(projectModules)
        thirdPartyModules = Self.thirdParty(dependencyModules)
        referencedImplementations = Set(referenced)
        targetsByFile = Self.membership(of: targets, uploadPaths: uploadPaths)
        visibleTargets = Self.visibility(of: targets, imports: [:])
    }

    /// The modules of the pods the upload itself publishes: a `Name.podspec` (or
    /// `Name.podspec.json`) builds module `Name`, so a class that names it is the project's
    /// own, and an example app's Podfile that lists it by path is no outside dependency.
    static func podModules(_ paths: [String]) -> Set<String> {
        Set(paths.compactMap { path -> String? in
            guard let file = PathPieces.lastComponent(of: path[...]) else { return nil }
            for suffix in [".podspec", ".podspec.json"] where file.hasSuffix(suffix) && file.count > suffix.count {
                return BuildTarget.moduleName(String(file.dropLast(suffix.count)))
            }
            return nil
        })
    }

    /// Adds what the sources import (source path → modules): imported project modules
    /// become visible to the importing target, other imported modules are dependencies.
    public mutating func addImports(_ imports: [String: [String]]) {
        guard !imports.isEmpty else { return }
        var declared = declaredModules
        for modules in imports.values { declared.formUnion(modules) }
        dependencyModules = declared.subtracting(projectModules)
        visibleTargets = Self.visibility(of: targets, imports: imports)
    }

    /// The Swift version of every file a target compiles, and the prevailing one for the
    /// rest: what the source indexer spells selectors and infers `@objc` by.
    public var swiftVersions: SwiftVersionTable {
        var byPath: [String: SwiftLanguageVersion] = [:]
        for (path, indices) in targetsByFile where path.hasSuffix(".swift") {
            if let version = indices.compactMap({ targets[$0].swiftVersion }).max() { byPath[path] = version }
        }
        return SwiftVersionTable(byPath: byPath, fallback: prevailingSwiftVersion)
    }

    /// Projects are made on macOS, whose file system ignores case: a project naming
    /// `BucketList/App.swift` builds the upload's `Bucketlist/App.swift`. Paths with no exact
    /// match take the upload's spelling when exactly one path matches without case.
    /// The case-folded table is built only when some path has no exact match.
    private static func matchCase(of targets: inout [BuildTarget], to uploadPaths: [String]) {
        guard targets.contains(where: { !$0.sources.isEmpty || !$0.resources.isEmpty || !$0.headers.isEmpty }) else { return }
        let exact = Set(uploadPaths)
        var folded: CaseFoldedPaths?
        func matched(_ path: String) -> String {
            guard !exact.contains(path) else { return path }
            let table = folded ?? CaseFoldedPaths(uploadPaths)
            folded = table
            return table.onlyMatch(of: path) ?? path
        }
        for position in targets.indices {
            targets[position].sources = targets[position].sources.map(matched)
            targets[position].resources = targets[position].resources.map(matched)
            targets[position].headers = targets[position].headers.map(matched)
        }
    }

    /// Path → targets, headers taking the targets of their Headers phase and of the
    /// implementation beside them (found from the implementations a target builds, so the
    /// work follows the targets' files, not every header of the upload).
    private static func membership(of targets: [BuildTarget], uploadPaths: [String]) -> [String: [Int]] {
        var table: [String: [Int]] = [:]
        table.reserveCapacity(targets.reduce(0) { $0 + $1.sources.count + $1.resources.count + $1.headers.count })
        for (index, target) in targets.enumerated() {
            for list in [target.sources, target.resources, target.headers] {
                for path in list { table[path, default: []].appendOnce(index) }
            }
        }
        var implementationTargets: [String: Set<Int>] = [:]
        for (path, indices) in table {
            guard let implementation = ImplementationExtension(of: path) else { continue }
            let header = String(path.dropLast(implementation.text.count)) + ".h"
            if ProjectPath.contains(header, inSorted: uploadPaths) { implementationTargets[header, default: []].formUnion(indices) }
        }
        // Targets were added in ascending order; only a header given more needs sorting.
        for (header, indices) in implementationTargets {
            var entry = table[header] ?? []
            for index in indices where !entry.contains(index) { entry.append(index) }
            table[header] = entry.sorted()
        }
        return table
    }

    /// Each target's visible targets: dependencies by name (same container first), and
    /// project modules it links or its sources import, followed to a fixed point.
    private static func visibility(of targets: [BuildTarget], imports: [String: [String]]) -> [Set<Int>] {
        var byModule: [String: [Int]] = [:]
        var byContainerAndName: [String: Int] = [:]
        for (index, target) in targets.enumerated() {
            byModule[target.module, default: []].append(index)
            byContainerAndName[target.container + "\n" + target.name] = byContainerAndName[target.container + "\n" + target.name] ?? index
        }
        let direct: [[Int]] = targets.enumerated().map { index, target in
            // Each module once, in first-mention order: every source imports `UIKit`.
            var names = target.linkedModules
            var named = Set(names)
            if !imports.isEmpty {
                for source in target.sources {
                    for module in imports[source] ?? [] where named.insert(module).inserted { names.append(module) }
                }
            }
            var result = names.flatMap { byModule[$0] ?? [] }
            for dependency in target.dependencies {
                if let local = byContainerAndName[target.container + "\n" + dependency] {
                    result.append(local)
                } else {
                    result += byModule[BuildTarget.moduleName(dependency)] ?? []
                }
            }
            // A WatchKit app's storyboard runs in its WatchKit extension, whichever way the
            // project lists the dependency (WatchKit 1 embeds the app in the extension).
            if target.isWatchKitApp {
                result += targets.indices.filter { targets[$0].container == target.container && targets[$0].isWatchKitExtension }
            }
            return result.filter { $0 != index }
        }
        return targets.indices.map { start in
            var seen: Set<Int> = [start]
            var pending = direct[start]
            while let next = pending.popLast() {
                if seen.insert(next).inserted { pending += direct[next] }
            }
            return seen
        }
    }

    // MARK: Questions

    /// The targets that compile or bundle `path`: `nil` when unknown (no project or
    /// package in the upload, a header, or a file that is neither code nor IB), empty when
    /// no target builds it.
    public func targets(of path: String) -> [Int]? {
        guard knowsTargets else { return nil }
        if let indices = targetsByFile[path] { return indices }
        switch ProjectFile.kind(ofPath: path) {
        case .swift, .xib, .storyboard, .nib:
            return []
        case .objc:
            guard path.hasSuffix(".h") else { return [] }
            // A header no phase lists is dead with its implementation, else included by path.
            let stem = path.dropLast(2)
            let hasImplementation = ImplementationExtension.objectiveC.contains { targetsByFile[stem + $0] != nil || referencedImplementations.contains(stem + $0) }
            return hasImplementation ? [] : nil
        case .project, .workspace, .package, .dependencies, .other:
            return nil
        }
    }

    /// Whether no target builds or bundles `path` while the project's targets are known.
    public func isNotBuilt(_ path: String) -> Bool {
        targets(of: path)?.isEmpty == true
    }

    /// The targets whose code the targets `indices` can see.
    public func visible(from indices: [Int]) -> Set<Int> {
        indices.reduce(into: Set<Int>()) { $0.formUnion(visibleTargets[$1]) }
    }

    /// The Swift version most targets use.
    public var prevailingSwiftVersion: SwiftLanguageVersion? {
        var counts: [SwiftLanguageVersion: Int] = [:]
        for target in targets {
            guard var version = target.swiftVersion else { continue }
            version.isExplicit = true
            counts[version, default: 0] += 1
        }
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    /// The modules of the targets `indices`.
    public func modules(of indices: [Int]) -> Set<String> {
        Set(indices.map { targets[$0].module })
    }

    /// The target names of `indices`, sorted and unique.
    public func names(of indices: [Int]) -> [String] {
        Array(Set(indices.map { targets[$0].name })).sorted()
    }

    /// Whether `module` is the module of a project target, compared as Swift derives module
    /// names (`Rocket.Chat` and `Rocket_Chat` are one module).
    public func isProjectModule(_ module: String) -> Bool {
        projectModules.contains(BuildTarget.moduleName(module))
    }

    /// Whether the project uses modules other than Apple's and its own: a class no source
    /// declares may come from one of them.
    public var hasThirdPartyDependencies: Bool { !thirdPartyModules.isEmpty }

    /// A few of those modules, for a message.
    public var thirdPartyDependencySample: String {
        thirdPartyModules.prefix(3).joined(separator: ", ") + (thirdPartyModules.count > 3 ? ", …" : "")
    }

    private static func thirdParty(_ modules: Set<String>) -> [String] {
        modules.filter { !PlatformModules.names.contains($0) }.sorted()
    }

    /// Whether `module` comes from a declared dependency, linked framework or import.
    public func isDependencyModule(_ module: String) -> Bool {
        dependencyModules.contains(BuildTarget.moduleName(module))
    }
}

/// Which Swift each source file is written in, as the project says: its targets' newest
/// version, else (a file in no target, or no project) the version most targets use.
public struct SwiftVersionTable: Sendable, Equatable {
    public var byPath: [String: SwiftLanguageVersion]
    public var fallback: SwiftLanguageVersion?

    public init(byPath: [String: SwiftLanguageVersion] = [:], fallback: SwiftLanguageVersion? = nil) {
        self.byPath = byPath
        self.fallback = fallback
    }

    /// `nil`: unknown, read as current Swift.
    public func version(of path: String) -> SwiftLanguageVersion? {
        byPath[path] ?? fallback
    }
}

private extension Array where Element == Int {
    /// Appends `index` unless it is already last: targets are added in ascending order, each
    /// once per path although a path can be in two of a target's lists.
    mutating func appendOnce(_ index: Int) {
        if last != index { append(index) }
    }
}
