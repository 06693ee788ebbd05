import Analysis
import Foundation
import XCTest

final class XibParsingTests: XCTestCase {
    private let cardXib = iOSXib("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="CardView" customModule="App" customModuleProvider="target">
                <connections>
                    <outlet property="contentView" destination="root" id="o1"/>
                    <outletCollection property="labels" destination="lbl" collectionClass="NSMutableArray" id="o2"/>
                </connections>
            </placeholder>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <view contentMode="scaleToFill" id="root" customClass="CardContent" customModule="App" userLabel="Card">
                <rect key="frame" x="0.0" y="0.0" width="320.5" height="100"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    <label hidden="YES" alpha="0.5" tag="7" clipsSubviews="YES" userInteractionEnabled="NO" contentMode="left" text="Hi" translatesAutoresizingMaskIntoConstraints="NO" misplaced="YES" ambiguous="YES" verifyAmbiguity="ignoreSizes" id="lbl">
                        <rect key="frame" x="8" y="8" width="100" height="21"/>
                        <color key="textColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                        <accessibility key="accessibilityConfiguration" label="Greeting" identifier="greeting" hint="Says hi">
                            <bool key="isElement" value="NO"/>
                        </accessibility>
                        <userDefinedRuntimeAttributes>
                            <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                                <integer key="value" value="4"/>
                            </userDefinedRuntimeAttribute>
                            <userDefinedRuntimeAttribute type="boolean" keyPath="isFromNib" value="YES"/>
                        </userDefinedRuntimeAttributes>
                    </label>
                    <button id="btn">
                        <rect key="frame" x="8" y="40" width="60" height="30"/>
                        <connections>
                            <action selector="tap:" destination="-1" eventType="touchUpInside" id="a1"/>
                        </connections>
                    </button>
                </subviews>
                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                <constraints>
                    <constraint firstAttribute="width" secondItem="root" secondAttribute="height" multiplier="16:9" id="c1"/>
                    <constraint firstItem="lbl" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="8.5" id="c2"/>
                    <constraint firstAttribute="height" relation="greaterThanOrEqual" priority="750" constant="100" identifier="minHeight" id="c3"/>
                    <constraint firstAttribute="height" constant="44" placeholder="YES" id="c4"/>
                </constraints>
                <point key="canvasLocation" x="0" y="0"/>
            </view>
            <view contentMode="scaleToFill" id="second"/>
    """)

    func testDocumentAttributes() {
        let document = parseIB(cardXib, path: "App/CardView.xib")
        XCTAssertEqual(document.status, .analysed, document.reason ?? "")
        XCTAssertNil(document.reason)
        XCTAssertEqual(document.path, "App/CardView.xib")
        XCTAssertEqual(document.format, .xib)
        XCTAssertEqual(document.platform, .iOS)
        XCTAssertEqual(document.version, "3.0")
        XCTAssertEqual(document.toolsVersion, "21701")
        XCTAssertTrue(document.usesAutolayout)
        XCTAssertEqual(document.fileStatus, .analysed)
    }

    func testObjectsPlaceholdersAndTopLevel() throws {
        let document = parseIB(cardXib)
        XCTAssertEqual(document.objects.map(\.id), ["-1", "-2", "root", "lbl", "btn", "second"])
        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].id }, ["-1", "-2", "root", "second"])
        XCTAssertEqual(document.instantiatedTopLevelObjects.map(\.id), ["root", "second"])
        XCTAssertEqual(document.rootViews.map(\.id), ["root", "second"])
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertEqual(owner.placeholder, .filesOwner)
        XCTAssertEqual(owner.customClass, "CardView")
        XCTAssertEqual(owner.customModule, "App")
        XCTAssertEqual(owner.customModuleProvider, "target")
        XCTAssertEqual(owner.userLabel, "File's Owner")
        XCTAssertEqual(document.objects[1].placeholder, .firstResponder)
        let root = try XCTUnwrap(document.object(withID: "root"))
        XCTAssertNil(root.placeholder)
        XCTAssertEqual(root.element, "view")
        XCTAssertEqual(root.customClass, "CardContent")
        XCTAssertEqual(root.userLabel, "Card")
        XCTAssertNil(root.parent)
        XCTAssertEqual(document.subviews(of: root).map(\.id), ["lbl", "btn"])
        XCTAssertEqual(document.children(of: root).map(\.id), ["lbl", "btn"])
        XCTAssertEqual(document.objects[3].parent, root.index)
    }

    func testLinesAndColumnsPointAtTheStartTag() throws {
        let document = parseIB(cardXib)
        let lines = cardXib.split(separator: "\n", omittingEmptySubsequences: false)
        for object in document.objects {
            let line = lines[object.location.line - 1]
            let column = line.index(line.startIndex, offsetBy: object.location.column - 1)
            XCTAssertEqual(line[column], "<", "\(object.id) at \(object.location)")
            XCTAssertTrue(line[column...].contains("id=\"\(object.id)\""), "\(object.id) at \(object.location)")
        }
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "root")).location, IBLocation(line: 11, column: 9))
    }

    func testFrameMaskAndPlacementAttributes() throws {
        let document = parseIB(cardXib)
        let root = try XCTUnwrap(document.object(withID: "root"))
        XCTAssertEqual(root.frame, IBRect(x: 0, y: 0, width: 320.5, height: 100))
        XCTAssertEqual(root.autoresizingMask, [.flexibleMaxX, .widthSizable, .heightSizable])
        XCTAssertNil(root.translatesAutoresizingMaskIntoConstraints)
        XCTAssertEqual(root.attributes.colorKeys, ["backgroundColor"])
        XCTAssertEqual(root.attributes.contentMode, "scaleToFill")
        XCTAssertFalse(root.misplaced)

        let label = try XCTUnwrap(document.object(withID: "lbl"))
        XCTAssertEqual(label.frame, IBRect(x: 8, y: 8, width: 100, height: 21))
        XCTAssertNil(label.autoresizingMask)
        XCTAssertEqual(label.translatesAutoresizingMaskIntoConstraints, false)
        XCTAssertTrue(label.misplaced)
        XCTAssertTrue(label.ambiguous)
        XCTAssertEqual(label.verifyAmbiguity, "ignoreSizes")
        XCTAssertEqual(label.attributes, IBViewAttributes(
            hidden: true, alpha: 0.5, tag: 7, clipsSubviews: true, userInteractionEnabled: false, contentMode: "left",
            colorKeys: ["textColor"],
            accessibility: IBAccessibility(isElement: false, label: "Greeting", identifier: "greeting", hint: "Says hi")))
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "btn")).attributes, IBViewAttributes())
    }

    func testRuntimeAttributesBelongToTheirObject() throws {
        let document = parseIB(cardXib)
        let label = try XCTUnwrap(document.object(withID: "lbl"))
        XCTAssertEqual(document.runtimeAttributes(of: label).map(\.keyPath), ["layer.cornerRadius", "isFromNib"])
        XCTAssertEqual(document.runtimeAttributes.map(\.type), ["number", "boolean"])
        XCTAssertEqual(document.runtimeAttributes[1].value, "YES")
        XCTAssertEqual(label.attributes.colorKeys, ["textColor"], "a runtime attribute's value is not the object's colour")
    }

    func testConstraints() throws {
        let document = parseIB(cardXib)
        let root = try XCTUnwrap(document.object(withID: "root"))
        let constraints = document.constraintsInstalled(on: root)
        XCTAssertEqual(constraints.map(\.id), ["c1", "c2", "c3", "c4"])
        let aspect = constraints[0]
        XCTAssertEqual(aspect.firstItem, "root")
        XCTAssertTrue(aspect.firstItemIsOwner)
        XCTAssertEqual(aspect.multiplier, 16.0 / 9.0, accuracy: 1e-12)
        XCTAssertEqual(aspect.multiplierText, "16:9")
        XCTAssertEqual(aspect.secondItem, "root")
        XCTAssertEqual(aspect.priority, 1000)
        let leading = constraints[1]
        XCTAssertEqual(leading.firstItem, "lbl")
        XCTAssertFalse(leading.firstItemIsOwner)
        XCTAssertEqual(leading.constant, 8.5)
        XCTAssertEqual(leading.multiplier, 1)
        XCTAssertNil(leading.multiplierText)
        let minimum = constraints[2]
        XCTAssertEqual(minimum.relation, .greaterThanOrEqual)
        XCTAssertEqual(minimum.priority, 750)
        XCTAssertEqual(minimum.identifier, "minHeight")
        XCTAssertFalse(minimum.isPlaceholder)
        XCTAssertTrue(constraints[3].isPlaceholder)
        XCTAssertEqual(constraints.map(\.owner), Array(repeating: root.index, count: 4))
        XCTAssertEqual(document.selfConstraints(of: root).map(\.id), ["c1", "c3", "c4"])
        XCTAssertEqual(constraints[1].location, IBLocation(line: 38, column: 17))
    }

    func testMultiplierText() {
        XCTAssertEqual(parseMultiplier("16:9"), 16.0 / 9.0)
        XCTAssertEqual(parseMultiplier("0.5"), 0.5)
        XCTAssertEqual(parseMultiplier("1:0"), 1, "a zero denominator falls back to 1")
        XCTAssertEqual(parseMultiplier("wide"), 1)
    }

    private func parseMultiplier(_ text: String) -> Double? {
        let document = parseIB(iOSXib("""
            <view id="v"><constraints><constraint firstAttribute="width" secondItem="v" secondAttribute="height" multiplier="\(text)" id="c"/></constraints></view>
        """))
        return document.constraints.first?.multiplier
    }

    func testConnections() throws {
        let document = parseIB(cardXib)
        XCTAssertEqual(document.connections.map(\.kind), [.outlet, .outletCollection, .action])
        let outlet = document.connections[0]
        XCTAssertEqual(outlet.property, "contentView")
        XCTAssertEqual(outlet.destination, "root")
        XCTAssertEqual(outlet.sourceID, "-1")
        XCTAssertEqual(outlet.source, 0)
        XCTAssertEqual(outlet.id, "o1")
        XCTAssertEqual(document.connections[1].collectionClass, "NSMutableArray")
        let action = document.connections[2]
        XCTAssertEqual(action.selector, "tap:")
        XCTAssertEqual(action.destination, "-1")
        XCTAssertEqual(action.eventType, "touchUpInside")
        XCTAssertEqual(action.sourceID, "btn")
        XCTAssertEqual(document.outlets(to: "root").map(\.property), ["contentView"])
        XCTAssertEqual(document.outlets(to: "lbl").map(\.kind), [.outletCollection])
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertEqual(document.connections(from: owner).count, 2)
    }

    func testResourcesAndCanvasDetailsAreNotObjects() {
        let document = parseIB(iOSXib("""
            <view id="v"><rect key="bounds" x="0" y="0" width="1" height="1"/></view>
        """).replacingOccurrences(of: "</objects>", with: "</objects><resources><image name=\"a\" width=\"1\" height=\"1\" id=\"img\"/></resources>"))
        XCTAssertEqual(document.objects.map(\.id), ["v"])
        XCTAssertNil(document.objects[0].frame, "only key=\"frame\" is the frame")
    }

    func testDuplicateIDsAcrossObjectsAndConstraints() throws {
        let document = parseIB(iOSXib("""
            <view id="v"><constraints><constraint firstAttribute="width" constant="1" id="v"/></constraints></view>
            <view id="w"/>
            <view id="w"/>
        """))
        XCTAssertEqual(document.duplicateIDs.keys.sorted(), ["w"])
        XCTAssertEqual(document.objectIndicesByID, ["v": 0, "w": 1])
        XCTAssertEqual(document.duplicateIDLocations.keys.sorted(), ["v", "w"])
        XCTAssertEqual(try XCTUnwrap(document.duplicateIDLocations["v"]).count, 2)
    }

    func testLocationsSkipCommentsCDATAAndAByteOrderMark() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- <view id="not-an-element"> -->
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <label id="a"><string key="text"><![CDATA[1 < 2 <view id="x">]]></string></label><!--
            <view id="hidden"/> --><view id="b"/>
        </objects></document>
        """
        for prefix in [[], [0xEF, 0xBB, 0xBF] as [UInt8]] {
            let document = InterfaceBuilderParser().parse(data: Data(prefix + Array(xml.utf8)), path: "Commented.xib")
            XCTAssertEqual(document.status, .analysed, document.reason ?? "")
            XCTAssertEqual(document.objects.map(\.id), ["a", "b"])
            XCTAssertEqual(document.objects.map(\.location), [IBLocation(line: 4, column: 5), IBLocation(line: 5, column: 28)])
        }
    }

    func testEmptyAttributeValues() throws {
        let document = parseIB(iOSXib("<view id=\"v\" userLabel=\"\" customClass=\"\"/>"))
        XCTAssertEqual(document.objects.first?.userLabel, "")
        XCTAssertEqual(document.objects.first?.customClass, "")
    }
}
