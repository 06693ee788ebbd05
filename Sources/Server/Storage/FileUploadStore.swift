import Foundation
import Glibc

/// Uploads on disk, in the data directory (with SQLite, one node): written to `tmp/` while
/// they stream in, made durable (`fsync` of file and folder) and renamed into `uploads/`
/// before the analysis row is committed, removed by delete or retention.
public final class FileUploadStore: UploadStorage {
    public let uploadsDirectory: URL
    public let temporaryDirectory: URL

    /// Creates the folders; empties `tmp/`, whose files were never accepted.
    public init(dataDirectory: URL) throws {
        uploadsDirectory = dataDirectory.appendingPathComponent("uploads", isDirectory: true)
        temporaryDirectory = dataDirectory.appendingPathComponent("tmp", isDirectory: true)
        let files = FileManager.default
        try? files.removeItem(at: temporaryDirectory)
        for folder in [uploadsDirectory, temporaryDirectory] {
            do {
                try files.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ServerError.invalidSetting("--data-dir", "cannot create \(folder.path): \(error.localizedDescription)")
            }
        }
    }

    func makeTemporaryFile() throws -> UploadFile {
        try UploadFile(in: temporaryDirectory)
    }

    /// Makes the file durable under `uploads/<id>.zip` and returns that path.
    func keep(_ file: UploadFile, as id: String) throws -> String {
        let destination = uploadsDirectory.appendingPathComponent("\(id).zip").path
        try file.sync()
        guard rename(file.path, destination) == 0 else { throw ServerError.system("rename \(file.path)", errno) }
        let folder = open(uploadsDirectory.path, O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        return destination
    }

    public func remove(_ reference: String) {
        unlink(reference)
    }

    /// Removes files in `uploads/` that no analysis refers to (a crash between rename and commit).
    public func removeOrphans(referencedBy store: AnalysisStore) throws {
        let known = try store.storedUploadPaths()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: uploadsDirectory.path)) ?? []
        for name in names {
            let path = uploadsDirectory.appendingPathComponent(name).path
            if !known.contains(path) { unlink(path) }
        }
    }

    /// The stored file itself: it is already local.
    public func withLocalFile<Result>(_ reference: String, _ body: (String) throws -> Result) throws -> Result {
        try body(reference)
    }
}
