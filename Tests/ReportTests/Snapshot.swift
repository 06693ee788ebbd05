import Foundation
import XCTest

/// Compares rendered text with its pinned expectation in ``ReportSnapshots``. On a
/// mismatch it names the first differing line and writes the whole actual text to a
/// temporary file, for review and for updating the expectation on purpose.
enum Snapshot {
    static func assertMatches(_ text: String, _ expected: String, named name: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        guard text != expected else { return }
        let actualLines = text.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        let difference = zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("nibscan-snapshot-\(name)")
        try? Data(text.utf8).write(to: saved)
        XCTFail("""
            \(name) differs from its snapshot at line \(difference + 1) (actual text in \(saved.path)):
            expected: \(difference < expectedLines.count ? expectedLines[difference] : "<end>")
            actual:   \(difference < actualLines.count ? actualLines[difference] : "<end>")
            """, file: file, line: line)
    }
}
