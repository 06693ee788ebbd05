/// `outlet-not-in-class`: an outlet connection to a property its class does not have:
/// "this class is not key value coding-compliant for the key X".
struct OutletNotInClassRule: Rule {
    static let description = RuleDescription(
        id: "outlet-not-in-class",
        severity: .error,
        category: .referenceIntegrity,
        summary: "An outlet connection names a property the object's class does not declare; loading the nib raises \"this class is not key value coding-compliant for the key X\".",
        help: """
        Outlets are set with Key-Value Coding when the nib loads. A connection whose property \
        was renamed or deleted in code (or whose object's class changed) makes \
        `setValue:forKey:` raise `NSUnknownKeyException`. The property may be declared in the \
        class, a superclass, an extension or category, as an `@IBOutlet` or any KVC-visible \
        property; UIKit and AppKit outlets (`view`, `dataSource`, `delegate`, `window`…) are \
        known. Classes whose superclass comes from a dependency are not checked. AppKit does \
        not raise: it logs *Failed to connect (x) outlet … missing setter or instance \
        variable* and leaves the outlet unset, so on macOS the finding is a warning.

        **Fix:** reconnect the outlet to the renamed property (Connections inspector), or \
        delete the stale connection.
        """
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `titleLabel` was renamed to `nameLabel` in code only.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet weak var nameLabel: UILabel!
                }
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel")),
            ]),
            RuleExample("Objective-C: the property is gone from the header.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                """),
                .init("App/CardView.xib", cardXib(outlet: "titleLabel", module: false)),
            ]),
            RuleExample("Objective-C, macOS: a window controller's stale outlet (a warning: AppKit logs it and leaves the outlet unset).", files: [
                .init("App/PreferencesController.h", """
                #import <Cocoa/Cocoa.h>
                @interface PreferencesController : NSWindowController
                @property (weak) IBOutlet NSButton *launchAtLoginCheckbox;
                @end
                """),
                .init("App/Preferences.xib", documentWindowXib(ownerClass: "PreferencesController", outlet: "showInMenuBarCheckbox")),
            ]),
        ],
        nonTriggering: [
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
                      let className = document.objects[sourceIndex].customClass, let members = model.checkableMembers(of: className),
                      !members.answersKey(property) else { return nil }
                let connection = connections[position]
                let object = document.objects[sourceIndex]
                let declaration = model.declaredType(runtimeName: className)?.location
                // UIKit sets outlets with setValue:forKey:, which raises; AppKit's connector
                // checks for a setter or instance variable first, logs and goes on.
                let appKit = document.platform == .macOS
                let outcome = appKit
                    ? "AppKit logs \"Failed to connect (\(property)) outlet from (\(className)) … missing setter or instance variable\" and leaves it unset"
                    : "loading the nib raises \"this class is not key value coding-compliant for the key \(property)\""
                return RuleViolation(
                    className: className,
                    message: "\(document.path) connects the outlet \"\(property)\" of \(object.displayName), but \(className) and its superclasses declare no \(property): \(outcome).",
                    locations: [SourceLocation(document, connection.location), SourceLocation(document, object)] + (declaration.map { [$0] } ?? []),
                    fix: "Reconnect the outlet to the property's new name in the Connections inspector, or delete the connection.",
                    severity: appKit ? .warning : nil,
                    identity: [document.path, object.id, property]
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
        <customObject id="-2" userLabel="File's Owner" customClass="\(ownerClass)">
            <connections>
                <outlet property="\(outlet)" destination="Win-00-001" id="Out-00-001"/>
            </connections>
        </customObject>
        <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
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
