import Foundation

/// The files of a folder that `nibscan submit` uploads: under git, what
/// `git ls-files -co --exclude-standard` lists (tracked and untracked, without what
/// `.gitignore` ignores); otherwise every regular file, `.git` left out. Symbolic links
/// are never followed. Sorted by path, so the archive is the same on every run.
enum SubmittedFiles {
    static func list(folder: URL) throws -> [StreamedZip.Entry] {
        let names = try gitListing(folder: folder) ?? walk(folder: folder)
        return try names.sorted().compactMap { name in
            let url = folder.appendingPathComponent(name)
            guard let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey]),
                  values.isRegularFile == true, values.isSymbolicLink != true else { return nil }
            guard let size = values.fileSize else { throw StreamedZip.Failure(description: "cannot read the size of \(name)") }
            return StreamedZip.Entry(name: name, url: url, size: UInt64(size))
        }
    }

    /// The git listing relative to `folder`, or `nil` when it is not in a git work tree
    /// (or git is missing).
    private static func gitListing(folder: URL) throws -> [String]? {
        guard let output = run(["git", "-C", folder.path, "ls-files", "-co", "--exclude-standard", "-z"]) else { return nil }
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func walk(folder: URL) throws -> [String] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw StreamedZip.Failure(description: "cannot list the folder \(folder.path)")
        }
        var names: [String] = []
        while let name = enumerator.nextObject() as? String {
            if name == ".git" || name.hasPrefix(".git/") {
                enumerator.skipDescendants()
                continue
            }
            names.append(name)
        }
        return names
    }

    /// The standard output of a command that exits 0, else `nil`.
    private static func run(_ command: [String]) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nibscan-git-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: output.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: output) else { return nil }
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        try? handle.close()
        guard process.terminationStatus == 0 else { return nil }
        return try? Data(contentsOf: output)
    }
}
