/// `binding-key-not-in-class`: a Cocoa binding whose key path starts with a key its
/// destination's class does not have: "this class is not key value coding-compliant".
struct BindingKeyNotInClassRule: Rule {
    static let description = RuleDescription(
        id: "binding-key-not-in-class",
        severity: .error,
        category: .referenceIntegrity,
        summary: "A Cocoa binding's key path starts with a key the bound-to object's class does not have (or hides from Objective-C); loading the nib raises \"this class is not key value coding-compliant for the key X\".",
        help: """
        When an AppKit nib loads, each binding calls `bind(_:to:withKeyPath:options:)`, which \
        reads the key path from the destination with Key-Value Coding. If the first key \
        (after any leading `self.`) has no getter, property or instance variable, \
        `valueForUndefinedKey:` raises `NSUnknownKeyException` and the nib fails to load. A \
        Swift property is only visible to Key-Value Coding when it is `@objc` (`@objc \
        dynamic` also lets bindings observe changes), an `@IBOutlet`, `@IBInspectable`, \
        `@NSManaged`, or a member of an `@objcMembers` class or `@objc extension`.

        Checked: bindings to File's Owner, custom objects, views and controllers whose \
        class the project declares and whose lineage above the project stays within \
        `NSObject`, `NSResponder`, `NSViewController` and `NSWindowController` (whose keys \
        are known: `representedObject`, `window`, `document`…). Not checked: bindings to \
        `NSArrayController`, `NSObjectController`, `NSTreeController`, \
        `NSDictionaryController` and `NSUserDefaultsController`, collection operators \
        (`@count`), classes from dependencies or below other platform classes (views, \
        documents), and classes that override `valueForUndefinedKey:`.

        **Fix:** bind to the property's current name in the Bindings inspector, declare the \
        property as `@objc dynamic var`, or delete the binding.
        """,
        reads: [
            "The `<binding>`'s `keyPath` (its first key; `@` operators, `_x` and accessibility keys are not checked) and its `destination` element's `customClass` (array, object, tree, dictionary and user-defaults controllers are not checked).",
            "Every declaration of that class and its superclasses in the sources (getters, properties, methods, Key-Value Coding's `getX` / `isX` / `_x` spellings) up to `NSObject`, `NSResponder`, `NSViewController` or `NSWindowController`, whose keys are known; any other platform class or a dependency's in the lineage, or a `valueForUndefinedKey:` override, and nothing is reported.",
            "For a Swift property: whether it is `@objc`, `dynamic`, `@IBOutlet`, `@IBInspectable` or `@NSManaged`, or in an `@objcMembers` class or `@objc extension`, and the target's `SWIFT_VERSION` (before Swift 4, `NSObject` subclasses' members are `@objc` by inference).",
            "Whether the binding ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` renames the binding's first key (keeping a `self.` before it and the rest of the key path after it) to the property of the class that no binding reads, when its name is clearly the renamed one; it declines among several that fit alike, and for a key Swift hides from Objective-C (that needs `@objc` in the source). A candidate must share a word with the old name (`subtitleLabel` → `detailLabel`; `tapped` matches `tap`): an unrelated member that happens to be the only one unused is no rename. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped."
    )

    static let requirements: RuleRequirements = .sources

    /// A macOS project whose target uses `swiftVersion`, binding a plain `var` (no `@objc`) of
    /// an `NSViewController` subclass: `@objc` by inference before Swift 4 only.
    private static func plainVarExample(_ title: String, swiftVersion: String) -> RuleExample {
        RuleExample(title, files: [
            .init("App.xcodeproj/project.pbxproj", ExampleProject.pbxproj([
                .init("App", sdk: "macosx", swiftVersion: swiftVersion, sources: ["App/ProfileViewController.swift"], resources: ["App/ProfileViewController.xib"]),
            ])),
            .init("App/ProfileViewController.swift", """
            import Cocoa

            final class ProfileViewController: NSViewController {
                var userName = ""
            }
            """),
            .init("App/ProfileViewController.xib", profileXib(keyPath: "userName")),
        ])
    }

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `userName` was renamed to `displayName` in code only.", files: [
                .init("App/ProfileViewController.swift", """
                import Cocoa

                final class ProfileViewController: NSViewController {
                    @objc dynamic var displayName = ""
                }
                """),
                .init("App/ProfileViewController.xib", profileXib(keyPath: "self.userName")),
            ]),
            RuleExample("Swift: the property exists but is not `@objc`, so Key-Value Coding cannot see it.", files: [
                .init("App/ProfileViewController.swift", """
                import Cocoa

                final class ProfileViewController: NSViewController {
                    var userName = ""
                }
                """),
                .init("App/ProfileViewController.xib", profileXib(keyPath: "userName")),
            ]),
            plainVarExample("Swift 4 (`SWIFT_VERSION = 4.0`): members of an `NSObject` subclass are no longer `@objc` by inference, so the plain `var` is invisible to Key-Value Coding.", swiftVersion: "4.0"),
            RuleExample("Objective-C: no property, getter or instance variable for the key.", files: [
                .init("App/ProfileViewController.h", """
                #import <Cocoa/Cocoa.h>
                @interface ProfileViewController : NSViewController
                @property (copy) NSString *displayName;
                @end
                """),
                .init("App/ProfileViewController.xib", profileXib(keyPath: "userName", module: false)),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: an `@objc dynamic` property of a superclass, a platform key and a collection operator.", files: [
                .init("App/ProfileViewController.swift", """
                import Cocoa

                class AccountViewController: NSViewController {
                    @objc dynamic var userName = ""
                }

                final class ProfileViewController: AccountViewController {}
                """),
                .init("App/ProfileViewController.xib", profileXib(keyPath: "self.userName.length", extraKeyPaths: ["representedObject.title", "@count"])),
            ]),
            plainVarExample("Swift 3 (`SWIFT_VERSION = 3.0`): before Swift 4, members of an `NSObject` subclass are `@objc` by inference, so the same plain `var` answers the binding.", swiftVersion: "3.0"),
            RuleExample("Swift: every member of an `@objcMembers` class is visible.", files: [
                .init("App/ProfileViewController.swift", """
                import Cocoa

                @objcMembers final class ProfileViewController: NSViewController {
                    var userName = ""
                }
                """),
                .init("App/ProfileViewController.xib", profileXib(keyPath: "userName")),
            ]),
            RuleExample("Objective-C: an instance variable and an `-isKey` getter answer the keys.", files: [
                .init("App/ProfileViewController.h", """
                #import <Cocoa/Cocoa.h>
                @interface ProfileViewController : NSViewController {
                    NSString *userName;
                }
                - (BOOL)isEditable;
                @end
                """),
                .init("App/ProfileViewController.xib", profileXib(keyPath: "userName", extraKeyPaths: ["editable"], module: false)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document -> [RuleViolation] in
            guard !document.bindings.isEmpty else { return [] }
            let indexByID = document.objectIndicesByID
            return document.bindings.compactMap { binding in
                guard let key = binding.firstKey, let destinationIndex = indexByID[binding.destination] else { return nil }
                let destination = document.objects[destinationIndex]
                guard !destination.isBindingController, let className = destination.customClass else { return nil }
                let lookup = model.bindingKeyLookup(key, runtimeName: className)
                let declaration: SourceLocation
                let problem: String
                let fix: String
                switch lookup {
                case .found:
                    return nil
                case .missing:
                    guard let type = model.declaredType(runtimeName: className) else { return nil }
                    declaration = type.location
                    problem = "\(className) and its superclasses have no property, getter or instance variable \(key)"
                    fix = "Bind to the property's current name in the Bindings inspector, declare `@objc dynamic var \(key)` in \(className), or delete the binding."
                case .notVisibleToObjectiveC(let property):
                    declaration = property.location
                    problem = "\(className) declares \(key) in Swift without `@objc`, so Key-Value Coding cannot see it"
                    fix = "Declare it `@objc dynamic var \(key)` so that Key-Value Coding can read it and the binding observes its changes."
                }
                let bound = document.objects[binding.object]
                return RuleViolation(
                    className: className,
                    message: "\(document.path) (line \(binding.location.line)) binds \"\(binding.name)\" of \(bound.displayName) to \"\(binding.keyPath)\" of \(destination.displayName), but \(problem): loading the nib raises \"[<\(className)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key)\".",
                    locations: [SourceLocation(document, binding.location), SourceLocation(document, destination), declaration],
                    fix: fix,
                    identity: [document.path, bound.id, binding.name, binding.keyPath],
                    repair: repair(binding, key: key, lookup: lookup, className: className, in: document, model: model)
                )
            }
        }
    }

    /// A missing first key renamed to the one unbound property of the class that is clearly
    /// the renamed one (the rest of the key path kept); a key Swift hides from Objective-C is
    /// fixed in the source, not here.
    private static func repair(_ binding: IBBinding, key: String, lookup: BindingKeyLookup, className: String,
                               in document: IBDocument, model: ProjectModel) -> Repair {
        guard case .missing = lookup else { return .declined("\(key) exists: it needs @objc in the source, which nibscan fix does not edit") }
        // `self.userName` reads `userName` too: the `self.` stays.
        guard let lead = ["", "self."].first(where: { binding.keyPath.hasPrefix($0 + key) }) else {
            return .declined("the key path \(binding.keyPath) does not start with \(key)")
        }
        let rest = binding.keyPath.dropFirst(lead.count + key.count)
        switch model.renameRepair(in: document, at: binding.location, attribute: "keyPath", from: key,
                                  candidates: model.unboundProperties(of: className), what: "property", className: className) {
        case let .edits(_, edits):
            guard let new = edits.first?.to else { return .declined("no candidate") }
            return .edits(summary: "keyPath \"\(binding.keyPath)\" → \"\(lead + new + rest)\"",
                          edits.map { edit in
                              var edit = edit
                              edit.from = binding.keyPath
                              edit.to = lead + new + rest
                              return edit
                          })
        case let .declined(reason):
            return .declined(reason)
        }
    }

    /// A macOS `ProfileViewController` xib: a text field whose value is bound to File's
    /// Owner's `keyPath` (and `extraKeyPaths` to its other bindings), and a checkbox bound
    /// to the shared user defaults.
    static func profileXib(keyPath: String, extraKeyPaths: [String] = [], module: Bool = true) -> String {
        let moduleAttributes = module ? " customModule=\"App\" customModuleProvider=\"target\"" : ""
        let names = ["toolTip", "enabled", "hidden"]
        let extra = zip(names, extraKeyPaths).enumerated().map { offset, pair in
            "\n                        <binding destination=\"-2\" name=\"\(pair.0)\" keyPath=\"\(pair.1)\" id=\"Bnd-00-00\(offset + 2)\"/>"
        }.joined()
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa" useAutolayout="YES">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="ProfileViewController"\(moduleAttributes)>
                    <connections>
                        <outlet property="view" destination="Vw1-00-001" id="Out-00-001"/>
                    </connections>
                </customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customView id="Vw1-00-001">
                    <subviews>
                        <textField id="Txt-00-001">
                            <connections>
                                <binding destination="-2" name="value" keyPath="\(keyPath)" id="Bnd-00-001"/>\(extra)
                            </connections>
                        </textField>
                        <button id="Chk-00-001">
                            <connections>
                                <binding destination="Udc-00-001" name="value" keyPath="values.showsAvatar" id="Bnd-00-009"/>
                            </connections>
                        </button>
                    </subviews>
                </customView>
                <userDefaultsController representsSharedInstance="YES" id="Udc-00-001"/>
            </objects>
        </document>
        """
    }
}
