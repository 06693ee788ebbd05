import Analysis
@testable import Client
import Foundation
import TestSupport
import XCTest

/// The streamed archive: exactly the length announced, read back by nibscan's own zip
/// reader and by Info-ZIP, whatever the buffer sizes it is pulled with.
final class StreamedZipTests: XCTestCase {
    private func folder(_ files: [String: String]) throws -> URL {
        let folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-streamed-zip")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    private func drain(_ zip: StreamedZip, chunk: Int) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: chunk)
        for _ in 0 ..< 1_000_000 {
            let count = try buffer.withUnsafeMutableBytes { try zip.read(into: $0) }
            if count == 0 { break }
            data.append(contentsOf: buffer[0 ..< count])
        }
        return data
    }

    func testTheArchiveHasTheAnnouncedLengthAndReadsBack() throws {
        let files = ["App/A.swift": "import UIKit\nfinal class A: UIView {}\n", "App/Views/B.xib": "<document/>", "README.md": String(repeating: "x", count: 70_000),
                     "empty.txt": ""]
        let root = try folder(files)
        for chunk in [1, 7, 4096, 65_536] {
            let zip = try StreamedZip(entries: try SubmittedFiles.list(folder: root))
            let data = try drain(zip, chunk: chunk)
            XCTAssertEqual(UInt64(data.count), zip.length, "chunk \(chunk)")
            let archive = root.deletingLastPathComponent().appendingPathComponent("streamed-\(UUID().uuidString).zip")
            defer { try? FileManager.default.removeItem(at: archive) }
            try data.write(to: archive)
            let input = try ProjectInput.read(path: archive.path, limits: ArchiveLimits())
            XCTAssertEqual(input.totalEntries, 4)
            XCTAssertEqual(input.files.first { $0.path == "App/A.swift" }?.contents, Data(files["App/A.swift"]!.utf8))
            if chunk == 4096 {
                let check = Process()
                check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                check.arguments = ["unzip", "-tq", archive.path]
                check.standardOutput = FileHandle.nullDevice
                try check.run()
                check.waitUntilExit()
                XCTAssertEqual(check.terminationStatus, 0, "unzip -t accepts it")
            }
        }
    }

    func testAFileThatChangesWhileSentIsAClearFailure() throws {
        let root = try folder(["a.txt": "hello"])
        let zip = try StreamedZip(entries: try SubmittedFiles.list(folder: root))
        try Data("hello, world".utf8).write(to: root.appendingPathComponent("a.txt"))
        XCTAssertThrowsError(try drain(zip, chunk: 4096)) { error in
            XCTAssertEqual("\(error)", "a.txt grew while it was being sent")
        }
    }
}
