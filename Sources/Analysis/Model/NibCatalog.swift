import Foundation

/// Finds the Interface Builder files a nib or storyboard name loads at runtime:
/// `Name.xib` anywhere in the project, its `Base.lproj`/`xx.lproj` copies, the
/// `Name~iphone`/`Name~ipad` variants, compiled `Name.nib` files and `Name.nib` folders.
public struct NibCatalog: Sendable {
    /// Nib name → indices into ``ProjectModel/documents`` (xibs and nibs), in path order.
    public private(set) var nibs: [String: [Int]] = [:]
    /// Storyboard name → indices into ``ProjectModel/documents``.
    public private(set) var storyboards: [String: [Int]] = [:]
    /// Every nib name of the project, including compiled nibs that are not parsed.
    public private(set) var nibNames: Set<String> = []

    init(documents: [IBDocument], files: [ProjectFile]) {
        for (index, document) in documents.enumerated() {
            guard let name = Self.loadName(ofPath: document.path) else { continue }
            if Self.isStoryboard(document.path) {
                storyboards[name, default: []].append(index)
            } else {
                nibs[name, default: []].append(index)
            }
        }
        for position in files.indices where files[position].kind == .nib || files[position].kind == .xib {
            if let name = Self.loadName(ofPath: files[position].path) { nibNames.insert(name) }
        }
        nibNames.formUnion(nibs.keys)
    }

    /// The name code passes to `loadNibNamed`/`UIStoryboard(name:)` for a file:
    /// `A/Base.lproj/Card~ipad.xib` → `Card`, `Old.nib/designable.nib` → `Old`.
    /// Runs for every Interface Builder file of a project, hence byte-level path pieces.
    public static func loadName(ofPath path: String) -> String? {
        guard var last = PathPieces.lastComponent(of: path[...]) else { return nil }
        let beforeLast = path[..<last.startIndex]
        if let folder = PathPieces.lastComponent(of: beforeLast), PathPieces.hasSuffixIgnoringCase(folder, ".nib") { last = folder }
        let (base, pathExtension) = PathPieces.splitExtension(last)
        guard PathPieces.equalsIgnoringCase(pathExtension, "xib") || PathPieces.equalsIgnoringCase(pathExtension, "nib")
            || PathPieces.equalsIgnoringCase(pathExtension, "storyboard") else { return nil }
        var name = base
        if PathPieces.hasSuffixIgnoringCase(name, "~iphone") { name = name.dropLast(7) }
        if PathPieces.hasSuffixIgnoringCase(name, "~ipad") { name = name.dropLast(5) }
        return name.isEmpty ? nil : String(name)
    }

    /// `ProjectFile.kind(ofPath:) == .storyboard`, without bridging the path to `NSString`.
    private static func isStoryboard(_ path: String) -> Bool {
        guard let last = PathPieces.lastComponent(of: path[...]) else { return false }
        return PathPieces.equalsIgnoringCase(PathPieces.splitExtension(last).pathExtension, "storyboard")
    }

    /// Whether any xib or nib (compiled or not) answers to `name`.
    public func hasNib(named name: String) -> Bool {
        nibNames.contains(Self.stripped(name))
    }

    /// The parsed documents a nib name loads.
    public func nibDocuments(named name: String) -> [Int] {
        nibs[Self.stripped(name)] ?? []
    }

    /// A name as code writes it may carry the extension or a folder: `Card.xib`, `Views/Card`.
    static func stripped(_ name: String) -> String {
        // Bytes first: every lookup of a nib by name comes here, and Foundation's `contains`
        // searches through `NSString`. A name without a `/` or `.` byte has neither
        // character; one with them asks Foundation, which sees no `/` where a combining mark
        // follows it.
        if !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".") }) { return name }
        if !name.contains("/") && !name.contains(".") { return name }
        var base = (name as NSString).lastPathComponent
        let ext = (base as NSString).pathExtension.lowercased()
        if ext == "xib" || ext == "nib" { base = (base as NSString).deletingPathExtension }
        return base
    }
}
