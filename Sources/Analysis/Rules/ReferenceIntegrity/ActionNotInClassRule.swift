/// `action-not-in-class`: an action connection whose selector the target's class does not
/// implement: "unrecognized selector sent to instance" on the first tap.
struct ActionNotInClassRule: Rule {
    static let description = RuleDescription(
        id: "action-not-in-class",
        severity: .error,
        category: .referenceIntegrity,
        summary: "An action connection sends a selector the target's class does not implement; the first tap crashes with \"unrecognized selector sent to instance\".",
        help: """
        Interface Builder stores an action as an Objective-C selector. Swift derives it from \
        the method: `func tap(_ sender: Any)` is `tap:`, `func tap(sender: Any)` is \
        `tapWithSender:`, `func tap()` is `tap`. Renaming the method or its labels in code \
        leaves the connection pointing at a selector nothing implements. The method may live \
        in the class, a superclass, an extension or a category; UIKit and AppKit standard \
        actions (`copy:`, `performClose:`, `terminate:`…) and actions sent to the First \
        Responder are not checked against one class.

        **Fix:** reconnect the control to the renamed method, or restore the old name with \
        `@objc(oldName:)`.
        """,
        reads: [
            "The action connection's `selector`, its sender, and its `destination` element's `customClass` (File's Owner's included; First Responder is not checked).",
            "Every declaration of that class and its superclasses in the sources (extensions, categories, conformed protocols) as Objective-C selectors, Swift names derived with the target's Swift version and `@objc(name:)` honoured, plus the platform classes' actions; a lineage leaving the project for a dependency's class is not checked.",
            "The targets that bundle the IB file and those that build the class (project.pbxproj, Package.swift): a class declared only in unrelated targets or unbuilt files is not compared.",
            "The sender's `enabled` and `userInteractionEnabled`: disabled in the file, it sends nothing until code enables it, so the finding is a warning. So is one that code switches off through an outlet (`field.isEnabled = false`, `[button setEnabled:NO]`) and never on again: an assignment of another value counts unless a constant condition rules its block out (`if FLAG { … }` with `let FLAG = false`, `#define FLAG 0`) or its receiver's stated type (`let cell = … as! OtherCell`) cannot hold the outlet's owner.",
            "Whether the connection ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` renames the connection's `selector` to the selector (as Objective-C sees it: `didTap:`, `tapWithSender:`) of the action the class has that no Interface Builder file connects. Among several it takes the one whose name keeps clearly the most of the old selector's letters; it declines when none is left or no name is clearly the renamed one. A candidate must share a word with the old name (`subtitleLabel` → `detailLabel`; `tapped` matches `tap`): an unrelated member that happens to be the only one unused is no rename. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped."
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `func tap(sender:)` is `tapWithSender:`, but the xib sends `tap:`.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBAction func tap(sender: Any) {}
                }
                """),
                .init("App/CardView.xib", cardXib(selector: "tap:")),
            ]),
            RuleExample("Objective-C: the action was renamed.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                - (IBAction)buttonPressed:(id)sender;
                @end
                """),
                .init("App/CardView.xib", cardXib(selector: "buttonTapped:", module: false)),
            ]),
            RuleExample("The button is disabled in the file: the crash waits for code to enable it, a warning.", severity: .warning, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBAction func tapped(_ sender: Any) {}
                }
                """),
                .init("App/CardView.xib", cardXib(selector: "tap:").replacingOccurrences(of: #"<button id="Btn-00-001">"#, with: #"<button enabled="NO" id="Btn-00-001">"#)),
                RuleExample.loader(ofNib: "CardView"),
            ]),
            RuleExample("The controller switches the field off in code and turns it on only under a flag that is off: the crash waits for the flag, a warning.", severity: .warning, files: [
                formController(enabling: "if EDIT_NOTES { note.isEnabled = true } else { note.isEnabled = false }"),
                formXib,
                RuleExample.loader(ofNib: "FormController"),
            ]),
            RuleExample("The field is switched off in code but turned on again when the form is editable: the action can fire, an error.", files: [
                formController(enabling: "note.isEnabled = false\n        if isEditing { note.isEnabled = true }"),
                formXib,
                RuleExample.loader(ofNib: "FormController"),
            ]),
            RuleExample("Swift 3 (`SWIFT_VERSION = 3.0`): the first label is part of the selector, `tap(sender:)` is `tapWithSender:`.", files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("App", swiftVersion: "3.0", sources: ["App/CardView.swift"], resources: ["App/CardView.xib"]),
                ])),
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBAction func tap(sender: AnyObject) {}
                }
                """),
                .init("App/CardView.xib", cardXib(selector: "tap:")),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift 2 (no `SWIFT_VERSION`, last upgraded by Xcode 7.2): `func tap(sender: AnyObject)` is `tap:`.", files: [
                .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                    .init("App", swiftVersion: nil, sources: ["App/CardView.swift"], resources: ["App/CardView.xib"]),
                ], lastUpgradeCheck: "0720")),
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBAction func tap(sender: AnyObject) {}
                }
                """),
                .init("App/CardView.xib", cardXib(selector: "tap:")),
            ]),
            RuleExample("Swift: `func tap(_ sender: Any)` in an extension is `tap:`.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {}

                extension CardView {
                    @IBAction func tap(_ sender: Any) {}
                }
                """),
                .init("App/CardView.xib", cardXib(selector: "tap:")),
            ]),
            RuleExample("Objective-C: the action is implemented in a category.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                @interface CardView (Actions)
                - (IBAction)buttonTapped:(id)sender;
                @end
                """),
                .init("App/CardView.xib", cardXib(selector: "buttonTapped:", module: false)),
            ]),
            RuleExample("macOS: a Cancel button sends `dismissController:`, which every NSViewController inherits from AppKit.", files: [
                .init("Mac/SheetController.swift", """
                import Cocoa

                final class SheetController: NSViewController {}
                """),
                .init("Mac/SheetController.xib", ExampleXML.cocoaXib("""
                <customObject id="-2" userLabel="File's Owner" customClass="SheetController" customModule="Mac" customModuleProvider="target">
                    <connections>
                        <outlet property="view" destination="Vw-00-001" id="Out-00-001"/>
                    </connections>
                </customObject>
                <customView id="Vw-00-001">
                    <subviews>
                        <button id="Btn-00-001">
                            <connections>
                                <action selector="dismissController:" target="-2" id="Act-00-001"/>
                            </connections>
                        </button>
                    </subviews>
                </customView>
                """)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document in
            let connections = document.connections
            // Connections and objects are read field by field; only a violation copies them.
            return connections.indices.compactMap { position -> RuleViolation? in
                guard connections[position].kind == .action, let selector = connections[position].selector,
                      let targetID = connections[position].destination, let targetPosition = document.objectPosition(withID: targetID),
                      document.objects[targetPosition].placeholder != .firstResponder, let className = document.objects[targetPosition].customClass,
                      let members = model.checkableMembers(of: className, seenFrom: document.path), !members.answersSelector(selector) else { return nil }
                let connection = connections[position]
                let target = document.objects[targetPosition]
                let sender = connection.source.map { document.objects[$0].displayName } ?? "an element"
                let declaration = model.declaredType(runtimeName: className)?.location
                return RuleViolation(
                    className: className,
                    message: "\(document.path) sends the action \(selector) from \(sender) to \(target.displayName), but \(className) implements no \(selector): the first event crashes with \"unrecognized selector sent to instance\".",
                    locations: [SourceLocation(document, connection.location)] + (declaration.map { [$0] } ?? []),
                    fix: "Reconnect the action to the method's current name, or keep the old selector with @objc(\(selector)).",
                    evidence: connection.source.map { senderEvidence(document.objects[$0], in: document, model) } ?? [],
                    identity: [document.path, connection.sourceID, targetID, selector],
                    repair: model.renameRepair(in: document, at: connection.location, attribute: "selector", from: selector,
                                               candidates: model.unconnectedActions(of: className), what: "action", className: className)
                )
            }
        }
    }

    /// A sender Interface Builder leaves disabled, or code keeps switched off, sends nothing
    /// until code enables it: the crash is one edit away, a warning that says so.
    private static func senderEvidence(_ sender: IBObject, in document: IBDocument, _ model: ProjectModel) -> [Evidence] {
        guard sender.attributes.enabled == false || sender.attributes.userInteractionEnabled == false else {
            return model.disabledInCode(sender, in: document).map { [$0] } ?? []
        }
        return [.limiting("\(sender.displayName) is disabled in the file", to: .warning,
                          because: "it sends the action only once code enables it, and then the app crashes")]
    }

    /// A form controller whose `note` field the xib connects to `noteEdited:`, which it
    /// renamed; `enabling` is the code of `viewDidLoad` that switches the field.
    private static func formController(enabling: String) -> RuleExample.File {
        .init("App/FormController.swift", """
        import UIKit

        private let EDIT_NOTES = false

        final class FormController: UIViewController {
            @IBOutlet var note: UITextField!

            override func viewDidLoad() {
                super.viewDidLoad()
                \(enabling)
            }

            @IBAction func noteChanged(_ sender: UITextField) {}
        }
        """)
    }

    /// The form's xib: File's Owner `FormController`, its `note` outlet on a text field
    /// that sends `noteEdited:`.
    private static let formXib = RuleExample.File("App/FormController.xib", ExampleXML.xib("""
    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="FormController" customModule="App" customModuleProvider="target">
        <connections>
            <outlet property="view" destination="Root-00-001" id="Out-00-001"/>
            <outlet property="note" destination="Txt-00-001" id="Out-00-002"/>
        </connections>
    </placeholder>
    <view contentMode="scaleToFill" id="Root-00-001">
        <subviews>
            <textField id="Txt-00-001">
                <connections>
                    <action selector="noteEdited:" destination="-1" eventType="editingChanged" id="Act-00-001"/>
                </connections>
            </textField>
        </subviews>
    </view>
    """))

    /// A `CardView` root-view xib whose button sends `selector` to the view.
    static func cardXib(selector: String, module: Bool = true) -> String {
        let moduleAttributes = module ? " customModule=\"App\" customModuleProvider=\"target\"" : ""
        return ExampleXML.xib("""
        <view contentMode="scaleToFill" customClass="CardView"\(moduleAttributes) id="Root-00-001">
            <subviews>
                <button id="Btn-00-001">
                    <connections>
                        <action selector="\(selector)" destination="Root-00-001" eventType="touchUpInside" id="Act-00-001"/>
                    </connections>
                </button>
            </subviews>
        </view>
        """)
    }
}
