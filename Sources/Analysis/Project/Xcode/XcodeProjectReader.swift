/// One `.xcodeproj` read: its targets and every upload file its groups refer to.
struct XcodeProject: Sendable, Equatable {
    /// The `.xcodeproj` folder, upload-relative.
    var path: String
    var targets: [BuildTarget]
    /// Objective-C implementation files (`.m`, `.mm`) the project's groups name, whether
    /// or not a target builds them: a header beside one is dead with it.
    var referencedImplementations: [String]
    /// Number of objects in the `objects` table (for the tests' hand counts).
    var objectCount: Int
}

/// Turns a parsed `project.pbxproj` into targets: resolves every group and file reference
/// through its `sourceTree` to an upload-relative path (an `.xcodeproj` at
/// `App/App.xcodeproj` has `SOURCE_ROOT` `App/`), reads each target's build phases, build
/// settings, synchronized folders and dependencies.
struct XcodeProjectReader {
    let objects: PBXObjects
    /// `App/App.xcodeproj`.
    let projectPath: String
    /// The folder `SOURCE_ROOT` and `<group>` paths start from (`App`, or `""`).
    let sourceRoot: String
    /// Every upload path, sorted: synchronized folders and folder references take the files below them.
    let uploadPaths: [String]
    /// Node → position in ``resolvedPaths`` (-1 when the node is no group or file, or points
    /// outside the upload: SDK, built products, absolute): a lookup costs no hashing, and
    /// the table holds no `String` of its own to release.
    private var pathPositions: [Int32]
    private var resolvedPaths: [String] = []
    /// The Objective-C implementations among ``resolvedPaths``.
    private(set) var referencedImplementations: [String] = []

    /// - Parameter pbxprojPath: `App/App.xcodeproj/project.pbxproj`.
    init(document: PropertyListDocument, pbxprojPath: String, uploadPaths: [String]) throws(ProjectFileError) {
        objects = try PBXObjects(document)
        projectPath = ProjectPath.parent(of: pbxprojPath)
        let container = ProjectPath.parent(of: projectPath)
        sourceRoot = ProjectPath.join(container, objects.string("projectDirPath", of: objects.root) ?? "") ?? container
        self.uploadPaths = uploadPaths
        pathPositions = Array(repeating: -1, count: document.nodes.count)
        if let mainGroup = objects.object(at: "mainGroup", of: objects.root) { resolvePaths(of: mainGroup, parent: sourceRoot) }
    }

    /// Reads everything.
    func project() -> XcodeProject {
        let targetObjects = objects.objects(listedAt: "targets", in: objects.root)
        let nativeTargets = targetObjects.filter { objects.isa($0, "PBXNativeTarget") }
        var targetNames: [Int: String] = [:]
        for target in targetObjects where targetNames[target] == nil { targetNames[target] = objects.string("name", of: target) ?? "" }
        let synchronized = SynchronizedFolders(reader: self, targets: nativeTargets)
        let projectConfigurations = configurations(list: objects.object(at: "buildConfigurationList", of: objects.root))
        let targets = nativeTargets.map {
            target($0, names: targetNames, synchronized: synchronized, projectConfigurations: projectConfigurations)
        }
        return XcodeProject(path: projectPath, targets: targets, referencedImplementations: referencedImplementations, objectCount: objects.count)
    }

    // MARK: Paths

    /// Where a group or file reference points in the upload.
    func path(of object: Int) -> String? {
        let position = pathPositions[object]
        return position < 0 ? nil : resolvedPaths[Int(position)]
    }

    /// Resolves `root` and its children (bounded by the object count: a cycle stops).
    /// Children wait with their parent's position in ``resolvedPaths`` (-1: none), not a
    /// copy of its path.
    private mutating func resolvePaths(of root: Int, parent rootParent: String) {
        // Whether each path is folded sits in a local table beside ``resolvedPaths``: one
        // table of `Folded` values in the reader cost a fifth more here (each parent read
        // back through `self` retains its path).
        var folded = [ProjectPath.Folded(rootParent)]
        resolvedPaths.append(rootParent)
        let foldedSourceRoot = ProjectPath.Folded(sourceRoot)
        var pending: [(object: Int, parent: Int32)] = [(root, 0)]
        var visited = Array(repeating: false, count: pathPositions.count)
        while let (object, parent) = pending.popLast() {
            guard !visited[object] else { continue }
            visited[object] = true
            var position: Int32 = -1
            if let path = resolvedPath(of: object, parent: parent < 0 ? nil : folded[Int(parent)], sourceRoot: foldedSourceRoot) {
                position = Int32(resolvedPaths.count)
                pathPositions[object] = position
                resolvedPaths.append(path.text)
                folded.append(path)
                if ImplementationExtension(of: path.text)?.isObjectiveC == true { referencedImplementations.append(path.text) }
            }
            objects.forEachObject(listedAt: "children", in: object) { pending.append(($0, position)) }
        }
    }

    /// Where an object's `path` points, through its `sourceTree` (compared as bytes: every
    /// group and file of the project has one).
    private func resolvedPath(of object: Int, parent: ProjectPath.Folded?, sourceRoot: ProjectPath.Folded) -> ProjectPath.Folded? {
        let document = objects.document
        let tree = document.value(forKey: "sourceTree", in: object)
        let start: ProjectPath.Folded?
        if let tree, document.isString(tree) {
            if document.isString(tree, "<group>") {
                start = parent
            } else if document.isString(tree, "SOURCE_ROOT") || document.isString(tree, "SRCROOT") || document.isString(tree, "PROJECT_DIR") {
                start = sourceRoot
            } else {
                // `<absolute>`, `BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`: not in the upload.
                return nil
            }
        } else {
            start = parent  // no `sourceTree` (or not a string): `<group>`
        }
        guard let start else { return nil }
        guard let path = document.value(forKey: "path", in: object), document.isString(path) else { return start }
        return document.withBytes(of: path) { ProjectPath.join(start, bytes: $0) }
    }

    // MARK: Targets

    private func target(_ object: Int, names: [Int: String], synchronized: SynchronizedFolders,
                        projectConfigurations: Configurations) -> BuildTarget {
        let name = objects.string("name", of: object) ?? objects.string("productName", of: object) ?? objects.id(of: object)
        let settings = buildSettings(of: object, targetName: name, projectConfigurations: projectConfigurations)
        let productType = objects.string("productType", of: object)
        var phases = BuildPhaseFiles()
        for phase in objects.objects(listedAt: "buildPhases", in: object) {
            collect(phase: phase, into: &phases)
        }
        synchronized.add(filesOf: object, to: &phases)
        for product in objects.objects(listedAt: "packageProductDependencies", in: object) {
            if let productName = objects.string("productName", of: product) { phases.linkedModules.insert(BuildTarget.moduleName(productName)) }
        }
        let module = settings.resolved("PRODUCT_MODULE_NAME") ?? settings.resolved("PRODUCT_NAME") ?? objects.string("productName", of: object) ?? name
        let platforms = Self.platforms(settings: settings, productType: productType)
        let hasSwift = phases.sources.contains { $0.hasSuffix(".swift") }
        return BuildTarget(
            name: name, container: projectPath, kind: BuildTarget.kind(ofProductType: productType), productType: productType,
            module: BuildTarget.moduleName(module), platforms: platforms,
            swiftVersion: swiftVersion(settings: settings, target: object, hasSwift: hasSwift),
            sources: phases.sortedSources, resources: phases.sortedResources, headers: phases.sortedHeaders,
            dependencies: dependencies(of: object, names: names), linkedModules: phases.linkedModules.sorted()
        )
    }

    /// The default configuration's settings, target over project.
    private func buildSettings(of target: Int, targetName: String, projectConfigurations: Configurations) -> BuildSettings {
        let targetConfigurations = configurations(list: objects.object(at: "buildConfigurationList", of: target))
        let chosen = targetConfigurations.defaultName ?? projectConfigurations.defaultName
        let targetLayer = settings(of: chosen.flatMap(targetConfigurations.named) ?? targetConfigurations.first)
        let projectLayer = settings(of: chosen.flatMap(projectConfigurations.named) ?? projectConfigurations.first)
        let projectName = PathPieces.lastComponent(of: projectPath[...]).map { PathPieces.splitExtension($0).name } ?? ""
        return BuildSettings(layers: [targetLayer, projectLayer], builtIn: [
            "TARGET_NAME": targetName, "PRODUCT_NAME": objects.string("productName", of: target) ?? targetName,
            "PROJECT_NAME": String(projectName), "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot,
        ])
    }

    /// A configuration list's `XCBuildConfiguration` objects by name (a list has two or
    /// three: compared in turn, no hashing); their settings are read only for the
    /// configuration a target builds with.
    private struct Configurations {
        /// Name and object, in list order.
        var all: [(name: String, object: Int)] = []
        var defaultName: String?
        var first: Int? { all.first?.object }

        /// The object of the last configuration named `name` (as a dictionary keyed by name keeps it).
        func named(_ name: String) -> Int? {
            all.last { $0.name == name }?.object
        }
    }

    /// The `buildSettings` dictionary of a configuration (no settings when it has none).
    private func settings(of configuration: Int?) -> BuildSettings.Layer {
        BuildSettings.Layer(document: objects.document,
                            dictionary: configuration.flatMap { objects.document.value(forKey: "buildSettings", in: $0) })
    }

    /// A configuration list: its configurations by name, and which one is the default
    /// (`defaultConfigurationName`, else `Release`, else the first).
    private func configurations(list: Int?) -> Configurations {
        guard let list else { return Configurations() }
        var result = Configurations()
        objects.forEachObject(listedAt: "buildConfigurations", in: list) { configuration in
            result.all.append((objects.string("name", of: configuration) ?? "", configuration))
        }
        let named = objects.string("defaultConfigurationName", of: list)
        result.defaultName = [named, "Release"].compactMap { $0 }.first { result.named($0) != nil } ?? result.all.first?.name
        return result
    }

    /// `SUPPORTED_PLATFORMS`, else `SDKROOT`, plus Mac Catalyst; else what the product type implies.
    static func platforms(settings: BuildSettings, productType: String?) -> [TargetPlatform] {
        var platforms = Set(settings.words("SUPPORTED_PLATFORMS").compactMap(TargetPlatform.init(sdk:)))
        if platforms.isEmpty, let sdk = settings.words("SDKROOT").first, let platform = TargetPlatform(sdk: sdk) {
            platforms.insert(platform)
        }
        if settings.resolved("SUPPORTS_MACCATALYST") == "YES" { platforms.insert(.catalyst) }
        if platforms.isEmpty, let productType, ASCIIText.contains(productType, "watchapp") || ASCIIText.contains(productType, "watchkit") {
            platforms.insert(.watchos)
        }
        return platforms.sorted()
    }

    /// `SWIFT_VERSION`, else for a target that compiles Swift what the last Swift migration,
    /// Swift update check, file format or upgrade check implies (the newest of the first three,
    /// the upgrade check only when none of them is there).
    private func swiftVersion(settings: BuildSettings, target: Int, hasSwift: Bool) -> SwiftLanguageVersion? {
        if let setting = settings.resolved("SWIFT_VERSION"), let version = SwiftLanguageVersion(setting: setting) { return version }
        guard hasSwift else { return nil }
        let document = objects.document
        let attributes = document.value(forKey: "attributes", in: objects.root)
        func attribute(_ key: StaticString) -> String? { attributes.flatMap { document.string(forKey: key, in: $0) } }
        let targetAttributes = attributes.flatMap { document.value(forKey: "TargetAttributes", in: $0) }
            .flatMap { document.value(forKey: objects.id(of: target), in: $0) }
        let hints = [
            targetAttributes.flatMap { document.string(forKey: "LastSwiftMigration", in: $0) }.flatMap(SwiftLanguageVersion.implied(byXcode:)),
            attribute("LastSwiftUpdateCheck").flatMap(SwiftLanguageVersion.implied(byXcode:)),
            objects.objectVersion.flatMap(SwiftLanguageVersion.implied(byObjectVersion:)),
        ].compactMap { $0 }
        if let newest = hints.max() { return newest }
        return attribute("LastUpgradeCheck").flatMap(SwiftLanguageVersion.implied(byXcode:))
    }

    /// Names of the targets this one depends on (in this project, or another one by proxy).
    private func dependencies(of target: Int, names: [Int: String]) -> [String] {
        var result: Set<String> = []
        for dependency in objects.objects(listedAt: "dependencies", in: target) {
            if let dependedOn = objects.object(at: "target", of: dependency), let name = names[dependedOn] {
                result.insert(name)
            } else if let name = objects.string("name", of: dependency) {
                result.insert(name)
            } else if let proxy = objects.object(at: "targetProxy", of: dependency), let name = objects.string("remoteInfo", of: proxy) {
                result.insert(name)
            }
        }
        return result.sorted()
    }

    /// The phases whose files a target builds or bundles.
    private enum PhaseKind {
        case sources, resources, headers, frameworks, other

        init(_ phase: Int, in objects: PBXObjects) {
            self = objects.isa(phase, "PBXSourcesBuildPhase") ? .sources
                : objects.isa(phase, "PBXResourcesBuildPhase") ? .resources
                : objects.isa(phase, "PBXHeadersBuildPhase") ? .headers
                : objects.isa(phase, "PBXFrameworksBuildPhase") ? .frameworks : .other
        }
    }

    /// The files a build phase lists, by the phase's kind.
    private func collect(phase: Int, into files: inout BuildPhaseFiles) {
        let kind = PhaseKind(phase, in: objects)
        guard kind != .other else { return }
        objects.forEachObject(listedAt: "files", in: phase) { buildFile in
            if kind == .frameworks {
                if let module = linkedModule(of: buildFile) { files.linkedModules.insert(module) }
                return
            }
            forEachPath(of: buildFile) { path in
                switch kind {
                case .sources: files.sources.append(path)
                case .resources: files.resources += bundled(path)
                case .headers: files.headers.append(path)
                case .frameworks, .other: break
                }
            }
        }
    }

    /// `body` with a build file's path(s): its file reference, or each localisation of a
    /// variant group.
    @inline(__always)
    private func forEachPath(of buildFile: Int, _ body: (String) -> Void) {
        guard let reference = objects.object(at: "fileRef", of: buildFile) else { return }
        if objects.isa(reference, "PBXVariantGroup") || objects.isa(reference, "XCVersionGroup") {
            objects.forEachObject(listedAt: "children", in: reference) { child in
                if let path = path(of: child) { body(path) }
            }
        } else if let path = path(of: reference) {
            body(path)
        }
    }

    /// A bundled path, or every upload file below it for a folder reference.
    private func bundled(_ path: String) -> [String] {
        let below = ProjectPath.files(under: path, in: uploadPaths)
        return below.isEmpty ? [path] : below
    }

    /// `Foo.framework`, `Foo.xcframework`, `libFoo.a`, or a package product → its module.
    private func linkedModule(of buildFile: Int) -> String? {
        if let product = objects.object(at: "productRef", of: buildFile).flatMap({ objects.string("productName", of: $0) }) {
            return BuildTarget.moduleName(product)
        }
        guard let reference = objects.object(at: "fileRef", of: buildFile),
              let path = objects.string("path", of: reference) ?? objects.string("name", of: reference),
              let last = PathPieces.lastComponent(of: path[...]) else { return nil }
        let (name, pathExtension) = PathPieces.splitExtension(last)
        switch pathExtension {
        case "framework", "xcframework": return BuildTarget.moduleName(String(name))
        case "a", "dylib", "tbd":
            guard name.hasPrefix("lib"), !name.hasPrefix("libPods") else { return nil }
            return BuildTarget.moduleName(String(name.dropFirst(3)))
        default: return nil
        }
    }
}

/// What a target's phases list, gathered in lists (a file listed twice, by two phases or by
/// a group and a folder, is dropped when they are sorted: no hashing per path).
struct BuildPhaseFiles {
    var sources: [String] = []
    var resources: [String] = []
    var headers: [String] = []
    var linkedModules: Set<String> = []

    var sortedSources: [String] { PathSorting.sortedUnique(sources) }
    var sortedResources: [String] { PathSorting.sortedUnique(resources) }
    var sortedHeaders: [String] { PathSorting.sortedUnique(headers) }

    /// Files of a synchronized folder, sorted into phases by extension.
    mutating func add(synchronized path: String) {
        switch ProjectFile.kind(ofPath: path) {
        case .swift: sources.append(path)
        case .objc:
            if path.hasSuffix(".h") { headers.append(path) } else { sources.append(path) }
        case .xib, .storyboard, .nib, .other: resources.append(path)
        case .project, .workspace, .package, .dependencies: break
        }
    }
}

/// Xcode 16 synchronized folders (`PBXFileSystemSynchronizedRootGroup`): every file below
/// the folder belongs to each target listing the group, except the files (or the files below
/// the folders) an exception set for that target names; a target that does not list the
/// group gets exactly the files its exception sets name.
struct SynchronizedFolders {
    /// Target (its node) → files, already with exceptions applied.
    private var filesByTarget: [Int: [String]] = [:]

    init(reader: XcodeProjectReader, targets: [Int]) {
        let objects = reader.objects
        for target in targets {
            for group in objects.objects(listedAt: "fileSystemSynchronizedGroups", in: target) {
                guard let folder = reader.synchronizedPath(group) else { continue }
                let excluded = Set(Self.exceptions(of: group, for: target, objects: objects).compactMap { ProjectPath.join(folder, $0) })
                filesByTarget[target, default: []] += ProjectPath.files(under: folder, in: reader.uploadPaths).filter { !Self.isNamed($0, by: excluded) }
            }
        }
        // Exception sets naming a target that does not list the group add those files to it.
        for group in objects.all where objects.isa(group, "PBXFileSystemSynchronizedRootGroup") {
            guard let folder = reader.synchronizedPath(group) else { continue }
            for exception in objects.objects(listedAt: "exceptions", in: group) {
                guard let target = objects.object(at: "target", of: exception),
                      !objects.objects(listedAt: "fileSystemSynchronizedGroups", in: target).contains(group) else { continue }
                let named = Set(Self.strings("membershipExceptions", of: exception, objects: objects).compactMap { ProjectPath.join(folder, $0) })
                filesByTarget[target, default: []] += ProjectPath.files(under: folder, in: reader.uploadPaths).filter { Self.isNamed($0, by: named) }
            }
        }
    }

    /// An exception names a file, or a folder and so every file below it.
    private static func isNamed(_ path: String, by exceptions: Set<String>) -> Bool {
        if exceptions.contains(path) { return true }
        var folder = path[...]
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if exceptions.contains(String(folder)) { return true }
        }
        return false
    }

    private static func exceptions(of group: Int, for target: Int, objects: PBXObjects) -> [String] {
        objects.objects(listedAt: "exceptions", in: group)
            .filter { objects.isa($0, "PBXFileSystemSynchronizedBuildFileExceptionSet") && objects.object(at: "target", of: $0) == target }
            .flatMap { strings("membershipExceptions", of: $0, objects: objects) }
    }

    private static func strings(_ key: StaticString, of object: Int, objects: PBXObjects) -> [String] {
        objects.document.value(forKey: key, in: object).map { objects.document.strings($0, objects.document.string) } ?? []
    }

    func add(filesOf target: Int, to phases: inout BuildPhaseFiles) {
        for path in filesByTarget[target] ?? [] { phases.add(synchronized: path) }
    }
}

extension XcodeProjectReader {
    /// A synchronized group's folder (resolved like any group, also when not under the main group).
    func synchronizedPath(_ group: Int) -> String? {
        if let path = path(of: group) { return path }
        guard let path = objects.string("path", of: group) else { return nil }
        return (objects.string("sourceTree", of: group) ?? "<group>") == "<absolute>" ? nil : ProjectPath.join(sourceRoot, path)
    }
}
