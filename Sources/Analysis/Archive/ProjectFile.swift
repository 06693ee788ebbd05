import Foundation

/// One file of the project, read from a zip entry or from a folder, as the later stages
/// (Interface Builder parsing, source indexing) consume it.
public struct ProjectFile: Sendable {
    /// Path relative to the project root, `/`-separated.
    public var path: String
    public var kind: FileEntry.Kind
    /// The bytes, for files the analysis reads; `nil` for files it only counts or refused.
    public var contents: Data?
    /// How the reading went; `skipped`/`error` entries carry a reason.
    public var status: FileEntry.Status
    public var reason: String?

    /// The size of ``contents``, 0 when not read: what parsing or indexing the file costs,
    /// about (stages hand out the largest files first).
    var byteCount: Int { contents?.count ?? 0 }

    public init(path: String, kind: FileEntry.Kind, contents: Data?, status: FileEntry.Status = .analysed, reason: String? = nil) {
        self.path = path
        self.kind = kind
        self.contents = contents
        self.status = status
        self.reason = reason
    }

    /// Byte order of the paths' UTF-8: total and deterministic, unlike `String`'s `<`, which
    /// holds a precomposed and a decomposed spelling of one name equal.
    static func pathPrecedes(_ first: ProjectFile, _ second: ProjectFile) -> Bool {
        pathPrecedes(first.path, second.path)
    }

    /// The same order for bare paths. Native strings are compared in place (sorting and
    /// searching the upload's paths calls this most); others through a contiguous copy.
    static func pathPrecedes(_ first: String, _ second: String) -> Bool {
        let inPlace = first.utf8.withContiguousStorageIfAvailable { left in
            second.utf8.withContiguousStorageIfAvailable { right in bytesPrecede(left, right) }
        }
        if let inPlace, let inPlace { return inPlace }
        var left = first, right = second
        return left.withUTF8 { left in right.withUTF8 { right in bytesPrecede(left, right) } }
    }

    private static func bytesPrecede(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        guard common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
            return left.count < right.count
        }
        let order = memcmp(leftBase, rightBase, common)
        return order == 0 ? left.count < right.count : order < 0
    }

    /// The kind a path has by its extension (a `.nib` folder is a `nib` too), or by its
    /// name for project, package and dependency files.
    public static func kind(ofPath path: String) -> FileEntry.Kind {
        // Byte-level path pieces (`PathPieces`): bridging every path to `NSString` cost more
        // than the rest of reading a large project's file list.
        // The extension is compared ignoring ASCII case on its bytes (`lowercased()` made
        // a `String` per path and cost more than the rest of this).
        guard let name = PathPieces.lastComponent(of: path[...]) else { return .other }
        let pathExtension = PathPieces.splitExtension(name).pathExtension
        func isExtension(_ lowercaseASCII: StaticString) -> Bool { PathPieces.equalsIgnoringCase(pathExtension, lowercaseASCII) }
        if isExtension("xib") { return .xib }
        if isExtension("storyboard") { return .storyboard }
        if isExtension("nib") { return .nib }
        if isExtension("swift") { return name == "Package.swift" ? .package : .swift }
        if isExtension("h") || isExtension("m") || isExtension("mm") { return .objc }
        if isExtension("pbxproj") { return name == "project.pbxproj" ? .project : .other }
        if isExtension("xcworkspacedata") { return name == "contents.xcworkspacedata" ? .workspace : .other }
        // A pod the upload publishes: its name is the module of its classes.
        if isExtension("podspec") || (isExtension("json") && name.utf8.count > 13 && name.hasSuffix(".podspec.json")) { return .dependencies }
        if pathExtension.isEmpty || isExtension("lock") || isExtension("resolved") {
            return dependencyManifestNames.contains(String(name)) ? .dependencies : .other
        }
        return .other
    }

    /// The dependency manifests the project model reads.
    static let dependencyManifestNames: Set<String> = ["Podfile", "Podfile.lock", "Cartfile", "Cartfile.private", "Cartfile.resolved", "Package.resolved"]
}

extension [ProjectFile] {
    /// The files ordered by their paths under `precedes`, sorted through their positions:
    /// sorting the large file values themselves moves (retains and releases) each many times.
    /// Stable, as `sorted(by:)` is.
    func sortedByPath(_ precedes: (String, String) -> Bool = ProjectFile.pathPrecedes) -> [ProjectFile] {
        let paths = map(\.path)
        return indices.sorted { precedes(paths[$0], paths[$1]) }.map { self[$0] }
    }
}
