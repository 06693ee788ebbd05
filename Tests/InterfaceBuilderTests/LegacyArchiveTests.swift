import Analysis
import XCTest

final class LegacyArchiveTests: XCTestCase {
    /// The 8.x form: `flattenedProperties` is a `<dictionary>` keyed `"<id>.CustomClassName"`.
    private let touchArchive = """
    <?xml version="1.0" encoding="UTF-8"?>
    <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
    \t<data>
    \t\t<array key="IBDocument.RootObjects" id="1000">
    \t\t\t<object class="IBProxyObject" id="372490531">
    \t\t\t\t<string key="IBProxiedObjectIdentifier">IBFilesOwner</string>
    \t\t\t</object>
    \t\t\t<object class="IBProxyObject" id="975951072">
    \t\t\t\t<string key="IBProxiedObjectIdentifier">IBFirstResponder</string>
    \t\t\t</object>
    \t\t\t<object class="IBUIView" id="191373211">
    \t\t\t\t<array class="NSMutableArray" key="NSSubviews">
    \t\t\t\t\t<object class="IBUIButton" id="644754217">
    \t\t\t\t\t\t<object class="NSCustomResource" key="IBUIImage">
    \t\t\t\t\t\t\t<string key="NSClassName">NSImage</string>
    \t\t\t\t\t\t</object>
    \t\t\t\t\t</object>
    \t\t\t\t</array>
    \t\t\t</object>
    \t\t</array>
    \t\t<object class="IBObjectContainer" key="IBDocument.Objects">
    \t\t\t<array class="NSMutableArray" key="connectionRecords">
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBCocoaTouchOutletConnection" key="connection">
    \t\t\t\t\t\t<string key="label">view</string>
    \t\t\t\t\t\t<reference key="source" ref="372490531"/>
    \t\t\t\t\t\t<reference key="destination" ref="191373211"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">3</int>
    \t\t\t\t</object>
    \t\t\t\t<object class="IBConnectionRecord">
    \t\t\t\t\t<object class="IBCocoaTouchEventConnection" key="connection">
    \t\t\t\t\t\t<string key="label">tap:</string>
    \t\t\t\t\t\t<reference key="source" ref="644754217"/>
    \t\t\t\t\t\t<reference key="destination" ref="372490531"/>
    \t\t\t\t\t\t<int key="IBEventType">7</int>
    \t\t\t\t\t</object>
    \t\t\t\t\t<int key="connectionID">5</int>
    \t\t\t\t</object>
    \t\t\t</array>
    \t\t\t<object class="IBMutableOrderedSet" key="objectRecords">
    \t\t\t\t<array key="orderedObjects">
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">0</int>
    \t\t\t\t\t\t<array key="object" id="0"/>
    \t\t\t\t\t\t<reference key="children" ref="1000"/>
    \t\t\t\t\t\t<nil key="parent"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">1</int>
    \t\t\t\t\t\t<reference key="object" ref="191373211"/>
    \t\t\t\t\t\t<reference key="parent" ref="0"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">-1</int>
    \t\t\t\t\t\t<reference key="object" ref="372490531"/>
    \t\t\t\t\t\t<reference key="parent" ref="0"/>
    \t\t\t\t\t\t<string key="objectName">File's Owner</string>
    \t\t\t\t\t</object>
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">-2</int>
    \t\t\t\t\t\t<reference key="object" ref="975951072"/>
    \t\t\t\t\t\t<reference key="parent" ref="0"/>
    \t\t\t\t\t</object>
    \t\t\t\t\t<object class="IBObjectRecord">
    \t\t\t\t\t\t<int key="objectID">4</int>
    \t\t\t\t\t\t<reference key="object" ref="644754217"/>
    \t\t\t\t\t\t<reference key="parent" ref="191373211"/>
    \t\t\t\t\t</object>
    \t\t\t\t</array>
    \t\t\t</object>
    \t\t\t<dictionary class="NSMutableDictionary" key="flattenedProperties">
    \t\t\t\t<string key="-1.CustomClassName">CardViewController</string>
    \t\t\t\t<string key="-2.CustomClassName">UIResponder</string>
    \t\t\t\t<string key="1.CustomClassName">CardView</string>
    \t\t\t\t<string key="1.IBPluginDependency">com.apple.InterfaceBuilder.IBCocoaTouchPlugin</string>
    \t\t\t</dictionary>
    \t\t</object>
    \t</data>
    </archive>
    """

    func testTouchArchiveClassesAndConnections() throws {
        let document = parseIB(touchArchive, path: "Old/Card.xib")
        XCTAssertEqual(document.status, .legacy)
        XCTAssertEqual(document.fileStatus, .legacy)
        XCTAssertEqual(document.format, .legacyArchive)
        XCTAssertEqual(document.platform, .iOS)
        XCTAssertEqual(document.version, "8.00")
        XCTAssertEqual(document.reason, "legacy Interface Builder archive (version 8.00): only custom classes and connections are read")
        XCTAssertEqual(document.objects.map(\.id), ["1", "-1", "-2", "4"])
        XCTAssertEqual(document.objects.map(\.element), ["IBUIView", "IBProxyObject", "IBProxyObject", "IBUIButton"])
        XCTAssertEqual(document.objects.map(\.customClass), ["CardView", "CardViewController", "UIResponder", nil],
                       "NSClassName of a nested resource is not the button's class")
        XCTAssertEqual(document.filesOwner?.customClass, "CardViewController")
        XCTAssertEqual(document.filesOwner?.userLabel, "File's Owner")
        XCTAssertEqual(document.objects[2].placeholder, .firstResponder)
        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].id }, ["-1", "-2", "1"], "RootObjects order")
        XCTAssertEqual(document.instantiatedTopLevelObjects.map(\.customClass), ["CardView"])
        XCTAssertEqual(document.objects[3].parent, 0)
        XCTAssertEqual(document.objects[0].location, IBLocation(line: 11, column: 4))

        XCTAssertEqual(document.connections.map(\.kind), [.outlet, .action])
        XCTAssertEqual(document.connections[0].property, "view")
        XCTAssertEqual(document.connections[0].sourceID, "-1")
        XCTAssertEqual(document.connections[0].destination, "1")
        XCTAssertEqual(document.connections[1].selector, "tap:")
        XCTAssertEqual(document.connections[1].sourceID, "4")
        XCTAssertEqual(document.connections[1].destination, "-1")
        XCTAssertEqual(document.connections[1].eventType, "7")
        XCTAssertTrue(document.constraints.isEmpty)
    }

    /// The 7.x form: `flattenedProperties` holds parallel `dict.sortedKeys`/`dict.values`
    /// arrays; Cocoa archives name File's Owner's class with `NSClassName` and use ids
    /// -2/-1/-3 for File's Owner, First Responder and Application.
    func testCocoaArchiveWithParallelArrays() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">
          <data>
            <object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
              <bool key="EncodedWithXMLCoder">YES</bool>
              <object class="NSCustomObject" id="1001"><string key="NSClassName">MyDocument</string></object>
              <object class="NSCustomObject" id="1003"><string key="NSClassName">FirstResponder</string></object>
              <object class="NSCustomObject" id="1004"><string key="NSClassName">NSApplication</string></object>
              <object class="NSCustomView" id="1005"/>
            </object>
            <object class="IBObjectContainer" key="IBDocument.Objects">
              <object class="NSMutableArray" key="connectionRecords">
                <bool key="EncodedWithXMLCoder">YES</bool>
                <object class="IBConnectionRecord">
                  <object class="IBOutletConnection" key="connection">
                    <string key="label">canvas</string>
                    <reference key="source" ref="1001"/>
                    <reference key="destination" ref="1005"/>
                  </object>
                </object>
                <object class="IBConnectionRecord">
                  <object class="IBActionConnection" key="connection">
                    <string key="label">terminate:</string>
                    <reference key="source" ref="1003"/>
                    <reference key="destination" ref="1004"/>
                  </object>
                </object>
                <object class="IBConnectionRecord">
                  <object class="IBBindingConnection" key="connection">
                    <string key="label">value: x</string>
                    <reference key="source" ref="1005"/>
                    <reference key="destination" ref="1001"/>
                  </object>
                </object>
              </object>
              <object class="IBMutableOrderedSet" key="objectRecords">
                <object class="NSArray" key="orderedObjects">
                  <object class="IBObjectRecord"><int key="objectID">-2</int><reference key="object" ref="1001"/></object>
                  <object class="IBObjectRecord"><int key="objectID">-1</int><reference key="object" ref="1003"/></object>
                  <object class="IBObjectRecord"><int key="objectID">-3</int><reference key="object" ref="1004"/></object>
                  <object class="IBObjectRecord"><int key="objectID">12</int><reference key="object" ref="1005"/></object>
                </object>
              </object>
              <object class="NSMutableDictionary" key="flattenedProperties">
                <bool key="EncodedWithXMLCoder">YES</bool>
                <object class="NSArray" key="dict.sortedKeys">
                  <bool key="EncodedWithXMLCoder">YES</bool>
                  <string>-3.IBPluginDependency</string>
                  <string>12.CustomClassName</string>
                  <string>12.IBPluginDependency</string>
                </object>
                <object class="NSMutableArray" key="dict.values">
                  <bool key="EncodedWithXMLCoder">YES</bool>
                  <string>com.apple.InterfaceBuilder.CocoaPlugin</string>
                  <string>CanvasView</string>
                  <integer value="1"/>
                </object>
              </object>
            </object>
          </data>
        </archive>
        """
        let document = parseIB(xml)
        XCTAssertEqual(document.status, .legacy)
        XCTAssertEqual(document.platform, .macOS)
        XCTAssertEqual(document.version, "7.10")
        XCTAssertEqual(document.objects.map(\.placeholder), [.filesOwner, .firstResponder, .application, nil])
        XCTAssertEqual(document.objects.map(\.customClass), ["MyDocument", "FirstResponder", "NSApplication", "CanvasView"])
        XCTAssertEqual(document.topLevelObjects, [0, 1, 2, 3])
        XCTAssertEqual(document.connections.map(\.kind), [.outlet, .action], "bindings are not outlets or actions")
        XCTAssertEqual(document.connections[0].property, "canvas")
        XCTAssertEqual(document.connections[0].destination, "12")
        XCTAssertEqual(document.connections[1].selector, "terminate:")
        XCTAssertEqual(document.connections[1].destination, "-3")
    }

    func testCustomClassWithoutObjectRecordKeepsItsLine() {
        let document = parseIB("""
        <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
          <data>
            <object class="IBObjectContainer" key="IBDocument.Objects">
              <dictionary class="NSMutableDictionary" key="flattenedProperties">
                <string key="7.CustomClassName">OrphanView</string>
              </dictionary>
            </object>
          </data>
        </archive>
        """)
        XCTAssertEqual(document.status, .legacy)
        XCTAssertEqual(document.objects.map(\.id), ["7"])
        XCTAssertEqual(document.objects.first?.customClass, "OrphanView")
        XCTAssertEqual(document.objects.first?.location, IBLocation(line: 5, column: 9))
        XCTAssertTrue(document.topLevelObjects.isEmpty)
    }

    func testArchiveWithoutTypeOrVersion() {
        let document = parseIB("<archive><data/></archive>")
        XCTAssertEqual(document.status, .legacy)
        XCTAssertEqual(document.platform, .unknown)
        XCTAssertEqual(document.reason, "legacy Interface Builder archive (version unknown): only custom classes and connections are read")
    }
}
