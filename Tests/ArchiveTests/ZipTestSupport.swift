import Analysis
import Foundation
import TestSupport
import XCTest

/// Writes a built archive to a temporary file and reads it through `ProjectInput`.
func readArchive(_ zip: ZipBuilder, limits: ArchiveLimits = ArchiveLimits(),
                 name: String = "Project.zip", concurrency: Int = 1) throws -> ProjectInput {
    try readArchiveBytes(zip.build(), limits: limits, name: name, concurrency: concurrency)
}

func readArchiveBytes(_ bytes: Data, limits: ArchiveLimits = ArchiveLimits(),
                      name: String = "Project.zip", concurrency: Int = 1) throws -> ProjectInput {
    let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-zip")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(name)
    try bytes.write(to: url)
    return try ProjectInput.read(path: url.path, limits: limits, concurrency: concurrency)
}

/// Asserts that reading the archive throws the error with `code`, and returns its message.
@discardableResult
func assertRefused(_ zip: ZipBuilder, code: String, limits: ArchiveLimits = ArchiveLimits(),
                   file: StaticString = #filePath, line: UInt = #line) -> String? {
    assertRefused(bytes: zip.build(), code: code, limits: limits, file: file, line: line)
}

@discardableResult
func assertRefused(bytes: Data, code: String, limits: ArchiveLimits = ArchiveLimits(),
                   file: StaticString = #filePath, line: UInt = #line) -> String? {
    var message: String?
    XCTAssertThrowsError(try readArchiveBytes(bytes, limits: limits), file: file, line: line) { error in
        XCTAssertEqual((error as? CodedError)?.code, code, "\(error)", file: file, line: line)
        message = (error as? CodedError)?.description
    }
    return message
}

/// Asserts the archive is read, and that `path` is listed with `status` and a reason
/// carrying `code`; the entry's bytes are never handed on.
func assertEntry(_ zip: ZipBuilder, path: String, status: FileEntry.Status, code: String,
                 limits: ArchiveLimits = ArchiveLimits(), file: StaticString = #filePath, line: UInt = #line) {
    do {
        let input = try readArchive(zip, limits: limits)
        guard let entry = input.files.first(where: { $0.path == path }) else {
            return XCTFail("\(path) not listed in \(input.files.map(\.path))", file: file, line: line)
        }
        XCTAssertEqual(entry.status, status, file: file, line: line)
        XCTAssertNil(entry.contents, file: file, line: line)
        XCTAssertTrue(entry.reason?.hasSuffix("(\(code))") == true, "reason: \(entry.reason ?? "none")", file: file, line: line)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
    }
}

extension ProjectInput {
    /// The bytes read for `path`, as text.
    func text(of path: String) -> String? {
        files.first { $0.path == path }?.contents.map { String(decoding: $0, as: UTF8.self) }
    }
}
