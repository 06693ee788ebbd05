import Foundation

/// An Xcode workspace: which projects belong together (an app and the framework projects
/// it builds with, or the app and its `Pods.xcodeproj`). Targets of projects in one
/// workspace may link each other's products.
public struct BuildWorkspace: Sendable, Equatable {
    /// The `.xcworkspace` folder, upload-relative.
    public var path: String
    /// The `.xcodeproj` folders it lists that lie in the upload, sorted.
    public var projects: [String]
}

/// Reads `contents.xcworkspacedata`: the `location` of every `<FileRef>`, inside nested
/// `<Group location="group:…">` elements. Only the attribute is needed, so the XML is
/// scanned byte by byte for tags, bounded by the file's length.
enum WorkspaceReader {
    /// - Parameter dataPath: `App.xcworkspace/contents.xcworkspacedata`.
    static func read(_ bytes: [UInt8], dataPath: String) throws(ProjectFileError) -> BuildWorkspace {
        let workspace = ProjectPath.parent(of: dataPath)
        let container = ProjectPath.parent(of: workspace)
        var groups: [String] = [container]
        var projects: Set<String> = []
        var sawWorkspace = false
        var position = 0
        while let open = bytes[position...].firstIndex(of: UInt8(ascii: "<")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else {
                throw ProjectFileError("the tag at byte \(open) is never closed")
            }
            let tag = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
            position = close + 1
            if tag.hasPrefix("Workspace") { sawWorkspace = true }
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            guard isGroup || tag.hasPrefix("FileRef"), let location = attribute("location", in: tag) else { continue }
            let resolved = resolve(location, group: groups.last ?? container, container: container)
            if isGroup {
                if !tag.hasSuffix("/") { groups.append(resolved ?? groups.last ?? container) }
            } else if let resolved, resolved.hasSuffix(".xcodeproj") {
                projects.insert(resolved)
            }
        }
        guard sawWorkspace else { throw ProjectFileError("there is no <Workspace> element") }
        return BuildWorkspace(path: workspace, projects: projects.sorted())
    }

    /// `group:`/`container:` are relative to the enclosing group or the workspace's folder;
    /// `self:` is the project holding an embedded workspace; `absolute:` is outside the upload.
    private static func resolve(_ location: String, group: String, container: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return ProjectPath.join(group, path)
        case "container": return ProjectPath.join(container, path)
        case "self": return path.isEmpty ? (container.hasSuffix(".xcodeproj") ? container : nil) : ProjectPath.join(container, path)
        default: return nil
        }
    }

    /// `name = "value"` (spaces around `=` allowed), with the XML entities Xcode writes decoded.
    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let nameRange = tag.range(of: name) else { return nil }
        var rest = tag[nameRange.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let end = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<end])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
