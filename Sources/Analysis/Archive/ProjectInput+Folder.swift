import Foundation

extension ProjectInput {
    /// Walks a folder without following symbolic links; reads the files the analysis needs
    /// within the same per-file and total limits as an archive. A subfolder that cannot be
    /// listed is reported as an `error` entry; the root folder not being listable is fatal.
    /// Of two files that are one on macOS (names differing only in case or Unicode
    /// normalisation), the first in byte order is read and the other skipped unread, so it
    /// does not count toward the total limit.
    static func readFolder(path: String, limits: ArchiveLimits) throws -> ProjectInput {
        // The root is followed when it is a symbolic link (a CI workspace often is one);
        // links below it are not.
        let root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey, .fileSizeKey]
        let unlisted = UnlistedFolders()
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys, options: [],
                                                              errorHandler: unlisted.record) else {
            throw ProjectInputError.unreadable(path: path, reason: "the folder cannot be listed")
        }
        // The walk only lists; files are read afterwards, in byte order of their paths, so
        // that collisions and the total limit do not depend on the order the walk met them.
        var needed: [NeededFile] = []
        // Symbolic links and folders that could not be listed: never compared for collisions.
        var notCompared: [ProjectFile] = []
        var totalEntries = 0
        var totalBytes: Int64 = 0
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(rootPath.count))
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isSymbolicLink == true {
                totalEntries += 1
                notCompared.append(ProjectFile(path: relative, kind: ProjectFile.kind(ofPath: relative), contents: nil,
                                               status: .skipped, reason: "symbolic link, not followed"))
                continue
            }
            guard values?.isRegularFile == true else { continue }
            totalEntries += 1
            let size = Int64(values?.fileSize ?? 0)
            totalBytes += size
            if let kind = neededKind(ofPath: relative) { needed.append(NeededFile(url: url, path: relative, kind: kind, size: size)) }
        }
        for (url, reason) in unlisted.failures {
            let folder = url.standardizedFileURL.path
            guard folder.count > rootPath.count else {
                throw ProjectInputError.unreadable(path: path, reason: "the folder cannot be listed: \(reason)")
            }
            notCompared.append(ProjectFile(path: String(folder.dropFirst(rootPath.count)), kind: .other, contents: nil,
                                           status: .error, reason: "folder cannot be listed: \(reason)"))
        }
        let read = try readInByteOrder(needed, limits: limits, folder: path)
        return ProjectInput(defaultName: root.lastPathComponent, files: (read + notCompared).sortedByPath(),
                            totalEntries: totalEntries, totalBytes: totalBytes)
    }

    /// Reads `needed` in byte order of their paths: a file that is the same on macOS as an
    /// earlier one is skipped unread (a case-sensitive Linux checkout can hold both), one over
    /// the per-file limit is skipped, and more bytes than the total limit refuse the folder.
    private static func readInByteOrder(_ needed: [NeededFile], limits: ArchiveLimits, folder: String) throws -> [ProjectFile] {
        var collisions = MacPathCollisions()
        var readBytes: Int64 = 0
        return try needed.sorted { ProjectFile.pathPrecedes($0.path, $1.path) }.map { file in
            if let first = collisions.claim(file.path) {
                let problem = ArchiveEntryError(entry: file.path, cause: .nameCollision(first: first))
                return ProjectFile(path: file.path, kind: file.kind, contents: nil, status: problem.status, reason: problem.reason)
            }
            if file.size > limits.maxEntryBytes {
                return ProjectFile(path: file.path, kind: file.kind, contents: nil, status: .skipped,
                                   reason: "\(file.size) bytes, over the per-file limit of \(limits.maxEntryBytes)")
            }
            if readBytes + file.size > limits.maxTotalInflatedBytes {
                throw ProjectInputError.unreadable(path: folder, reason: "more than \(limits.maxTotalInflatedBytes) bytes of files to read")
            }
            readBytes += file.size
            do {
                return ProjectFile(path: file.path, kind: file.kind, contents: try Data(contentsOf: file.url))
            } catch {
                return ProjectFile(path: file.path, kind: file.kind, contents: nil, status: .error,
                                   reason: "cannot be read: \(error.localizedDescription)")
            }
        }
    }
}

/// A file the walk found that the analysis reads, not yet read.
private struct NeededFile {
    var url: URL
    var path: String
    var kind: FileEntry.Kind
    var size: Int64
}

/// The folders a walk could not list, collected by the enumerator's error handler (which
/// runs synchronously on the walking thread, inside the walk).
private final class UnlistedFolders {
    private(set) var failures: [(URL, String)] = []

    func record(_ url: URL, _ error: any Error) -> Bool {
        failures.append((url, error.localizedDescription))
        return true
    }
}
