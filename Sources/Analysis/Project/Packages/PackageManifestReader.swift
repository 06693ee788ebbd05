import Foundation

/// Reads a `Package.swift` statically, never running it: the targets (`name:`, `path:`,
/// `exclude:`, `sources:`, `resources:`), the platforms, the Swift language mode, and the
/// products and packages it depends on. An SPM-only repository gets targets from this as a
/// project gets them from its `project.pbxproj`; a manifest that computes these values in
/// code gives the targets whose literal arguments it can read.
struct PackageManifestReader {
    /// Upload-relative `Package.swift`.
    let manifestPath: String
    /// Every upload path, sorted in byte order.
    let uploadPaths: [String]

    struct Manifest: Equatable {
        var targets: [BuildTarget]
        /// Package and product names it depends on, as module names.
        var dependencyModules: Set<String>
    }

    func read(_ bytes: [UInt8]) -> Manifest {
        let stream = SourceTokenizer(language: .swift).stream(bytes)
        let swiftVersion = Self.languageMode(stream: stream, bytes: bytes)
        let platforms = Self.platforms(stream: stream)
        let root = ProjectPath.parent(of: manifestPath)
        var targets: [BuildTarget] = []
        var dependencies: Set<String> = []
        var index = 0
        while index + 2 < stream.count {
            defer { index += 1 }
            guard stream.isText(index, "."), stream.tokens[index + 1].isIdentifier, stream.isText(index + 2, "(") else { continue }
            let call = stream.text(index + 1)
            let arguments = (index + 3)..<min(stream.partner[index + 2], stream.count)
            switch call {
            case "target", "executableTarget", "testTarget":
                guard let name = Self.stringArgument("name", in: arguments, of: stream) else { continue }
                targets.append(target(named: name, call: call, arguments: arguments, stream: stream, root: root,
                                      platforms: platforms, swiftVersion: swiftVersion))
                // `.target(name:)` in its dependency list names another target, not a new one.
                index = arguments.upperBound
            case "product":
                if let name = Self.stringArgument("name", in: arguments, of: stream) { dependencies.insert(BuildTarget.moduleName(name)) }
            case "package":
                if let name = Self.stringArgument("name", in: arguments, of: stream) { dependencies.insert(BuildTarget.moduleName(name)) }
                if let url = Self.stringArgument("url", in: arguments, of: stream), let name = DependencyManifests.repositoryName(url) {
                    dependencies.insert(BuildTarget.moduleName(name))
                }
            default:
                continue
            }
        }
        let names = Set(targets.map(\.module))
        for position in targets.indices {
            targets[position].dependencies = targets[position].linkedModules.filter { names.contains($0) }
            dependencies.formUnion(targets[position].linkedModules)
        }
        return Manifest(targets: targets, dependencyModules: dependencies.subtracting(names))
    }

    private func target(named name: String, call: String, arguments: Range<Int>, stream: TokenStream, root: String,
                        platforms: [TargetPlatform], swiftVersion: SwiftLanguageVersion?) -> BuildTarget {
        let isTest = call == "testTarget"
        let folder: String
        if let path = Self.stringArgument("path", in: arguments, of: stream) {
            folder = ProjectPath.join(root, path) ?? root
        } else {
            let conventional = (isTest ? ["Tests"] : ["Sources", "Source", "src", "srcs"]).compactMap { ProjectPath.join(root, "\($0)/\(name)") }
            folder = conventional.first { !ProjectPath.files(under: $0, in: uploadPaths).isEmpty } ?? conventional[0]
        }
        let excluded = Self.stringList("exclude", in: arguments, of: stream).compactMap { ProjectPath.join(folder, $0) }
        let onlySources = Self.stringList("sources", in: arguments, of: stream).compactMap { ProjectPath.join(folder, $0) }
        let declaredResources = Self.stringList("resources", in: arguments, of: stream).compactMap { ProjectPath.join(folder, $0) }
        var phases = BuildPhaseFiles()
        // Each listed path as itself and as a folder prefix, made once for all the target's files.
        func entries(_ paths: [String]) -> [(path: String, folder: String)] { paths.map { ($0, $0 + "/") } }
        func isListed(_ path: String, in list: [(path: String, folder: String)]) -> Bool {
            list.contains { path == $0.path || path.hasPrefix($0.folder) }
        }
        let (excludedEntries, sourceEntries, resourceEntries) = (entries(excluded), entries(onlySources), entries(declaredResources))
        for path in ProjectPath.files(under: folder, in: uploadPaths) {
            guard !isListed(path, in: excludedEntries) else { continue }
            let kind = ProjectFile.kind(ofPath: path)
            let isResource = isListed(path, in: resourceEntries)
            if kind == .swift || kind == .objc {
                if !sourceEntries.isEmpty, !isListed(path, in: sourceEntries) { continue }
                phases.add(synchronized: path)
            } else if isResource || kind == .xib || kind == .storyboard || kind == .nib {
                // SwiftPM processes xibs and storyboards found in a target's folder without being told.
                phases.resources.append(path)
            }
        }
        let linked = Self.targetDependencyNames(in: arguments, of: stream).map(BuildTarget.moduleName)
        return BuildTarget(
            name: name, container: manifestPath, kind: isTest ? .test : call == "executableTarget" ? .tool : .library,
            module: BuildTarget.moduleName(name), platforms: platforms,
            swiftVersion: phases.sources.contains { $0.hasSuffix(".swift") } ? swiftVersion : nil,
            sources: phases.sortedSources, resources: phases.sortedResources, headers: phases.sortedHeaders,
            linkedModules: Array(Set(linked)).sorted()
        )
    }

    /// `label: "value"` at the top level of an argument list.
    static func stringArgument(_ label: StaticString, in range: Range<Int>, of stream: TokenStream) -> String? {
        guard let value = argumentStart(label, in: range, of: stream), value < range.upperBound,
              stream.tokens[value].kind == .string else { return nil }
        return literal(stream.text(value))
    }

    /// `label: ["a", .process("b"), .copy("c")]`: every string literal inside the brackets.
    static func stringList(_ label: StaticString, in range: Range<Int>, of stream: TokenStream) -> [String] {
        guard let value = argumentStart(label, in: range, of: stream), value < range.upperBound, stream.isText(value, "[") else { return [] }
        let end = min(stream.partner[value], stream.count)
        return ((value + 1)..<end).filter { stream.tokens[$0].kind == .string }.compactMap { literal(stream.text($0)) }
    }

    /// The target names in `dependencies: [...]`: bare strings, `.target(name:)`, `.product(name:)`, `.byName(name:)`.
    private static func targetDependencyNames(in range: Range<Int>, of stream: TokenStream) -> [String] {
        stringList("dependencies", in: range, of: stream).filter { !$0.contains("/") && !$0.contains(".") }
    }

    /// The token after `label :` at nesting depth zero of `range`.
    private static func argumentStart(_ label: StaticString, in range: Range<Int>, of stream: TokenStream) -> Int? {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if stream.isText(index, "(") || stream.isText(index, "[") || stream.isText(index, "{") {
                index = max(index + 1, stream.partner[index] + 1)
                continue
            }
            if stream.tokens[index].isIdentifier, stream.isText(index, label), stream.isText(index + 1, ":") { return index + 2 }
            index += 1
        }
        return nil
    }

    /// `"text"` → `text`; a literal with interpolation or multi-line delimiters → `nil`.
    private static func literal(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.hasPrefix("\"\"\""), !text.contains("\\(") else { return nil }
        return String(text.dropFirst().dropLast())
    }

    /// `swiftLanguageModes: [.v5]` / `swiftLanguageVersions: [.v4_2]`, else the language
    /// mode the `// swift-tools-version:` line implies (tools 6 and later default to 6).
    static func languageMode(stream: TokenStream, bytes: [UInt8]) -> SwiftLanguageVersion? {
        for index in 0..<stream.count where stream.isText(index, "swiftLanguageModes") || stream.isText(index, "swiftLanguageVersions") {
            guard index + 2 < stream.count, stream.isText(index + 1, ":"), stream.isText(index + 2, "[") else { continue }
            let end = min(stream.partner[index + 2], stream.count)
            let versions = ((index + 3)..<end).compactMap { position -> SwiftLanguageVersion? in
                let text = stream.text(position)
                guard text.hasPrefix("v") else { return nil }
                return SwiftLanguageVersion(setting: text.dropFirst().replacingOccurrences(of: "_", with: "."))
            }
            if let newest = versions.max() { return newest }
        }
        let firstLine = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        guard let marker = firstLine.range(of: "swift-tools-version:") ?? firstLine.range(of: "swift-tools-version: ") else { return nil }
        let version = firstLine[marker.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber || $0 == "." }
        guard let tools = SwiftLanguageVersion(setting: String(version)) else { return nil }
        return SwiftLanguageVersion(major: tools.major >= 6 ? 6 : tools.major >= 5 ? 5 : tools.major, minor: tools.major >= 5 ? 0 : tools.minor)
    }

    /// `platforms: [.iOS(.v12), .macOS(...)]`.
    private static func platforms(stream: TokenStream) -> [TargetPlatform] {
        guard let index = (0..<stream.count).first(where: { stream.isText($0, "platforms") }),
              index + 2 < stream.count, stream.isText(index + 1, ":"), stream.isText(index + 2, "[") else { return [] }
        let end = min(stream.partner[index + 2], stream.count)
        let names: [String: TargetPlatform] = ["iOS": .ios, "macOS": .macos, "tvOS": .tvos, "watchOS": .watchos, "visionOS": .visionos, "macCatalyst": .catalyst]
        let found = ((index + 3)..<end).compactMap { position in
            stream.isText(position - 1, ".") ? names[stream.text(position)] : nil
        }
        return Array(Set(found)).sorted()
    }
}
