import Analysis
import XCTest

/// Cocoa `<binding>`s: what the model keeps of each, where, and what it leaves alone.
final class BindingParsingTests: XCTestCase {
    private let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none" useAutolayout="YES">
        <objects>
            <customObject id="-2" userLabel="File's Owner" customClass="PreferencesViewController" customModule="App" customModuleProvider="target"/>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <view id="root">
                <subviews>
                    <textField id="name-field">
                        <textFieldCell key="cell" title="Name" id="name-cell"/>
                        <connections>
                            <outlet property="delegate" destination="-2" id="out-1"/>
                            <binding destination="-2" name="value" keyPath="self.representedObject.title" id="bind-1">
                                <dictionary key="options">
                                    <bool key="NSContinuouslyUpdatesValue" value="YES"/>
                                    <integer key="NSNullPlaceholder" value="0"/>
                                    <string key="NSValueTransformerName">Caps&amp;Trim</string>
                                    <string key="NSNoSelectionPlaceholder"/>
                                    <string>no key</string>
                                </dictionary>
                            </binding>
                            <binding destination="-2" name="enabled" keyPath="canEdit" previousBinding="bind-1" id="bind-2"/>
                        </connections>
                    </textField>
                </subviews>
            </view>
            <userDefaultsController representsSharedInstance="YES" id="defaults"/>
            <button id="check">
                <buttonCell key="cell" type="check" title="Sync" id="check-cell"/>
                <connections>
                    <binding destination="defaults" name="value" keyPath="values.sync" id="bind-3">
                        <dictionary key="other">
                            <bool key="ignored" value="YES"/>
                        </dictionary>
                    </binding>
                </connections>
            </button>
        </objects>
    </document>
    """

    func testBindingsKeepNameDestinationKeyPathOwnerAndLocation() throws {
        let document = parseIB(xml)
        XCTAssertEqual(document.status, .analysed, document.reason ?? "")
        XCTAssertEqual(document.bindings.map(\.id), ["bind-1", "bind-2", "bind-3"])
        XCTAssertEqual(document.bindings.map(\.index), [0, 1, 2])
        let value = document.bindings[0]
        XCTAssertEqual(value.name, "value")
        XCTAssertEqual(value.destination, "-2")
        XCTAssertEqual(value.keyPath, "self.representedObject.title")
        XCTAssertEqual(document.objects[value.object].id, "name-field")
        XCTAssertEqual(value.location, IBLocation(line: 12, column: 25))
        XCTAssertNil(value.previousBinding)
        XCTAssertEqual(document.bindings[1].previousBinding, "bind-1")
        XCTAssertEqual(document.objects[document.bindings[2].object].id, "check")
        XCTAssertEqual(document.bindings[2].destination, "defaults")
    }

    func testOptionsAreReadFromAttributesAndText() {
        let document = parseIB(xml)
        XCTAssertEqual(document.bindings[0].options, [
            "NSContinuouslyUpdatesValue": "YES",
            "NSNullPlaceholder": "0",
            "NSValueTransformerName": "Caps&Trim",
            "NSNoSelectionPlaceholder": "",
        ])
        XCTAssertEqual(document.bindings[1].options, [:])
        XCTAssertEqual(document.bindings[2].options, [:], "only the dictionary keyed options holds options")
    }

    func testTextAfterAnOptionGoesNowhere() throws {
        let document = parseIB("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <textField id="field">
                    <connections>
                        <binding destination="-2" name="value" keyPath="title" id="b1">
                            <dictionary key="options">
                                <integer key="NSNullPlaceholder"/>
                                <string key="NSValueTransformerName">Upper</string>
                            </dictionary>
                        </binding>
                    </connections>
                </textField>
                <button id="button">
                    <string key="toolTip">Not an option</string>
                </button>
            </objects>
        </document>
        """)
        XCTAssertEqual(document.bindings.first?.options, ["NSNullPlaceholder": "", "NSValueTransformerName": "Upper"])
    }

    func testBindingsAreNeitherObjectsNorConnections() throws {
        let document = parseIB(xml)
        XCTAssertEqual(document.connections.map(\.id), ["out-1"])
        XCTAssertFalse(document.objects.contains { $0.id.hasPrefix("bind-") })
        let field = try XCTUnwrap(document.object(withID: "name-field"))
        XCTAssertEqual(document.bindings(of: field).map(\.name), ["value", "enabled"])
        XCTAssertEqual(document.children(of: field).map(\.id), ["name-cell"])
    }

    func testDuplicateIDsIncludeBindings() {
        let document = parseIB(xml.replacingOccurrences(of: "id=\"bind-3\"", with: "id=\"out-1\""))
        XCTAssertEqual(document.duplicateIDLocations["out-1"]?.count, 2)
    }

    func testFirstKeySkipsLeadingSelf() {
        func firstKey(_ keyPath: String) -> String? {
            IBBinding(index: 0, name: "value", object: 0, destination: "-2", keyPath: keyPath, location: IBLocation(line: 1, column: 1)).firstKey
        }
        XCTAssertEqual(firstKey("self.representedObject.title"), "representedObject")
        XCTAssertEqual(firstKey("self.self.user"), "user")
        XCTAssertEqual(firstKey("selection.name"), "selection")
        XCTAssertEqual(firstKey("title"), "title")
        XCTAssertEqual(firstKey("self"), "self")
        XCTAssertEqual(firstKey("@count"), "@count")
        XCTAssertNil(firstKey(""))
        XCTAssertNil(firstKey(".title"))
    }

    func testBindingWithoutAttributesOrOutsideConnections() throws {
        let document = parseIB("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <textField id="field">
                    <binding destination="-2" name="value" keyPath="stray" id="stray"/>
                    <connections>
                        <binding/>
                    </connections>
                </textField>
            </objects>
        </document>
        """)
        XCTAssertEqual(document.status, .analysed, document.reason ?? "")
        let binding = try XCTUnwrap(document.bindings.first)
        XCTAssertEqual(document.bindings.count, 1, "a <binding> outside <connections> is not one")
        XCTAssertEqual([binding.name, binding.destination, binding.keyPath], ["", "", ""])
        XCTAssertNil(binding.id)
        XCTAssertNil(binding.firstKey)
    }

    func testStoryboardBindingToItsSceneController() throws {
        let document = parseIB("""
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc" customClass="DetailViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" id="vc-view">
                                <subviews>
                                    <textField id="title-field">
                                        <connections>
                                            <binding destination="vc" name="value" keyPath="representedObject.title" id="b1"/>
                                        </connections>
                                    </textField>
                                </subviews>
                            </view>
                        </viewController>
                        <customObject id="fr" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """, path: "Main.storyboard")
        XCTAssertEqual(document.format, .storyboard)
        let binding = try XCTUnwrap(document.bindings.first)
        XCTAssertEqual(document.object(withID: binding.destination)?.customClass, "DetailViewController")
        XCTAssertEqual(document.objects[binding.object].id, "title-field")
        XCTAssertEqual(document.scenes.first?.viewController.map { document.objects[$0].id }, "vc")
    }
}
