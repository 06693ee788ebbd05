import Foundation
import Glibc

/// Uploads on disk, in the data directory: written to `tmp/` while they stream in, made
/// durable (`fsync` of file and folder) and renamed into `uploads/` before the analysis
/// row is committed, removed by delete or retention.
public final class UploadStore: Sendable {
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

    /// A new temporary file that an upload streams into.
    func makeTemporaryFile() throws -> UploadFile {
        try UploadFile(path: temporaryDirectory.appendingPathComponent(UUID().uuidString.lowercased() + ".part").path)
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

    public func remove(path: String) {
        unlink(path)
    }

    /// Removes files in `uploads/` that no analysis refers to (a crash between rename and commit).
    public func removeOrphans(keeping known: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: uploadsDirectory.path)) ?? []
        for name in names {
            let path = uploadsDirectory.appendingPathComponent(name).path
            if !known.contains(path) { unlink(path) }
        }
    }
}

/// One upload being written: counts and hashes what it writes.
final class UploadFile {
    let path: String
    private var descriptor: Int32
    private let digest = SHA256Digest()
    private(set) var byteCount: Int64 = 0
    /// The first bytes, to recognise a zip without reading the file back.
    private(set) var leadingBytes: [UInt8] = []

    init(path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ServerError.system("open \(path)", errno) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func write(_ bytes: ArraySlice<UInt8>) throws {
        if leadingBytes.count < 4 { leadingBytes += bytes.prefix(4 - leadingBytes.count) }
        digest.update(bytes)
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return }
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw ServerError.system("write \(path)", errno) }
                offset += written
            }
        }
        byteCount += Int64(bytes.count)
    }

    /// The SHA-256 of everything written.
    func sha256() -> String { digest.finalize() }

    func sync() throws {
        guard fsync(descriptor) == 0 else { throw ServerError.system("fsync \(path)", errno) }
        close(descriptor)
        descriptor = -1
    }

    /// Removes the unfinished file.
    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }
}
