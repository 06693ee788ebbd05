import Analysis
import XCTest

final class StoryboardParsingTests: XCTestCase {
    private let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="nav">
        <scenes>
            <scene sceneID="s1">
                <objects>
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar">
                            <autoresizingMask key="autoresizingMask"/>
                        </navigationBar>
                        <connections>
                            <segue destination="list" kind="relationship" relationship="rootViewController" id="seg-root"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="s2">
                <objects>
                    <tableViewController storyboardIdentifier="ListViewController" id="list" customClass="ListViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" id="table">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            <prototypes>
                                <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" reuseIdentifier="ItemCell" id="cell" customClass="ItemCell" customModule="App">
                                    <tableViewCellContentView key="contentView" opaque="NO" id="content">
                                        <subviews>
                                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="card" customClass="CardView" customModule="App">
                                                <constraints>
                                                    <constraint firstAttribute="height" constant="40" id="card-h"/>
                                                    <constraint firstAttribute="width" constant="40" id="card-w"/>
                                                    <constraint firstAttribute="width" constant="60" id="card-w-compact"/>
                                                </constraints>
                                                <variation key="default">
                                                    <mask key="constraints">
                                                        <exclude reference="card-w-compact"/>
                                                    </mask>
                                                </variation>
                                                <variation key="widthClass=compact">
                                                    <mask key="constraints">
                                                        <include reference="card-w-compact"/>
                                                        <exclude reference="card-w"/>
                                                    </mask>
                                                    <mask key="subviews">
                                                        <exclude reference="x"/>
                                                    </mask>
                                                </variation>
                                            </view>
                                        </subviews>
                                        <constraints>
                                            <constraint firstItem="card" firstAttribute="leading" secondItem="content" secondAttribute="leading" constant="16" id="lead">
                                                <variation key="widthClass=compact" constant="8"/>
                                            </constraint>
                                        </constraints>
                                    </tableViewCellContentView>
                                    <connections>
                                        <segue destination="ref" kind="show" identifier="showSettings" id="seg-show"/>
                                    </connections>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                        <navigationItem key="navigationItem" id="item"/>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr2" sceneMemberID="firstResponder"/>
                    <exit id="exit2" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
            <scene sceneID="s3">
                <objects>
                    <viewControllerPlaceholder storyboardName="Settings" referencedIdentifier="SettingsRoot" id="ref" sceneMemberID="viewController"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="fr3" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
        <inferredMetricsTieBreakers>
            <segue reference="seg-show"/>
        </inferredMetricsTieBreakers>
    </document>
    """

    func testScenesAndViewControllers() throws {
        let document = parseIB(xml, path: "App/Base.lproj/Main.storyboard")
        XCTAssertEqual(document.status, .analysed, document.reason ?? "")
        XCTAssertEqual(document.format, .storyboard)
        XCTAssertEqual(document.initialViewController, "nav")
        XCTAssertEqual(document.scenes.map(\.sceneID), ["s1", "s2", "s3"])
        XCTAssertEqual(document.scenes.map { $0.viewController.map { document.objects[$0].id } }, ["nav", "list", "ref"])
        XCTAssertEqual(document.scenes[1].objects.map { document.objects[$0].id }, ["list", "fr2", "exit2"])
        XCTAssertEqual(document.topLevelObjects.count, 7)
        let list = try XCTUnwrap(document.object(withID: "list"))
        XCTAssertEqual(list.storyboardIdentifier, "ListViewController")
        XCTAssertEqual(list.customClass, "ListViewController")
        XCTAssertEqual(list.scene, 1)
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "table")).key, "view")
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "exit2")).placeholder, .exit)
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "fr2")).placeholder, .firstResponder)
    }

    func testPrototypeCellsAndReferences() throws {
        let document = parseIB(xml)
        let cell = try XCTUnwrap(document.object(withID: "cell"))
        XCTAssertEqual(cell.reuseIdentifier, "ItemCell")
        XCTAssertEqual(cell.parent, try XCTUnwrap(document.object(withID: "table")).index)
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "content")).key, "contentView")
        XCTAssertEqual(document.storyboardReferences, [
            IBStoryboardReference(object: try XCTUnwrap(document.object(withID: "ref")).index, storyboardName: "Settings", referencedIdentifier: "SettingsRoot"),
        ])
    }

    func testSeguesAndTheirSources() {
        let document = parseIB(xml)
        let segues = document.connections.filter { $0.kind == .segue }
        XCTAssertEqual(segues.map(\.id), ["seg-root", "seg-show"], "the tie-breaker <segue reference> is not a connection")
        XCTAssertEqual(segues.map(\.sourceID), ["nav", "cell"])
        XCTAssertEqual(segues[0].segueKind, "relationship")
        XCTAssertEqual(segues[0].relationship, "rootViewController")
        XCTAssertEqual(segues[1].identifier, "showSettings")
        XCTAssertEqual(segues[1].destination, "ref")
    }

    func testSizeClassVariations() throws {
        let document = parseIB(xml)
        let card = try XCTUnwrap(document.object(withID: "card"))
        XCTAssertEqual(document.variations.map(\.key), ["default", "widthClass=compact"])
        XCTAssertEqual(document.variations.map(\.owner), [card.index, card.index])
        XCTAssertEqual(document.variations[1].includedConstraints, ["card-w-compact"])
        XCTAssertEqual(document.variations[1].excludedConstraints, ["card-w"])
        XCTAssertEqual(document.variations[1].excludedSubviews, ["x"])
        let byID = Dictionary(uniqueKeysWithValues: document.constraints.map { ($0.id, $0) })
        XCTAssertEqual(byID["card-w-compact"]?.variation, "widthClass=compact")
        XCTAssertEqual(byID["card-w-compact"]?.excludedByDefault, true)
        XCTAssertEqual(byID["card-w"]?.variation, nil)
        XCTAssertEqual(byID["card-w"]?.excludedByDefault, false)
        XCTAssertEqual(byID["lead"]?.constantVariations, ["widthClass=compact": 8])
        XCTAssertEqual(byID["lead"]?.constant, 16)
        XCTAssertEqual(document.constraintsInstalled(on: card).count, 3)
    }

    func testConstraintsInsideAVariationBlockCarryItsKey() throws {
        let document = parseIB(iOSXib("""
            <view id="v">
                <variation key="heightClass=compact">
                    <constraints>
                        <constraint firstAttribute="height" constant="20" id="in-variation"/>
                    </constraints>
                </variation>
                <constraints>
                    <constraint firstAttribute="height" constant="40" id="plain"/>
                </constraints>
            </view>
        """))
        XCTAssertEqual(document.constraints.map(\.id), ["in-variation", "plain"])
        XCTAssertEqual(document.constraints.map(\.variation), ["heightClass=compact", nil])
        XCTAssertEqual(document.constraints.map(\.owner), [0, 0])
    }

    func testMacStoryboardScenesAndControllerPlaceholders() throws {
        let document = parseIB("""
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="1" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <scenes>
                <scene sceneID="app">
                    <objects>
                        <customObject id="delegate" customClass="AppDelegate"/>
                        <application id="hnw" sceneMemberID="viewController"/>
                        <customObject id="fr" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="ref">
                    <objects>
                        <arrayController id="ac"/>
                        <controllerPlaceholder storyboardName="Preferences" referencedIdentifier="Root" id="cp" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """, path: "Main.storyboard")
        XCTAssertEqual(document.platform, .macOS)
        XCTAssertEqual(document.scenes.map { $0.viewController.map { document.objects[$0].id } }, ["hnw", "cp"])
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "fr")).placeholder, .firstResponder)
        XCTAssertEqual(try XCTUnwrap(document.object(withID: "hnw")).sceneMemberID, "viewController")
        XCTAssertEqual(document.storyboardReferences.map(\.storyboardName), ["Preferences"])
        XCTAssertEqual(document.storyboardReferences.map(\.referencedIdentifier), ["Root"])
    }

    func testOtherPlatforms() {
        let tv = parseIB(xml.replacingOccurrences(of: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB", with: "com.apple.InterfaceBuilder.AppleTV.Storyboard")
            .replacingOccurrences(of: "iOS.CocoaTouch", with: "AppleTV"))
        XCTAssertEqual(tv.platform, .tvOS)
        XCTAssertEqual(tv.format, .storyboard)
        let watch = parseIB("""
        <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0" toolsVersion="1" targetRuntime="watchKit" propertyAccessControl="none">
            <scenes><scene sceneID="w"><objects><controller id="c" customClass="InterfaceController"/></objects></scene></scenes>
        </document>
        """)
        XCTAssertEqual(watch.platform, .watchOS)
        XCTAssertEqual(watch.scenes.first?.viewController, 0, "a controller element without sceneMemberID")
        let old = parseIB(iOSXib("<view id=\"v\"/>").replacingOccurrences(of: "version=\"3.0\"", with: "version=\"2.0\""))
        XCTAssertEqual(old.status, .analysed)
        XCTAssertEqual(old.version, "2.0")
    }
}
