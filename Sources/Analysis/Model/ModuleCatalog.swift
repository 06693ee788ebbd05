import Foundation

/// The Swift modules the project builds (from `project.pbxproj` target and product names)
/// and the dependencies it declares (Podfile, Cartfile): what a `customModule` is checked
/// against.
public struct ModuleCatalog: Sendable, Equatable {
    /// Modules built by the project's targets, as Swift names them (`Rocket.Chat` → `Rocket_Chat`).
    public private(set) var projectModules: Set<String> = []
    /// Modules of declared dependencies (pods, Carthage frameworks).
    public private(set) var dependencyModules: Set<String> = []

    public init(projectModules: Set<String> = [], dependencyModules: Set<String> = []) {
        self.projectModules = projectModules
        self.dependencyModules = dependencyModules
    }

    /// Reads the project's configuration files; `dependencies` adds modules declared
    /// elsewhere (`.nibscan.yml`).
    init(files: [ProjectFile], dependencies: Set<String> = []) {
        // Asked of every file: paths are read in place, and only a path whose last byte
        // could end a configuration name (or a slash) has its last component looked up.
        for position in files.indices where Self.mayNameConfiguration(files[position].path) {
            let name = Self.fileName(of: files[position].path)
            guard Self.configurationNames.contains(name), let contents = files[position].contents,
                  let text = String(data: contents, encoding: .utf8) else { continue }
            switch name {
            case "project.pbxproj": projectModules.formUnion(Self.targetModules(inPBXProj: text))
            case "Podfile": dependencyModules.formUnion(Self.quotedNames(after: "pod", in: text))
            case "Cartfile": dependencyModules.formUnion(Self.cartfileNames(text))
            default: break
            }
        }
        dependencyModules = Set(dependencyModules.map(Self.moduleName)).union(dependencies)
    }

    /// The files that declare modules; every other file is skipped without being decoded.
    private static let configurationNames: Set<Substring> = ["project.pbxproj", "Podfile", "Cartfile"]

    /// The last bytes of ``configurationNames``, and a slash (a path may end with one).
    private static let configurationLastBytes: [UInt8] = Array(Set(configurationNames.compactMap(\.utf8.last))) + [UInt8(ascii: "/")]

    /// Whether `path` may end with one of ``configurationNames``, judged by its last byte.
    private static func mayNameConfiguration(_ path: String) -> Bool {
        guard let last = path.utf8.last else { return false }
        return configurationLastBytes.contains(last)
    }

    /// The last path component of `path` (asked of every file, hence byte-level).
    private static func fileName(of path: String) -> Substring {
        PathPieces.lastComponent(of: path[...]) ?? Substring(path)
    }

    /// Whether the project's targets are known at all (a `project.pbxproj` was found).
    public var knowsProjectModules: Bool { !projectModules.isEmpty }

    /// The module Swift derives from a product name: every character that cannot appear in
    /// an identifier becomes `_`, and a leading digit is prefixed with `_`.
    public static func moduleName(_ productName: String) -> String {
        var name = String(productName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber == true { name = "_" + name }
        return name
    }

    /// Target names and literal `PRODUCT_NAME`/`PRODUCT_MODULE_NAME` values.
    static func targetModules(inPBXProj text: String) -> Set<String> {
        var names: Set<String> = []
        var inNativeTarget = false
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.contains("isa = PBXNativeTarget;") { inNativeTarget = true }
            if inNativeTarget, let value = Self.value(of: "name", in: line) {
                names.insert(value)
                inNativeTarget = false
            }
            for key in ["PRODUCT_NAME", "PRODUCT_MODULE_NAME"] {
                if let value = Self.value(of: key, in: line), !value.contains("$") { names.insert(value) }
            }
        }
        return Set(names.map(moduleName))
    }

    /// `key = value;` or `key = "value";` on one line.
    private static func value(of key: String, in line: String) -> String? {
        guard line.hasPrefix(key + " = "), line.hasSuffix(";") else { return nil }
        var value = line.dropFirst(key.count + 3).dropLast()
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
        return value.isEmpty ? nil : String(value)
    }

    /// `pod 'Name'` / `pod "Name/Subspec"` → `Name`.
    private static func quotedNames(after keyword: String, in text: String) -> Set<String> {
        var names: Set<String> = []
        for rawLine in text.split(separator: "\n") {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix(keyword + " ") else { continue }
            let quoted = line.split(whereSeparator: { $0 == "'" || $0 == "\"" })
            if quoted.count >= 2, let name = quoted[1].split(separator: "/").first { names.insert(String(name)) }
        }
        return names
    }

    /// `github "owner/Name"` → `Name`.
    private static func cartfileNames(_ text: String) -> Set<String> {
        var names: Set<String> = []
        for rawLine in text.split(separator: "\n") {
            let quoted = rawLine.split(separator: "\"")
            guard quoted.count >= 2 else { continue }
            var name = quoted[1].split(separator: "/").last.map(String.init) ?? ""
            if name.hasSuffix(".git") { name = String(name.dropLast(4)) }
            if !name.isEmpty { names.insert(name) }
        }
        return names
    }
}
