@testable import Analysis
import XCTest

/// The built-in tables (platform classes and their members) are read by ``WordTable``: its
/// rows must be the lines' words as `split` gives them, whatever the spacing.
final class WordTableTests: XCTestCase {
    func testRowsAreTheWordsOfEachNonEmptyLine() {
        let texts = [
            "UIView layer frame\nUIControl enabled", "  UIView  layer \n\n\nUIControl enabled\n", "", "\n\n", "one",
            "a b c\n d\ne ", String(repeating: "word ", count: 300),
        ]
        for text in texts {
            let expected = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
            XCTAssertEqual(WordTable.rows(text), expected, text)
        }
    }

    func testEveryPlatformTableIsRead() {
        XCTAssertEqual(PlatformClasses.superclass["UIButton"], "UIControl")
        XCTAssertEqual(PlatformClasses.superclass["UIView"], "UIResponder")
        XCTAssertTrue(PlatformMembers.keys["UIView"]?.contains("layer") == true)
        XCTAssertTrue(PlatformMembers.keys["UIView"]?.contains("tintAdjustmentMode") == true, "the last word of a line")
        XCTAssertTrue(PlatformMembers.keys["NSObject"]?.contains("accessibilityLabel") == true, "the first line")
        XCTAssertFalse(PlatformMembers.keys.values.contains { $0.contains("") })
        XCTAssertFalse(PlatformMembers.actions.isEmpty)
    }
}
