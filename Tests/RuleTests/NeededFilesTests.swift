import Analysis
import XCTest

final class NeededFilesTests: XCTestCase {
    func testProjectConfigurationIsReadButImagesAreNot() {
        XCTAssertTrue(ProjectInput.isNeededByAnalysis(path: "App.xcodeproj/project.pbxproj"))
        XCTAssertTrue(ProjectInput.isNeededByAnalysis(path: "Podfile"))
        XCTAssertFalse(ProjectInput.isNeededByAnalysis(path: "Assets.xcassets/icon.png"))
    }
}
