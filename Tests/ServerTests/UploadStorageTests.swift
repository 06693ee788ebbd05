import Foundation
@testable import Server
import TestSupport
import XCTest

/// Uploads kept in the database, on SQLite and on PostgreSQL: copied in and out chunk by
/// chunk, byte for byte, removed by delete and by the orphan sweep.
final class DatabaseUploadStoreTests: EngineTestCase {
    private var directory: URL!
    private var store: AnalysisStore!
    private var uploads: DatabaseUploadStore!

    override func prepare(_ engine: TestEngine) throws {
        directory = try Fixtures.makeTemporaryDirectory()
        let database = try Database(try AnalysisStoreTests.location(on: engine, in: directory))
        store = AnalysisStore(database: database)
        uploads = try DatabaseUploadStore(database: database, temporaryDirectory: directory.appendingPathComponent("tmp"))
    }

    override func cleanUp(_ engine: TestEngine) throws {
        uploads = nil
        store = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// Keeps `bytes` as the upload of analysis `id` the way a request does: streamed into a temporary file first.
    private func keep(_ bytes: [UInt8], as id: String) throws -> String {
        let file = try uploads.makeTemporaryFile()
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + 64 * 1024, bytes.count)
            try file.write(bytes[offset ..< end])
            offset = end
        }
        return try uploads.keep(file, as: id)
    }

    private func chunkCount(_ reference: String) throws -> Int64? {
        try store.withDatabase { try $0.query("SELECT COUNT(*) AS n FROM upload_chunks WHERE upload_id = ?", [.text(reference)]).first?.integer("n") }
    }

    func testAnUploadOfSeveralChunksComesBackByteForByte() throws {
        try onEachEngine {
            // 251 is prime: no chunk starts with the same bytes as another, so a misordered copy differs.
            let bytes = (0 ..< DatabaseUploadStore.chunkSize * 2 + 12_345).map { UInt8($0 % 251) }
            let reference = try keep(bytes, as: "a")
            XCTAssertEqual(try chunkCount(reference), 3)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: uploads.temporaryDirectory.path), [], "the received file is gone once kept")
            let read = try uploads.withLocalFile(reference) { path in try Data(contentsOf: URL(fileURLWithPath: path)) }
            XCTAssertEqual(read, Data(bytes))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: uploads.temporaryDirectory.path), [], "the local copy is removed after use")
            uploads.remove(reference)
            XCTAssertEqual(try chunkCount(reference), 0)
            XCTAssertThrowsError(try uploads.withLocalFile(reference) { _ in () }) { XCTAssertTrue("\($0)".contains("not stored")) }
        }
    }

    func testAnEmptyUploadIsKeptWithoutChunks() throws {
        try onEachEngine {
            let reference = try keep([], as: "empty")
            XCTAssertEqual(try chunkCount(reference), 0)
            XCTAssertEqual(try uploads.withLocalFile(reference) { try Data(contentsOf: URL(fileURLWithPath: $0)) }, Data())
        }
    }

    func testTheOrphanSweepRemovesOnlyOldUploadsNoAnalysisRefersTo() throws {
        try onEachEngine {
            let referenced = try keep([1, 2, 3], as: "referenced")
            let orphan = try keep([4, 5, 6], as: "orphan")
            let young = try keep([7, 8, 9], as: "young")
            _ = try store.insert(AnalysisRecord(id: "referenced", createdAt: Date(), metadata: .init(), projectName: nil, uploadPath: referenced,
                                                uploadBytes: 3, uploadSHA256: "ab"))
            let old = Date().timeIntervalSince1970 - DatabaseUploadStore.orphanAge - 60
            try store.withDatabase { try $0.query("UPDATE uploads SET created_at = ? WHERE id <> ?", [.real(old), .text(young)]) }
            try uploads.removeOrphans(referencedBy: store)
            let left = try store.withDatabase { try $0.query("SELECT id FROM uploads ORDER BY id").compactMap { $0.text("id") } }
            XCTAssertEqual(left, [referenced, young].sorted(), "\(orphan) was left by a crash; \(young) may be in flight on another node")
        }
    }
}
