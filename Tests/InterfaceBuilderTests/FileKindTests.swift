import Analysis
import XCTest

final class FileKindTests: XCTestCase {
    func testInterfaceBuilderKindsByExtension() {
        XCTAssertEqual(ProjectFile.kind(ofPath: "App/Base.lproj/Main.storyboard"), .storyboard)
        XCTAssertEqual(ProjectFile.kind(ofPath: "App/Card~ipad.xib"), .xib)
        XCTAssertEqual(ProjectFile.kind(ofPath: "App/Legacy.nib"), .nib)
    }
}
