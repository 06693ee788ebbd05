import Analysis
import Foundation
import XCTest

/// `nibscan analyze` grows its heap once on transparent huge pages: the grown part of the
/// heap carries the `hg` flag (`MADV_HUGEPAGE`) in `/proc/self/smaps`.
final class OneShotProcessTests: XCTestCase {
    func testTheGrownHeapIsAdvisedForHugePages() throws {
        #if os(Linux)
        let setting = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? "[never]"
        guard !setting.contains("[never]") else { throw XCTSkip("transparent huge pages are off on this machine") }
        XCTAssertTrue(OneShotProcess.preferHugePageHeap(), "the kernel took the advice")
        // Read to the end: a /proc file has no size to read up to.
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let advised = smaps.split(separator: "\n").contains { line in
            line.hasPrefix("VmFlags:") && line.split(separator: " ").contains("hg")
        }
        XCTAssertTrue(advised, "a mapping carries MADV_HUGEPAGE")
        // Memory still works as before.
        let bytes = [UInt8](repeating: 7, count: 40 << 20)
        XCTAssertEqual(bytes.last, 7)
        #else
        throw XCTSkip("Linux only")
        #endif
    }
}
