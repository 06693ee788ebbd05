import Analysis
import TestSupport
import XCTest

/// `binding-key-not-in-class` beyond its documented examples: what it says, where it
/// points, and every case where it must stay quiet because it cannot be sure.
final class BindingKeyRuleTests: XCTestCase {
    private let ruleID = "binding-key-not-in-class"

    /// A macOS xib: File's Owner of `ownerClass`, a custom object `Obj-00-001` of
    /// `objectClass`, an array controller, and a text field with one binding per entry
    /// (destination id, key path).
    private func cocoaXib(ownerClass: String = "PrefsController", objectClass: String = "Helper", bindings: [(String, String)]) -> String {
        let lines = bindings.enumerated().map { offset, binding in
            "                <binding destination=\"\(binding.0)\" name=\"value\(offset == 0 ? "" : String(offset + 1))\" keyPath=\"\(binding.1)\" id=\"Bnd-00-00\(offset)\"/>"
        }.joined(separator: "\n")
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="\(ownerClass)"/>
                <customObject id="Obj-00-001" customClass="\(objectClass)"/>
                <arrayController id="Arr-00-001" customClass="PrefsController"/>
                <textField id="Txt-00-001">
                    <connections>
        \(lines)
                    </connections>
                </textField>
            </objects>
        </document>
        """
    }

    private func findings(_ swift: String, bindings: [(String, String)], ownerClass: String = "PrefsController") -> [Finding] {
        // The app loads the nib, so what it binds runs.
        TestProject.findings(ruleID, in: ["App/Prefs.swift": swift, "App/Prefs.xib": cocoaXib(ownerClass: ownerClass, bindings: bindings),
                                          "App/AppDelegate.swift": RuleExample.loader(ofNib: "Prefs").text])
    }

    func testMessageNamesClassKeyBindingNibAndLine() throws {
        let swift = "import Cocoa\n\nfinal class PrefsController: NSWindowController {\n    @objc dynamic var fontSize = 12\n}\n"
        let found = findings(swift, bindings: [("-2", "self.fontSzie"), ("-2", "window.title"), ("-2", "fontSize")])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(finding.className, "PrefsController")
        XCTAssertEqual(finding.message, "App/Prefs.xib (line 9) binds \"value\" of textField (id \"Txt-00-001\") to \"self.fontSzie\" of “File's Owner” customObject (id \"-2\"), but PrefsController and its superclasses have no property, getter or instance variable fontSzie: loading the nib raises \"[<PrefsController> valueForUndefinedKey:]: this class is not key value coding-compliant for the key fontSzie\".")
        XCTAssertEqual(finding.locations, [
            SourceLocation(path: "App/Prefs.xib", line: 9, column: 17),
            SourceLocation(path: "App/Prefs.xib", line: 4, column: 9),
            SourceLocation(path: "App/Prefs.swift", line: 3, column: 13),
        ])
        XCTAssertTrue(finding.fix.contains("@objc dynamic var fontSzie"))
        XCTAssertNil(finding.seed)
    }

    func testSwiftPropertyWithoutObjCPointsAtTheProperty() throws {
        let swift = "import Cocoa\n\nfinal class PrefsController: NSViewController {\n    var fontSize = 12\n}\n"
        let finding = try XCTUnwrap(findings(swift, bindings: [("-2", "fontSize")]).first)
        XCTAssertTrue(finding.message.contains("declares fontSize in Swift without `@objc`"), finding.message)
        XCTAssertEqual(finding.locations.last, SourceLocation(path: "App/Prefs.swift", line: 4, column: 9))
    }

    func testFingerprintIgnoresLinesButNotTheKeyPath() throws {
        let swift = "import Cocoa\n\nfinal class PrefsController: NSViewController {}\n"
        let first = try XCTUnwrap(findings(swift, bindings: [("-2", "missing")]).first)
        let shifted = try XCTUnwrap(findings("\n\n" + swift, bindings: [("-2", "missing")]).first)
        let other = try XCTUnwrap(findings(swift, bindings: [("-2", "other")]).first)
        XCTAssertEqual(first.fingerprint, shifted.fingerprint)
        XCTAssertNotEqual(first.fingerprint, other.fingerprint)
    }

    func testCustomObjectDestinationAndObjectiveCClass() throws {
        let header = "#import <Cocoa/Cocoa.h>\n@interface Helper : NSObject\n@property (copy) NSString *name;\n- (NSInteger)countOfItems;\n@end\n"
        let found = TestProject.findings(ruleID, in: [
            "App/Helper.h": header,
            "App/Prefs.xib": cocoaXib(ownerClass: "NSObject", bindings: [("Obj-00-001", "nmae"), ("Obj-00-001", "name"), ("Obj-00-001", "self"), ("Obj-00-001", "description")]),
        ])
        XCTAssertEqual(found.map(\.className), ["Helper"])
        XCTAssertTrue(found.first?.message.contains("no property, getter or instance variable nmae") == true)
    }

    func testQuietWhereTheAnalysisCannotBeSure() {
        let cases: [(String, String, String)] = [
            ("a superclass from a dependency", "import Cocoa\nimport Kit\n\nfinal class PrefsController: KitViewController {}\n", "anything"),
            ("a view: too many platform keys", "import Cocoa\n\nfinal class PrefsController: NSView {}\n", "frameRotation"),
            ("a document", "import Cocoa\n\nfinal class PrefsController: NSDocument {}\n", "displayName"),
            ("valueForUndefinedKey: overridden", "import Cocoa\n\nfinal class PrefsController: NSObject {\n    override func value(forUndefinedKey key: String) -> Any? { nil }\n}\n", "anything"),
            ("a collection operator", "import Cocoa\n\nfinal class PrefsController: NSObject {}\n", "@count"),
            ("an underscore key", "import Cocoa\n\nfinal class PrefsController: NSObject {}\n", "_private"),
            ("an @objc extension", "import Cocoa\n\nfinal class PrefsController: NSViewController {}\n\n@objc extension PrefsController {\n    var fontSize: Int { 12 }\n}\n", "fontSize"),
            ("an @objc getter method", "import Cocoa\n\nfinal class PrefsController: NSObject {\n    @objc func isSyncing() -> Bool { false }\n}\n", "syncing"),
            ("a superclass that may be @objcMembers", "import Cocoa\n\n@objcMembers class Base: NSObject {}\n\nfinal class PrefsController: Base {\n    var fontSize = 12\n}\n", "fontSize"),
            ("an outlet", "import Cocoa\n\nfinal class PrefsController: NSWindowController {\n    @IBOutlet weak var field: NSTextField!\n}\n", "field.stringValue"),
            ("platform keys", "import Cocoa\n\nfinal class PrefsController: NSWindowController {}\n", "document.displayName"),
            ("an undeclared class", "import Cocoa\n", "anything"),
        ]
        for (name, swift, keyPath) in cases {
            XCTAssertEqual(findings(swift, bindings: [("-2", keyPath)]).map(\.message), [], name)
        }
    }

    func testQuietForControllersUnknownDestinationsAndEmptyKeyPaths() {
        let swift = "import Cocoa\n\nfinal class PrefsController: NSObject {}\n"
        let found = findings(swift, bindings: [("Arr-00-001", "arrangedObjects.name"), ("Nope-00-001", "missing"), ("-2", ""), ("-2", "self")])
        XCTAssertEqual(found.map(\.message), [])
    }

    func testStoryboardViewControllerDestination() {
        let swift = "import Cocoa\n\nfinal class DetailViewController: NSViewController {\n    @objc dynamic var item: NSObject?\n}\n"
        let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <scenes>
                <scene sceneID="Scn-00-001">
                    <objects>
                        <viewController id="Vc1-00-001" customClass="DetailViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" id="Vw1-00-001">
                                <subviews>
                                    <textField id="Txt-00-001">
                                        <connections>
                                            <binding destination="Vc1-00-001" name="value" keyPath="self.item.title" id="Bnd-00-001"/>
                                            <binding destination="Vc1-00-001" name="toolTip" keyPath="self.itme.title" id="Bnd-00-002"/>
                                        </connections>
                                    </textField>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
        let found = TestProject.findings(ruleID, in: ["App/Detail.swift": swift, "App/Main.storyboard": storyboard])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("binds \"toolTip\"") == true)
        XCTAssertTrue(found.first?.message.contains("key itme") == true)
    }
}

/// `Examples/CocoaBindings`: a realistic preferences window with three planted bindings
/// and a near miss for each way a key can be found.
final class CocoaBindingsExampleTests: XCTestCase {
    private func files() throws -> [String: String] {
        let root = Fixtures.examplesDirectory.appendingPathComponent("CocoaBindings")
        var files: [String: String] = [:]
        for path in Fixtures.relativeFiles(under: root) where path.hasPrefix("Editor/") {
            files[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    private func plantedKeys(_ files: [String: String]) -> [String] {
        TestProject.findings("binding-key-not-in-class", in: files).compactMap { finding in
            finding.message.range(of: ") to \"").map { String(finding.message[$0.upperBound...].prefix { $0 != "\"" }) }
        }
    }

    func testExactlyThePlantedBindingsAreReported() throws {
        let files = try files()
        XCTAssertEqual(files.count, 4)
        XCTAssertEqual(plantedKeys(files), ["self.showsRuler", "self.autosaveInterval", "selectedColour"])
        XCTAssertEqual(TestProject.analyze(files, rules: RuleRegistry.all).findings.map(\.rule), Array(repeating: "binding-key-not-in-class", count: 3),
                       "no other rule fires on the example")
    }

    func testEachNearMissIsQuietBecauseOfWhatItDeclares() throws {
        let files = try files()
        let mutations: [(String, String, String)] = [
            ("isLocked", "isLockedNow", "locked"),
            ("NSString *note;", "", "note"),
            ("*title, *subtitle", "*title", "subtitle.length"),
            ("@objcMembers ", "", "accentName"),
            ("valueForUndefinedKey", "valueForKey", "anyKeyAtAll"),
        ]
        for (original, replacement, keyPath) in mutations {
            let mutated = files.mapValues { $0.replacingOccurrences(of: original, with: replacement) }
            XCTAssertNotEqual(mutated, files, "\(original) is in the example")
            XCTAssertTrue(plantedKeys(mutated).contains(keyPath), "without \(original), \(keyPath) is reported")
        }
    }
}
