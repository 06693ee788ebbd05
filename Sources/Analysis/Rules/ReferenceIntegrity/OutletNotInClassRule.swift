/// `outlet-not-in-class`: an outlet connection to a property its class does not have:
/// "this class is not key value coding-compliant for the key X".
struct OutletNotInClassRule: Rule {
    static let description = RuleDescription(
        id: "outlet-not-in-class",
        severity: .error,
        category: .referenceIntegrity,
        summary: "An outlet connection names a property the object's class does not declare; on UIKit loading the nib raises \"this class is not key value coding-compliant for the key X\", on AppKit the outlet stays nil with a logged \"Failed to connect outlet\".",
        help: """
        Outlets are set with Key-Value Coding when the nib loads. A connection whose property \
        was renamed or deleted in code (or whose object's class changed) makes \
        `setValue:forKey:` raise `NSUnknownKeyException`. The property may be declared in the \
        class, a superclass, an extension or category, as an `@IBOutlet` or any KVC-visible \
        property; UIKit and AppKit outlets (`view`, `dataSource`, `delegate`, `window`…) are \
        known. Classes whose superclass comes from a dependency are not checked, nor a \
        same-named class of a target that does not ship with the nib. AppKit does not raise: \
        it logs *Failed to connect (X) outlet from (Owner) to (Target): missing setter or \
        instance variable* and goes on with the outlet nil, so there the finding is a warning.

        **Fix:** reconnect the outlet to the renamed property (Connections inspector), or \
        delete the stale connection.
        """,
        reads: [
            "The outlet or outlet-collection connection's `property` and the element whose `<connections>` hold it, with that element's `customClass` (File's Owner's included).",
            "Every declaration of that class and its superclasses in the sources (extensions, categories, conformed protocols: outlets, properties, `setX:` methods, Key-Value Coding's `_x` / `isX` spellings) and the members of the platform classes its lineage ends in; a lineage leaving the project for a dependency's class, or a name two targets declare on different superclasses, is not checked.",
            "The targets that bundle the IB file and those that build the class (project.pbxproj, Package.swift): a class declared only in unrelated targets or unbuilt files is not compared.",
            "Which framework decodes the file: the document's type and `targetRuntime`, else the platforms of the targets bundling it; AppKit logs the failure and goes on, a warning.",
            "Whether the connection ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` renames the connection's `property` to the outlet the class has that no Interface Builder file connects, of the same kind (outlet or outlet collection) and of a type the destination can be. Among several such outlets it takes the one whose name keeps clearly the most of the old name's letters in order (`titleLbl` → `titleLabel`); it declines when none is left, or when no name is clearly the renamed one. A candidate must share a word with the old name (`subtitleLabel` → `detailLabel`; `tapped` matches `tap`): an unrelated member that happens to be the only one unused is no rename. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped."
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `titleLabel` was renamed to `nameLabel` in code only.", severity: .error, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
                RuleExample.loader(ofNib: "CardView"),
            ]),
            RuleExample("Objective-C: the property is gone from the header.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel", module: false)),
            ]),
            RuleExample("macOS, Swift: AppKit logs \"Failed to connect outlet\" (a warning, not a crash).", severity: .warning, files: [
                .init("Mac/PreferencesController.swift", """
                import AppKit

                final class PreferencesController: NSWindowController {}
                """),
                .init("Mac/Preferences.xib", cocoaXib(outlet: "hotKeyField", owner: "PreferencesController")),
                RuleExample.loader(ofNib: "Preferences", path: "Mac/AppDelegate.swift"),
            ]),
            RuleExample("macOS, Objective-C: the property is missing from the controller.", severity: .warning, files: [
                .init("Mac/PreferencesController.h", """
                #import <Cocoa/Cocoa.h>
                @interface PreferencesController : NSWindowController
                @end
                """),
                .init("Mac/Preferences.xib", cocoaXib(outlet: "hotKeyField", owner: "PreferencesController", module: false)),
                RuleExample.loader(ofNib: "Preferences", path: "Mac/AppDelegate.swift"),
            ]),
            RuleExample("A xib whose class no other file uses: nothing loads it, so info.", severity: .info, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("The same xib, in an app that makes classes from computed names (`NSClassFromString`): any class may be made, so the nib may load: an error.", severity: .error, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
                .init("App/Catalog.swift", """
                import UIKit

                enum Catalog {
                    static func view(named name: String) -> UIView.Type? { NSClassFromString("App." + name) as? UIView.Type }
                }
                """),
            ]),
            RuleExample("Swift: a leftover xib that no target bundles is worth a line, not an error.", severity: .info, files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([.init("App", sources: ["App/CardView.swift"])])),
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/Old/CardView.xib", cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("watchOS: the interface controller's outlet was renamed in code; the storyboard in the WatchKit app still connects the old name.", files: [
                .init("Watch.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("Watch", sdk: "watchos", resources: ["Watch/Base.lproj/Interface.storyboard"], productType: "com.apple.product-type.application.watchapp2"),
                    .init("WatchExtension", sdk: "watchos", sources: ["WatchExtension/InterfaceController.swift"],
                          productType: "com.apple.product-type.watchkit2-extension"),
                ])),
                .init("WatchExtension/InterfaceController.swift", """
                import WatchKit

                final class InterfaceController: WKInterfaceController {
                    @IBOutlet var greetingLabel: WKInterfaceLabel!
                }
                """),
                .init("Watch/Base.lproj/Interface.storyboard", """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder.WatchKit.Storyboard" version="3.0" targetRuntime="watchKit" initialViewController="Ctl-00-001">
                    <scenes>
                        <scene sceneID="Scn-00-001">
                            <objects>
                                <controller id="Ctl-00-001" customClass="InterfaceController" customModule="WatchExtension">
                                    <items>
                                        <label alignment="left" text="Hello" id="Lbl-00-001"/>
                                    </items>
                                    <connections>
                                        <outlet property="welcomeLabel" destination="Lbl-00-001" id="Out-00-001"/>
                                    </connections>
                                </controller>
                            </objects>
                        </scene>
                    </scenes>
                </document>
                """),
            ]),
            RuleExample("A xib that only the unit-test target bundles is a test input: it never ships, so info.", severity: .info, files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("App", sources: ["App/CardView.swift"]),
                    .init("AppTests", sources: ["AppTests/CardViewTests.swift"], resources: ["AppTests/Fixtures/CardView.xib"], dependencies: ["App"],
                          productType: "com.apple.product-type.bundle.unit-test"),
                ])),
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("AppTests/CardViewTests.swift", "import XCTest\n\nfinal class CardViewTests: XCTestCase {}"),
                .init("AppTests/Fixtures/CardView.xib", cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("macOS, Objective-C: a xib no target bundles is info too.", severity: .info, files: [
                .init("Mac.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("Mac", sdk: "macosx", swiftVersion: nil, sources: ["Mac/PreferencesController.m"]),
                ])),
                .init("Mac/PreferencesController.m", """
                #import <Cocoa/Cocoa.h>
                @interface PreferencesController : NSWindowController
                @end
                @implementation PreferencesController
                @end
                """),
                .init("Mac/Unused/Preferences.xib", cocoaXib(outlet: "hotKeyField", owner: "PreferencesController", module: false)),
            ]),
        ],
        nonTriggering: [
            RuleExample("The outlet's key is written capitalised: Key-Value Coding looks for `setNameLabel:`, the setter of `nameLabel`.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "NameLabel")),
            ]),
            RuleExample("Objective-C, macOS: the window outlet of a document's File's Owner is NSDocument's own, as WebView's delegates are WebView's.", files: [
                .init("App/TextDocument.h", """
                #import <Cocoa/Cocoa.h>
                #import <WebKit/WebKit.h>
                @interface BaseDocument : NSDocument
                @end
                @interface TextDocument : BaseDocument
                @end
                @interface PreviewWebView : WebView
                @end
                """),
                .init("App/TextDocument.xib", documentWindowXib(ownerClass: "TextDocument", outlet: "window", webViewOutlets: ["frameLoadDelegate", "policyDelegate", "UIDelegate"])),
            ]),
            RuleExample("Two apps each have a `CardView`: the xib of the one whose class has the outlet is not compared with the other's.", files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("App", sources: ["App/CardView.swift"], resources: ["App/CardView.xib"]),
                    .init("Widget", sources: ["Widget/CardView.swift"]),
                ])),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var titleLabel: UILabel!
                }
                """),
                .init("Widget/CardView.swift", """
                import UIKit

                final class CardView: UIView {}
                """),
            ]),
            RuleExample("An iOS and a macOS app each declare `SettingsController`, on different superclasses: the Mac one inherits the outlet, and the merged lineage would follow the iOS one, so the class is not checked.", files: [
                .init("Notes.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("Notes iOS", sources: ["iOS/SettingsController.swift"]),
                    .init("Notes Mac", sdk: "macosx", sources: ["Mac/PreferencesPane.swift", "Mac/SettingsController.swift"], resources: ["Mac/Preferences.xib"]),
                ])),
                .init("iOS/SettingsController.swift", """
                import UIKit

                final class SettingsController: UITableViewController {}
                """),
                .init("Mac/PreferencesPane.swift", """
                import AppKit

                class PreferencesPane: NSWindowController {
                    @IBOutlet weak var hotKeyField: NSTextField!
                }
                """),
                .init("Mac/SettingsController.swift", """
                import AppKit

                final class SettingsController: PreferencesPane {}
                """),
                .init("Mac/Preferences.xib", cocoaXib(outlet: "hotKeyField", owner: "SettingsController")),
            ]),
            RuleExample("Objective-C: the only `CardView` with no such property is in an unrelated target.", files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("App", resources: ["App/CardView.xib"]),
                    .init("Other", sources: ["Other/CardView.m"]),
                ])),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel", module: false)),
                .init("Other/CardView.m", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                @implementation CardView
                @end
                """),
            ]),
            RuleExample("Swift: the outlet is declared in a superclass, and as a `lazy var`.", files: [
                .init("App/CardView.swift", """
                import UIKit

                class BaseCardView: UIView {
                    @IBOutlet weak var titleLabel: UILabel!
                }

                final class CardView: BaseCardView {
                    @IBOutlet lazy var extra: UIView = UIView()
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("Objective-C: the outlet is declared in a class extension.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                """),
                .init("App/CardView.m", """
                #import "CardView.h"
                @interface CardView ()
                @property (weak, nonatomic) IBOutlet UILabel *titleLabel;
                @end
                @implementation CardView
                @end
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel", module: false)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document in
            let connections = document.connections
            // Connections and objects are read field by field; only a violation copies them.
            return connections.indices.compactMap { position -> RuleViolation? in
                guard connections[position].kind == .outlet || connections[position].kind == .outletCollection,
                      let property = connections[position].property, let sourceIndex = connections[position].source,
                      let className = document.objects[sourceIndex].customClass,
                      let members = model.checkableMembers(of: className, seenFrom: document.path),
                      !members.answersKey(property) else { return nil }
                let connection = connections[position]
                let object = document.objects[sourceIndex]
                let declaration = model.declaredType(runtimeName: className)?.location
                let appKit = model.decodedByAppKit(document)
                let outcome = appKit
                    ? "AppKit logs \"Failed to connect (\(property)) outlet from (\(className)): missing setter or instance variable\" and leaves it nil"
                    : "loading the nib raises \"this class is not key value coding-compliant for the key \(property)\""
                return RuleViolation(
                    className: className,
                    message: "\(document.path) connects the outlet \"\(property)\" of \(object.displayName), but \(className) and its superclasses declare no \(property): \(outcome).",
                    locations: [SourceLocation(document, connection.location), SourceLocation(document, object)] + (declaration.map { [$0] } ?? []),
                    fix: "Reconnect the outlet to the property's new name in the Connections inspector, or delete the connection.",
                    severity: appKit ? .warning : nil,
                    identity: [document.path, object.id, property],
                    repair: model.renameRepair(in: document, at: connection.location, attribute: "property", from: property,
                                               candidates: model.unconnectedOutlets(of: className, collection: connection.kind == .outletCollection,
                                                                                    destinationClass: connection.destination.flatMap(document.objectPosition(withID:))
                                                                                    .flatMap { model.runtimeClass(of: document.objects[$0], in: document) }),
                                               what: "outlet", className: className)
                )
            }
        }
    }

    /// A macOS xib whose File's Owner of class `ownerClass` connects `outlet` to a window
    /// holding a `PreviewWebView` whose `webViewOutlets` point back at File's Owner.
    static func documentWindowXib(ownerClass: String, outlet: String, webViewOutlets: [String] = []) -> String {
        let webConnections = webViewOutlets.enumerated().map { position, name in
            "        <outlet property=\"\(name)\" destination=\"-2\" id=\"Web-00-00\(position)\"/>"
        }.joined(separator: "\n")
        return ExampleXML.cocoaXib("""
        \(ExampleXML.cocoaPlaceholders(ownerClass: ownerClass, outlet: outlet, destination: "Win-00-001"))
        <window title="Window" allowsToolTipsWhenApplicationIsInactive="NO" id="Win-00-001">
            <view key="contentView" id="Cnt-00-001">
                <subviews>
                    <webView customClass="PreviewWebView" id="Web-00-001">
                        <connections>
        \(webConnections)
                        </connections>
                    </webView>
                </subviews>
            </view>
        </window>
        """)
    }

    /// A macOS window-controller xib whose File's Owner `owner` has one outlet to a text field.
    static func cocoaXib(outlet: String, owner: String, module: Bool = true) -> String {
        let moduleAttributes = module ? " customModule=\"Mac\" customModuleProvider=\"target\"" : ""
        return ExampleXML.cocoaXib("""
        <customObject id="-2" userLabel="File's Owner" customClass="\(owner)"\(moduleAttributes)>
            <connections>
                <outlet property="\(outlet)" destination="Fld-00-001" id="Out-00-001"/>
            </connections>
        </customObject>
        <textField id="Fld-00-001"/>
        """)
    }

    /// A `CardView` root-view xib with one outlet to a label.
    static func cardXib(outlet: String, module: Bool = true) -> String {
        let moduleAttributes = module ? " customModule=\"App\" customModuleProvider=\"target\"" : ""
        return ExampleXML.xib("""
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
        <view contentMode="scaleToFill" customClass="CardView"\(moduleAttributes) id="Root-00-001">
            <subviews>
                <label text="Title" id="Lbl-00-001"/>
            </subviews>
            <connections>
                <outlet property="\(outlet)" destination="Lbl-00-001" id="Out-00-001"/>
            </connections>
        </view>
        """)
    }
}
