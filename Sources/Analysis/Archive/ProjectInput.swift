import Foundation

/// The files of one project, read from a zip archive or a folder: what the later stages
/// see, whatever the project came in.
public struct ProjectInput: Sendable {
    /// The archive's or folder's name without extension, for the report.
    public var defaultName: String
    /// Every file the report lists: the ones the analysis reads, and every entry that was
    /// refused or skipped for a reason worth telling.
    public var files: [ProjectFile]
    /// All entries or files, including images and binaries that are never read.
    public var totalEntries: Int
    /// Their total uncompressed size.
    public var totalBytes: Int64

    public init(defaultName: String, files: [ProjectFile], totalEntries: Int, totalBytes: Int64) {
        self.defaultName = defaultName
        self.files = files
        self.totalEntries = totalEntries
        self.totalBytes = totalBytes
    }

    /// Reads a `.zip` file or a folder; a zip's entries are inflated on up to `concurrency` threads.
    public static func read(path: String, limits: ArchiveLimits, concurrency: Int = 1) throws -> ProjectInput {
        try ThreadTeam.with(size: concurrency) { try read(path: path, limits: limits, team: $0) }
    }

    /// Reads a `.zip` file or a folder; a zip's entries are inflated on the threads of `team`.
    static func read(path: String, limits: ArchiveLimits, team: ThreadTeam) throws -> ProjectInput {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ProjectInputError.notFound(path: path)
        }
        if isDirectory.boolValue {
            return try readFolder(path: path, limits: limits)
        }
        return try readZip(path: path, limits: limits, team: team)
    }

    /// Whether the analysis needs a file's bytes: Interface Builder files, sources, and
    /// the project, package and dependency files the project model reads, and `.nibscan.yml`. Images and binaries are never read, nor the
    /// resource forks macOS adds to the zips it makes (`__MACOSX/…`, `._Name.xib`), which
    /// carry a project file's extension but none of its content.
    public static func isNeededByAnalysis(path: String) -> Bool { neededKind(ofPath: path) != nil }

    /// The kind of a file the analysis needs (``isNeededByAnalysis(path:)``), `nil` for any
    /// other: readers keep the kind rather than work it out from the path again.
    public static func neededKind(ofPath path: String) -> FileEntry.Kind? {
        let name = PathPieces.lastComponent(of: path[...]) ?? ""
        if name.utf8.starts(with: "._".utf8) || path.utf8.starts(with: "__MACOSX/".utf8) { return nil }
        let kind = ProjectFile.kind(ofPath: path)
        return kind != .other || name == ProjectConfiguration.fileName ? kind : nil
    }
}

/// Why a project as a whole could not be read.
public enum ProjectInputError: CodedError, Equatable {
    case notFound(path: String)
    case unreadable(path: String, reason: String)

    public var code: String {
        switch self {
        case .notFound: "input.not-found"
        case .unreadable: "input.unreadable"
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path): "no file or folder at \(path)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        }
    }
}
