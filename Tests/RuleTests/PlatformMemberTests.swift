import Analysis
import Foundation
import XCTest

/// The keys UIKit and AppKit classes answer, one test per class family, through a project
/// subclass so that the lineage is followed as the rules follow it.
final class PlatformMemberTests: XCTestCase {
    private func members(_ className: String, subclassing superclass: String) -> ClassMembers {
        let header = "@interface \(className) : \(superclass)\n@end\n"
        let model = ProjectModel.build(files: [ProjectFile(path: "App/\(className).h", kind: .objc, contents: Data(header.utf8))])
        return model.members(of: className)
    }

    func testDocumentsAndWindowControllersOwnTheirWindow() {
        XCTAssertTrue(members("MyDocument", subclassing: "NSDocument").answersKey("window"))
        XCTAssertTrue(members("MyDatabase", subclassing: "NSPersistentDocument").answersKey("window"))
        XCTAssertTrue(members("MyWindowController", subclassing: "NSWindowController").answersKey("window"))
        XCTAssertFalse(members("MyDocument", subclassing: "NSDocument").answersKey("contentView"))
    }

    func testApplicationAndResponderKeys() {
        XCTAssertTrue(members("MyApplication", subclassing: "NSApplication").answersKey("delegate"))
        XCTAssertTrue(members("MyApplication", subclassing: "NSApplication").answersKey("mainMenu"))
        XCTAssertTrue(members("MyTable", subclassing: "NSTableView").answersKey("menu"), "NSResponder's menu")
        XCTAssertTrue(members("MyTouchApplication", subclassing: "UIApplication").answersKey("delegate"))
    }

    func testCellsAnswerMenuAndTheComboBoxCellItsDataSource() {
        XCTAssertTrue(members("MyCell", subclassing: "NSCell").answersKey("menu"))
        XCTAssertTrue(members("MyButtonCell", subclassing: "NSButtonCell").answersKey("target"), "NSActionCell's target")
        XCTAssertTrue(members("MyComboCell", subclassing: "NSComboBoxCell").answersKey("dataSource"))
        XCTAssertTrue(members("MyComboCell", subclassing: "NSComboBoxCell").answersKey("representedObject"), "NSCell, four classes up")
        XCTAssertFalse(members("MyCell", subclassing: "NSCell").answersKey("dataSource"))
    }

    func testWebViewsAnswerTheirDelegates() {
        let legacy = members("DragWebView", subclassing: "WebView")
        for key in ["UIDelegate", "frameLoadDelegate", "policyDelegate", "resourceLoadDelegate", "downloadDelegate", "menu"] {
            XCTAssertTrue(legacy.answersKey(key), key)
        }
        XCTAssertTrue(members("MyWKWebView", subclassing: "WKWebView").answersKey("navigationDelegate"))
    }

    func testPopoversTabItemsAndPanels() {
        XCTAssertTrue(members("MyPopover", subclassing: "NSPopover").answersKey("contentViewController"))
        XCTAssertTrue(members("MyTabItem", subclassing: "NSTabViewItem").answersKey("view"))
        XCTAssertTrue(members("MyOpenPanel", subclassing: "NSOpenPanel").answersKey("accessoryView"))
        XCTAssertTrue(members("MyOpenPanel", subclassing: "NSOpenPanel").answersKey("delegate"), "NSWindow's delegate")
    }

    func testUIKitGestureRecognizersAndButtons() {
        XCTAssertTrue(members("MyPan", subclassing: "UIPanGestureRecognizer").answersKey("maximumNumberOfTouches"))
        XCTAssertTrue(members("MyPan", subclassing: "UIPanGestureRecognizer").answersKey("delegate"))
        XCTAssertTrue(members("MyPress", subclassing: "UILongPressGestureRecognizer").answersKey("minimumPressDuration"))
        XCTAssertTrue(members("MySwipe", subclassing: "UISwipeGestureRecognizer").answersKey("direction"))
        XCTAssertTrue(members("MyButton", subclassing: "UIButton").answersKey("menu"))
        XCTAssertFalse(members("MyButton", subclassing: "UIButton").answersKey("direction"))
    }
}
