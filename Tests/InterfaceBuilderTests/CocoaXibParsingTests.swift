import Analysis
import XCTest

final class CocoaXibParsingTests: XCTestCase {
    private let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES" customObjectInstantitationMethod="direct">
        <objects>
            <customObject id="-2" userLabel="File's Owner" customClass="PreferencesWindowController" customModule="Pock" customModuleProvider="target">
                <connections>
                    <outlet property="window" destination="F0z-JX-Cv5" id="gIp-Ho-8D9"/>
                </connections>
            </customObject>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="-3" userLabel="Application" customClass="NSObject"/>
            <window title="Preferences" id="F0z-JX-Cv5">
                <rect key="contentRect" x="196" y="240" width="480" height="270"/>
                <view key="contentView" id="se5-gp-TjO">
                    <rect key="frame" x="0.0" y="0.0" width="480" height="270"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>
                        <button verticalHuggingPriority="750" translatesAutoresizingMaskIntoConstraints="NO" id="btn-1">
                            <rect key="frame" x="14" y="13" width="76" height="32"/>
                            <buttonCell key="cell" type="push" title="Reset" bezelStyle="rounded" alignment="center" id="cell-1">
                                <font key="font" metaFont="system"/>
                            </buttonCell>
                            <connections>
                                <action selector="reset:" target="-2" id="act-1"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </window>
            <customObject id="delegate" customClass="AppDelegate" customModule="Pock"/>
        </objects>
    </document>
    """

    func testPlaceholdersByCocoaIDs() throws {
        let document = parseIB(xml)
        XCTAssertEqual(document.status, .analysed, document.reason ?? "")
        XCTAssertEqual(document.platform, .macOS)
        XCTAssertEqual(document.objects.prefix(3).map(\.placeholder), [.filesOwner, .firstResponder, .application])
        XCTAssertEqual(document.filesOwner?.customClass, "PreferencesWindowController")
        XCTAssertNil(try XCTUnwrap(document.object(withID: "delegate")).placeholder)
        XCTAssertEqual(document.instantiatedTopLevelObjects.map(\.id), ["F0z-JX-Cv5", "delegate"])
        XCTAssertEqual(document.rootViews.map(\.id), [], "a window and an object are not views")
    }

    func testActionTargetAndContentView() throws {
        let document = parseIB(xml)
        let action = try XCTUnwrap(document.connections.first { $0.kind == .action })
        XCTAssertEqual(action.selector, "reset:")
        XCTAssertEqual(action.destination, "-2", "Cocoa's target= is the action's destination")
        XCTAssertEqual(action.sourceID, "btn-1")
        let contentView = try XCTUnwrap(document.object(withID: "se5-gp-TjO"))
        XCTAssertEqual(contentView.key, "contentView")
        XCTAssertEqual(contentView.autoresizingMask, [])
        XCTAssertEqual(document.subviews(of: contentView).map(\.id), ["btn-1"])
        let button = try XCTUnwrap(document.object(withID: "btn-1"))
        XCTAssertEqual(document.children(of: button).map(\.element), ["buttonCell"])
        XCTAssertEqual(document.objects.first { $0.id == "cell-1" }?.key, "cell")
        XCTAssertFalse(try XCTUnwrap(document.object(withID: "cell-1")).isViewLike)
    }
}
