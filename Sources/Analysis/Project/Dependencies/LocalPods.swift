/// The pods a `Podfile` takes from the repository itself (`pod 'Kit', :path => '../'`), as
/// targets: CocoaPods builds the files under that folder into module `Kit` (a development
/// pod), so they ship although no Xcode target in the upload lists them, and their classes
/// are the project's own, not a dependency's.
enum LocalPods {
    /// One framework target per local pod of `podfile` (its upload path and text): every
    /// source, header and Interface Builder file under the pod's folder, except the
    /// consuming project's own tree (the Podfile's folder, when the pod's folder holds it, as
    /// `:path => '../'` does), `Pods/` and `.xcodeproj` folders. Another target may list the
    /// same files (a test project that compiles the library): a file has several targets.
    static func targets(podfile path: String, text: String, uploadPaths: [String]) -> [BuildTarget] {
        let podfileFolder = path.split(separator: "/").dropLast()
        let consumer = podfileFolder.joined(separator: "/")
        return DependencyManifests.lines(of: text).compactMap { line -> BuildTarget? in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("pod "), let name = quoted(in: trimmed), let relative = localPath(in: trimmed),
                  let folder = resolve(relative, from: Array(podfileFolder)) else { return nil }
            let module = BuildTarget.moduleName(String(name.split(separator: "/").first ?? Substring(name)))
            let folderPrefix = (folder + "/").utf8, consumerPrefix = (consumer + "/").utf8
            let holdsConsumer = consumer.isEmpty || folder.isEmpty || consumer.utf8.starts(with: folderPrefix)
            let inFolder = uploadPaths.filter { candidate in
                (folder.isEmpty || candidate.utf8.starts(with: folderPrefix))
                    && !(holdsConsumer && (consumer.isEmpty || candidate.utf8.starts(with: consumerPrefix)))
                    && !passesThroughToolFolder(candidate)
            }
            var sources: [String] = [], resources: [String] = [], headers: [String] = []
            for file in inFolder {
                switch ProjectFile.kind(ofPath: file) {
                case .swift: sources.append(file)
                case .objc: if file.hasSuffix(".h") { headers.append(file) } else { sources.append(file) }
                case .xib, .storyboard: resources.append(file)
                default: break
                }
            }
            guard !(sources.isEmpty && resources.isEmpty) else { return nil }
            return BuildTarget(name: module, container: path, kind: .framework, module: module,
                               sources: sources, resources: resources, headers: headers)
        }
    }

    /// Whether a folder on `path` is `Pods/`, an `.xcodeproj` or an `.xcworkspace`, whose
    /// files no pod builds.
    private static func passesThroughToolFolder(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for end in bytes.indices where bytes[end] == UInt8(ascii: "/") {
                let folder = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if folder.elementsEqual(pods) || toolFolderSuffixes.contains(where: { folder.reversed().starts(with: $0) }) { return true }
                start = end + 1
            }
            return false
        }
    }

    private static let pods = Array("Pods".utf8)
    /// `.xcodeproj` and `.xcworkspace`, reversed to compare with a folder name's end.
    private static let toolFolderSuffixes = [".xcodeproj", ".xcworkspace"].map { Array($0.utf8.reversed()) }

    /// The pod's name: the first quoted word of the line.
    private static func quoted(in line: Substring) -> String? {
        let parts = line.split(whereSeparator: { $0 == "'" || $0 == "\"" })
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// The value of `:path => '…'` or `path: '…'`.
    private static func localPath(in line: Substring) -> String? {
        guard let key = line.range(of: ":path") ?? line.range(of: "path:") else { return nil }
        let parts = line[key.upperBound...].split(whereSeparator: { $0 == "'" || $0 == "\"" })
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// `relative` (`../`, `Kit`) joined to the Podfile's folder, normalised; `nil` when it
    /// climbs out of the upload.
    private static func resolve(_ relative: String, from folder: [Substring]) -> String? {
        var parts = folder
        for piece in relative.split(separator: "/") where piece != "." && !piece.isEmpty {
            if piece == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(piece)
            }
        }
        return parts.joined(separator: "/")
    }
}
