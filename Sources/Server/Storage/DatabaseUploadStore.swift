import Foundation
import Glibc

/// Uploads in the database, so that any node can run any analysis: received into a local
/// temporary file, then copied into `upload_chunks` one chunk at a time in one transaction
/// (committed before the analysis row); copied out the same way into a local temporary
/// file while an analysis runs; removed by delete or retention. At most one chunk of an
/// upload is in memory at a time.
final class DatabaseUploadStore: UploadStorage {
    static let chunkSize = 1 << 20
    /// An upload that no analysis refers to after this long was left by a crash between
    /// keeping it and committing its analysis (a younger one may be in flight on another node).
    static let orphanAge: TimeInterval = 3600

    private let database: Database
    let temporaryDirectory: URL

    /// Uses `temporaryDirectory` (emptied: its files were never accepted) on this node.
    init(database: Database, temporaryDirectory: URL) throws {
        self.database = database
        self.temporaryDirectory = temporaryDirectory
        try? FileManager.default.removeItem(at: temporaryDirectory)
        do {
            try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
        } catch {
            throw ServerError.invalidSetting("--data-dir", "cannot create \(temporaryDirectory.path): \(error.localizedDescription)")
        }
    }

    func makeTemporaryFile() throws -> UploadFile {
        try UploadFile(in: temporaryDirectory)
    }

    /// Copies the file into the database under `id` (its reference) and removes it.
    func keep(_ file: UploadFile, as id: String) throws -> String {
        try file.sync()
        defer { unlink(file.path) }
        let input = try LocalFile(reading: file.path)
        try database.withConnection { database in
            try database.transaction {
                try database.query("INSERT INTO uploads (id, byte_count, chunk_count, created_at) VALUES (?, ?, 0, ?)",
                                   [.text(id), .integer(file.byteCount), .real(Date().timeIntervalSince1970)])
                var number: Int64 = 0
                while let chunk = try input.read(upTo: Self.chunkSize) {
                    try database.query("INSERT INTO upload_chunks (upload_id, number, bytes) VALUES (?, ?, ?)",
                                       [.text(id), .integer(number), .blob(chunk)])
                    number += 1
                }
                try database.query("UPDATE uploads SET chunk_count = ? WHERE id = ?", [.integer(number), .text(id)])
            }
        }
        return id
    }

    func remove(_ reference: String) {
        _ = try? database.withConnection { try $0.query("DELETE FROM uploads WHERE id = ?", [.text(reference)]) }
    }

    func removeOrphans(referencedBy store: AnalysisStore) throws {
        try database.withConnection { database in
            try database.query("""
                DELETE FROM uploads WHERE created_at < ?
                AND NOT EXISTS (SELECT 1 FROM analyses WHERE analyses.upload_path = uploads.id)
                """, [.real(Date().timeIntervalSince1970 - Self.orphanAge)])
        }
    }

    /// Copies the upload into a temporary file for `body`, then removes that file.
    func withLocalFile<Result>(_ reference: String, _ body: (String) throws -> Result) throws -> Result {
        let file = try UploadFile(in: temporaryDirectory)
        defer { file.discard() }
        let chunks = try database.withConnection { database in
            try database.query("SELECT chunk_count FROM uploads WHERE id = ?", [.text(reference)]).first?.integer("chunk_count")
        }
        guard let chunks else { throw ServerError.database("upload \(reference) is not stored") }
        for number in 0 ..< chunks {
            let bytes = try database.withConnection { database in
                try database.query("SELECT bytes FROM upload_chunks WHERE upload_id = ? AND number = ?",
                                   [.text(reference), .integer(number)]).first?.blob("bytes")
            }
            guard let bytes else { throw ServerError.database("upload \(reference) lacks chunk \(number)") }
            try file.write(ArraySlice(bytes))
        }
        try file.sync()
        return try body(file.path)
    }
}

/// A file read sequentially in chunks.
private final class LocalFile {
    private let descriptor: Int32
    private let path: String

    init(reading path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ServerError.system("open \(path)", errno) }
    }

    deinit {
        close(descriptor)
    }

    /// The next bytes, at most `count`; `nil` at the end.
    func read(upTo count: Int) throws -> Data? {
        var buffer = Data(count: count)
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in Glibc.read(descriptor, raw.baseAddress! + filled, count - filled) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw ServerError.system("read \(path)", errno) }
            if got == 0 { break }
            filled += got
        }
        guard filled > 0 else { return nil }
        return buffer.prefix(filled)
    }
}
