import Analysis
import Foundation
import XCTest

final class LayoutAttributeParsingTests: XCTestCase {
    func testStackAxesAndTableRowHeights() throws {
        let document = parseIB(iOSXib("""
                <tableView rowHeight="-1" estimatedRowHeight="44" id="auto"/>
                <tableView rowHeight="44" id="fixed"/>
                <view contentMode="scaleToFill" id="root">
                    <subviews>
                        <stackView axis="vertical" id="column"/>
                        <stackView id="row"/>
                    </subviews>
                </view>
        """))
        XCTAssertEqual(document.object(withID: "auto")?.layout.sizesRowsAutomatically, true)
        XCTAssertEqual(document.object(withID: "fixed")?.layout.rowHeight, 44)
        XCTAssertEqual(document.object(withID: "fixed")?.layout.sizesRowsAutomatically, false)
        XCTAssertEqual(document.object(withID: "column")?.layout.isVerticalStack, true)
        XCTAssertEqual(document.object(withID: "row")?.layout.isVerticalStack, false)
    }

    func testAppKitStackOrientationAndContainerFrames() throws {
        let document = parseIB("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa" useAutolayout="YES">
            <objects>
                <window id="win">
                    <view key="contentView" id="content">
                        <subviews>
                            <stackView orientation="vertical" id="column"/>
                            <scrollView id="scroll">
                                <clipView key="contentView" id="clip"/>
                            </scrollView>
                        </subviews>
                    </view>
                </window>
            </objects>
        </document>
        """)
        XCTAssertEqual(document.object(withID: "column")?.layout.isVerticalStack, true)
        let framed = document.objects.filter(document.frameIsSetByContainer).map(\.id)
        XCTAssertEqual(framed, ["content", "clip"])
    }
}
