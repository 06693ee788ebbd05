import Analysis
import Foundation
import TestSupport
import XCTest

final class FolderInputTests: XCTestCase {
    func testFolderListsInterfaceBuilderAndSourceFilesButNotImages() throws {
        let root = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Views"), withIntermediateDirectories: true)
        try Data("<document/>".utf8).write(to: root.appendingPathComponent("App/Views/Card.xib"))
        try Data("class Card {}".utf8).write(to: root.appendingPathComponent("App/Views/Card.swift"))
        try Data(repeating: 0xFF, count: 100).write(to: root.appendingPathComponent("App/icon.png"))

        let input = try ProjectInput.read(path: root.path, limits: ArchiveLimits())

        XCTAssertEqual(input.files.map(\.path), ["App/Views/Card.swift", "App/Views/Card.xib"])
        XCTAssertEqual(input.files.map(\.kind), [.swift, .xib])
        XCTAssertEqual(input.totalEntries, 3)
        XCTAssertEqual(input.totalBytes, 11 + 13 + 100)
    }

    func testSymbolicLinkToTheProjectIsFollowedButLinksInsideAreNot() throws {
        let root = try Fixtures.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let project = root.appendingPathComponent("Project")
        try FileManager.default.createDirectory(at: project.appendingPathComponent("App"), withIntermediateDirectories: true)
        try Data("class Card {}".utf8).write(to: project.appendingPathComponent("App/Card.swift"))
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("App/Secret.swift").path,
                                                   withDestinationPath: "/etc/hostname")
        let link = root.appendingPathComponent("workspace")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: project.path)

        let input = try ProjectInput.read(path: link.path, limits: ArchiveLimits())

        XCTAssertEqual(input.files.map(\.path), ["App/Card.swift", "App/Secret.swift"])
        XCTAssertEqual(input.files.map(\.status), [.analysed, .skipped])
        XCTAssertNil(input.files[1].contents)
    }

    func testMissingPathIsANamedError() {
        XCTAssertThrowsError(try ProjectInput.read(path: "/nonexistent/nibscan", limits: ArchiveLimits())) { error in
            XCTAssertEqual((error as? CodedError)?.code, "input.not-found")
        }
    }
}
