import Foundation

/// Module names a project's dependency manifests declare: `Podfile`, `Podfile.lock`,
/// `Cartfile`, `Cartfile.private`, `Cartfile.resolved` and `Package.resolved`. A class
/// from one of these modules is not in the upload (pods and packages rarely are), so it is
/// unknown to the analysis rather than missing.
enum DependencyManifests {
    /// The modules `text` (the file named `fileName`) declares; throws for a
    /// `Package.resolved` that is not the JSON it should be.
    static func modules(fileName: String, bytes: Data) throws(ProjectFileError) -> Set<String> {
        let text = String(decoding: bytes, as: UTF8.self)
        let names: [String]
        switch fileName {
        case "Podfile": names = podfileNames(text)
        case "Podfile.lock": names = podfileLockNames(text)
        case "Cartfile", "Cartfile.private", "Cartfile.resolved": names = cartfileNames(text)
        case "Package.resolved": names = try packageResolvedNames(bytes)
        default: names = []
        }
        return Set(names.map(BuildTarget.moduleName))
    }

    /// `pod 'Name'`, `pod "Name/Subspec", '~> 1'` → `Name`.
    static func podfileNames(_ text: String) -> [String] {
        lines(of: text).compactMap { rawLine in
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            guard line.hasPrefix("pod ") || line.hasPrefix("pod(") else { return nil }
            return firstQuoted(line).flatMap { $0.split(separator: "/").first.map(String.init) }
        }
    }

    /// The `PODS:` section's top entries: `  - Name (1.2.3)` or `  - Name/Sub (1.2.3):`.
    static func podfileLockNames(_ text: String) -> [String] {
        var names: [String] = []
        var inPods = false
        for line in lines(of: text) {
            if !line.hasPrefix(" ") { inPods = line == "PODS:"; continue }
            guard inPods, line.hasPrefix("  - ") else { continue }
            let entry = line.dropFirst(4).drop { $0 == "\"" }
            let name = entry.prefix { $0 != " " && $0 != "/" && $0 != ":" && $0 != "\"" }
            if !name.isEmpty { names.append(String(name)) }
        }
        return names
    }

    /// `github "owner/Name"`, `git "https://host/Name.git"`, `binary "https://host/Name.json"` → `Name`.
    static func cartfileNames(_ text: String) -> [String] {
        lines(of: text).compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard ["github ", "git ", "binary "].contains(where: { trimmed.hasPrefix($0) }), let quoted = firstQuoted(trimmed) else { return nil }
            return repositoryName(quoted)
        }
    }

    /// Version 1 (`object.pins[].package`) and versions 2–3 (`pins[].identity`, `location`).
    static func packageResolvedNames(_ bytes: Data) throws(ProjectFileError) -> [String] {
        guard let top = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any] else {
            throw ProjectFileError("Package.resolved is not a JSON object")
        }
        let pins = ((top["object"] as? [String: Any])?["pins"] ?? top["pins"]) as? [[String: Any]] ?? []
        return pins.flatMap { pin -> [String] in
            let names = [pin["package"], pin["identity"]].compactMap { $0 as? String }
            let locations = [pin["repositoryURL"], pin["location"]].compactMap { $0 as? String }.compactMap(repositoryName)
            return names + locations
        }
    }

    /// The last component of a repository URL or `owner/name`, without `.git`/`.json`.
    static func repositoryName(_ location: String) -> String? {
        var name = location.split(separator: "/").last.map(String.init) ?? ""
        for suffix in [".git", ".json"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.isEmpty ? nil : name
    }

    /// The non-empty lines of `text`, split where `Character.isNewline` splits (LF, VT, FF,
    /// CR, CR LF, NEL, LS, PS), found on the UTF-8 bytes: a `Character` walk of a long
    /// `Podfile.lock` cost more than reading the whole project file.
    static func lines(of text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var lineStart = 0
        var offset = 0
        func cut(_ end: Int, width: Int) {
            if end > lineStart {
                lines.append(text[utf8.index(utf8.startIndex, offsetBy: lineStart)..<utf8.index(utf8.startIndex, offsetBy: end)])
            }
            lineStart = end + width
        }
        var bytes = Array(utf8)
        bytes.append(0)  // a guard, so the two bytes after a lead byte can always be read
        bytes.append(0)
        let count = utf8.count
        while offset < count {
            let width: Int
            switch bytes[offset] {
            case 0x0A...0x0D: width = 1
            case 0xC2 where bytes[offset + 1] == 0x85: width = 2
            case 0xE2 where bytes[offset + 1] == 0x80 && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9): width = 3
            default: width = 0
            }
            if width > 0 { cut(offset, width: width) }
            offset += max(width, 1)
        }
        cut(count, width: 0)
        return lines
    }

    /// The text between the first pair of `'` or `"` quotes.
    private static func firstQuoted(_ line: Substring) -> String? {
        guard let open = line.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let quote = line[open]
        let rest = line[line.index(after: open)...]
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close])
    }
}
