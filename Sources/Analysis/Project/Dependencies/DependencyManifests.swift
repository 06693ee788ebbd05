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
        text.split(whereSeparator: \.isNewline).compactMap { rawLine in
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            guard line.hasPrefix("pod ") || line.hasPrefix("pod(") else { return nil }
            return firstQuoted(line).flatMap { $0.split(separator: "/").first.map(String.init) }
        }
    }

    /// The `PODS:` section's top entries: `  - Name (1.2.3)` or `  - Name/Sub (1.2.3):`.
    static func podfileLockNames(_ text: String) -> [String] {
        var names: [String] = []
        var inPods = false
        for line in text.split(whereSeparator: \.isNewline) {
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
        text.split(whereSeparator: \.isNewline).compactMap { line in
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

    /// The text between the first pair of `'` or `"` quotes.
    private static func firstQuoted(_ line: Substring) -> String? {
        guard let open = line.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let quote = line[open]
        let rest = line[line.index(after: open)...]
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close])
    }
}
