/// One `.xcodeproj` read: its targets and every upload file its groups refer to.
struct XcodeProject: Sendable, Equatable {
    /// The `.xcodeproj` folder, upload-relative.
    var path: String
    var targets: [BuildTarget]
    /// Files the project's groups name (whether or not a target builds them).
    var referencedFiles: Set<String>
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
    /// Object id → resolved path (`nil` when outside the upload: SDK, built products, absolute).
    private(set) var paths: [String: String] = [:]

    /// - Parameter pbxprojPath: `App/App.xcodeproj/project.pbxproj`.
    init(plist: PropertyListValue, pbxprojPath: String, uploadPaths: [String]) throws(ProjectFileError) {
        objects = try PBXObjects(plist)
        projectPath = ProjectPath.parent(of: pbxprojPath)
        let container = ProjectPath.parent(of: projectPath)
        sourceRoot = ProjectPath.join(container, objects.root.string("projectDirPath") ?? "") ?? container
        self.uploadPaths = uploadPaths
        if let mainGroup = objects.root.string("mainGroup") { resolvePaths(of: mainGroup, parent: sourceRoot) }
    }

    /// Reads everything.
    func project() -> XcodeProject {
        let targetObjects = objects.objects(listedAt: "targets", in: objects.root)
        let nativeTargets = targetObjects.filter { $0.object.string("isa") == "PBXNativeTarget" }
        let targetNames = Dictionary(targetObjects.map { ($0.id, $0.object.string("name") ?? "") }, uniquingKeysWith: { first, _ in first })
        let synchronized = SynchronizedFolders(reader: self, targets: nativeTargets.map(\.id))
        let targets = nativeTargets.map { target(id: $0.id, object: $0.object, names: targetNames, synchronized: synchronized) }
        return XcodeProject(path: projectPath, targets: targets, referencedFiles: Set(paths.values), objectCount: objects.objects.count)
    }

    // MARK: Paths

    /// Resolves `id` and its children (bounded by the object count: a cycle stops).
    private mutating func resolvePaths(of rootID: String, parent rootParent: String) {
        var pending: [(id: String, parent: String?)] = [(rootID, rootParent)]
        var visited: Set<String> = []
        while let (id, parent) = pending.popLast() {
            guard visited.insert(id).inserted, let object = objects[id] else { continue }
            let path = resolvedPath(of: object, parent: parent)
            if let path { paths[id] = path }
            for child in object["children"]?.strings ?? [] { pending.append((child, path)) }
        }
    }

    /// Where an object's `path` points, through its `sourceTree`.
    private func resolvedPath(of object: [String: PropertyListValue], parent: String?) -> String? {
        let path = object.string("path")
        switch object.string("sourceTree") ?? "<group>" {
        case "<group>":
            guard let parent else { return nil }
            return path.map { ProjectPath.join(parent, $0) } ?? parent
        case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
            return path.map { ProjectPath.join(sourceRoot, $0) } ?? sourceRoot
        default:
            // `<absolute>`, `BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`: not in the upload.
            return nil
        }
    }

    // MARK: Targets

    private func target(id: String, object: [String: PropertyListValue], names: [String: String],
                        synchronized: SynchronizedFolders) -> BuildTarget {
        let name = object.string("name") ?? object.string("productName") ?? id
        let settings = buildSettings(of: object, targetName: name)
        let productType = object.string("productType")
        var phases = BuildPhaseFiles()
        for (_, phase) in objects.objects(listedAt: "buildPhases", in: object) {
            collect(phase: phase, into: &phases)
        }
        synchronized.add(filesOf: id, to: &phases)
        for (_, product) in objects.objects(listedAt: "packageProductDependencies", in: object) {
            if let productName = product.string("productName") { phases.linkedModules.insert(BuildTarget.moduleName(productName)) }
        }
        let module = settings.resolved("PRODUCT_MODULE_NAME") ?? settings.resolved("PRODUCT_NAME") ?? object.string("productName") ?? name
        let platforms = Self.platforms(settings: settings, productType: productType)
        let hasSwift = phases.sources.contains { $0.hasSuffix(".swift") }
        return BuildTarget(
            name: name, container: projectPath, kind: BuildTarget.kind(ofProductType: productType), productType: productType,
            module: BuildTarget.moduleName(module), platforms: platforms,
            swiftVersion: swiftVersion(settings: settings, targetID: id, hasSwift: hasSwift),
            sources: phases.sources.sorted(), resources: phases.resources.sorted(), headers: phases.headers.sorted(),
            dependencies: dependencies(of: object, names: names), linkedModules: phases.linkedModules.sorted()
        )
    }

    /// The default configuration's settings, target over project.
    private func buildSettings(of target: [String: PropertyListValue], targetName: String) -> BuildSettings {
        let targetConfigurations = configurations(listID: target.string("buildConfigurationList"))
        let projectConfigurations = configurations(listID: objects.root.string("buildConfigurationList"))
        let chosen = targetConfigurations.defaultName ?? projectConfigurations.defaultName
        let targetLayer = chosen.flatMap { targetConfigurations.settings[$0] } ?? targetConfigurations.first ?? [:]
        let projectLayer = chosen.flatMap { projectConfigurations.settings[$0] } ?? projectConfigurations.first ?? [:]
        let projectName = PathPieces.lastComponent(of: projectPath[...]).map { PathPieces.splitExtension($0).name } ?? ""
        return BuildSettings(layers: [targetLayer, projectLayer], builtIn: [
            "TARGET_NAME": targetName, "PRODUCT_NAME": target.string("productName") ?? targetName,
            "PROJECT_NAME": String(projectName), "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot,
        ])
    }

    private struct Configurations {
        var settings: [String: [String: PropertyListValue]] = [:]
        var defaultName: String?
        var first: [String: PropertyListValue]?
    }

    /// A configuration list: settings per configuration name, and which one is the default
    /// (`defaultConfigurationName`, else `Release`, else the first).
    private func configurations(listID: String?) -> Configurations {
        guard let listID, let list = objects[listID] else { return Configurations() }
        var result = Configurations()
        var names: [String] = []
        for (_, configuration) in objects.objects(listedAt: "buildConfigurations", in: list) {
            let name = configuration.string("name") ?? ""
            let settings = configuration["buildSettings"]?.dictionary ?? [:]
            if result.first == nil { result.first = settings }
            result.settings[name] = settings
            names.append(name)
        }
        let named = list.string("defaultConfigurationName")
        result.defaultName = [named, "Release"].compactMap { $0 }.first { result.settings[$0] != nil } ?? names.first
        return result
    }

    /// `SUPPORTED_PLATFORMS`, else `SDKROOT`, plus Mac Catalyst; else what the product type implies.
    static func platforms(settings: BuildSettings, productType: String?) -> [TargetPlatform] {
        var platforms = Set(settings.words("SUPPORTED_PLATFORMS").compactMap(TargetPlatform.init(sdk:)))
        if platforms.isEmpty, let sdk = settings.words("SDKROOT").first, let platform = TargetPlatform(sdk: sdk) {
            platforms.insert(platform)
        }
        if settings.resolved("SUPPORTS_MACCATALYST") == "YES" { platforms.insert(.catalyst) }
        if platforms.isEmpty, productType?.contains("watchapp") == true || productType?.contains("watchkit") == true {
            platforms.insert(.watchos)
        }
        return platforms.sorted()
    }

    /// `SWIFT_VERSION`, else for a target that compiles Swift what the last Swift migration,
    /// Swift update check, file format or upgrade check implies (the newest of the first three,
    /// the upgrade check only when none of them is there).
    private func swiftVersion(settings: BuildSettings, targetID: String, hasSwift: Bool) -> SwiftLanguageVersion? {
        if let setting = settings.resolved("SWIFT_VERSION"), let version = SwiftLanguageVersion(setting: setting) { return version }
        guard hasSwift else { return nil }
        let attributes = objects.root["attributes"]?.dictionary ?? [:]
        let targetAttributes = attributes["TargetAttributes"]?.dictionary?[targetID]?.dictionary ?? [:]
        let objectVersion = objects.objectVersion
        let hints = [
            targetAttributes.string("LastSwiftMigration").flatMap(SwiftLanguageVersion.implied(byXcode:)),
            attributes.string("LastSwiftUpdateCheck").flatMap(SwiftLanguageVersion.implied(byXcode:)),
            objectVersion.flatMap(SwiftLanguageVersion.implied(byObjectVersion:)),
        ].compactMap { $0 }
        if let newest = hints.max() { return newest }
        return attributes.string("LastUpgradeCheck").flatMap(SwiftLanguageVersion.implied(byXcode:))
    }

    /// Names of the targets this one depends on (in this project, or another one by proxy).
    private func dependencies(of target: [String: PropertyListValue], names: [String: String]) -> [String] {
        var result: Set<String> = []
        for (_, dependency) in objects.objects(listedAt: "dependencies", in: target) {
            if let id = dependency.string("target"), let name = names[id] {
                result.insert(name)
            } else if let name = dependency.string("name") {
                result.insert(name)
            } else if let proxy = dependency.string("targetProxy").flatMap({ objects[$0] }), let name = proxy.string("remoteInfo") {
                result.insert(name)
            }
        }
        return result.sorted()
    }

    /// The files a build phase lists, by the phase's kind.
    private func collect(phase: [String: PropertyListValue], into files: inout BuildPhaseFiles) {
        let isa = phase.string("isa")
        for (_, buildFile) in objects.objects(listedAt: "files", in: phase) {
            if isa == "PBXFrameworksBuildPhase" {
                if let module = linkedModule(of: buildFile) { files.linkedModules.insert(module) }
                continue
            }
            for path in filePaths(of: buildFile) {
                switch isa {
                case "PBXSourcesBuildPhase": files.sources.insert(path)
                case "PBXResourcesBuildPhase": files.resources.formUnion(bundled(path))
                case "PBXHeadersBuildPhase": files.headers.insert(path)
                default: break
                }
            }
        }
    }

    /// A build file's path(s): its file reference, or each localisation of a variant group.
    private func filePaths(of buildFile: [String: PropertyListValue]) -> [String] {
        guard let id = buildFile.string("fileRef"), let reference = objects[id] else { return [] }
        if reference.string("isa") == "PBXVariantGroup" || reference.string("isa") == "XCVersionGroup" {
            return (reference["children"]?.strings ?? []).compactMap { paths[$0] }
        }
        return paths[id].map { [$0] } ?? []
    }

    /// A bundled path, or every upload file below it for a folder reference.
    private func bundled(_ path: String) -> [String] {
        let below = ProjectPath.files(under: path, in: uploadPaths)
        return below.isEmpty ? [path] : below
    }

    /// `Foo.framework`, `Foo.xcframework`, `libFoo.a`, or a package product → its module.
    private func linkedModule(of buildFile: [String: PropertyListValue]) -> String? {
        if let product = buildFile.string("productRef").flatMap({ objects[$0] })?.string("productName") {
            return BuildTarget.moduleName(product)
        }
        guard let reference = buildFile.string("fileRef").flatMap({ objects[$0] }),
              let path = reference.string("path") ?? reference.string("name"),
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

/// What a target's phases list, gathered before sorting.
struct BuildPhaseFiles {
    var sources: Set<String> = []
    var resources: Set<String> = []
    var headers: Set<String> = []
    var linkedModules: Set<String> = []

    /// Files of a synchronized folder, sorted into phases by extension.
    mutating func add(synchronized path: String) {
        switch ProjectFile.kind(ofPath: path) {
        case .swift: sources.insert(path)
        case .objc:
            if path.hasSuffix(".h") { headers.insert(path) } else { sources.insert(path) }
        case .xib, .storyboard, .nib, .other: resources.insert(path)
        case .project, .workspace, .package, .dependencies: break
        }
    }
}

/// Xcode 16 synchronized folders (`PBXFileSystemSynchronizedRootGroup`): every file below
/// the folder belongs to each target listing the group, except the files an exception set
/// for that target names; a target that does not list the group gets exactly the files its
/// exception sets name.
struct SynchronizedFolders {
    /// Target id → files, already with exceptions applied.
    private var filesByTarget: [String: [String]] = [:]

    init(reader: XcodeProjectReader, targets: [String]) {
        let objects = reader.objects
        for targetID in targets {
            guard let target = objects[targetID] else { continue }
            for (groupID, group) in objects.objects(listedAt: "fileSystemSynchronizedGroups", in: target) {
                guard let folder = reader.synchronizedPath(groupID) else { continue }
                let excluded = Set(Self.exceptions(of: group, for: targetID, objects: objects).compactMap { ProjectPath.join(folder, $0) })
                filesByTarget[targetID, default: []] += ProjectPath.files(under: folder, in: reader.uploadPaths).filter { !excluded.contains($0) }
            }
        }
        // Exception sets naming a target that does not list the group add those files to it.
        for (groupID, group) in objects.objects.filter({ $0.value.string("isa") == "PBXFileSystemSynchronizedRootGroup" }) {
            guard let folder = reader.synchronizedPath(groupID) else { continue }
            for (_, exception) in objects.objects(listedAt: "exceptions", in: group) {
                guard let targetID = exception.string("target"), let target = objects[targetID],
                      !(target["fileSystemSynchronizedGroups"]?.strings ?? []).contains(groupID) else { continue }
                filesByTarget[targetID, default: []] += (exception["membershipExceptions"]?.strings ?? []).compactMap { ProjectPath.join(folder, $0) }
            }
        }
    }

    private static func exceptions(of group: [String: PropertyListValue], for targetID: String, objects: PBXObjects) -> [String] {
        objects.objects(listedAt: "exceptions", in: group)
            .filter { $0.object.string("isa") == "PBXFileSystemSynchronizedBuildFileExceptionSet" && $0.object.string("target") == targetID }
            .flatMap { $0.object["membershipExceptions"]?.strings ?? [] }
    }

    func add(filesOf targetID: String, to phases: inout BuildPhaseFiles) {
        for path in filesByTarget[targetID] ?? [] { phases.add(synchronized: path) }
    }
}

extension XcodeProjectReader {
    /// A synchronized group's folder (resolved like any group, also when not under the main group).
    func synchronizedPath(_ id: String) -> String? {
        if let path = paths[id] { return path }
        guard let group = objects[id], let path = group.string("path") else { return nil }
        return (group.string("sourceTree") ?? "<group>") == "<absolute>" ? nil : ProjectPath.join(sourceRoot, path)
    }
}
