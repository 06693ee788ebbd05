/// `runtime-attribute-not-in-class`: a user-defined runtime attribute whose key path the
/// object's class does not have: UIKit and AppKit log the failure and drop the value.
struct RuntimeAttributeNotInClassRule: Rule {
    static let description = RuleDescription(
        id: "runtime-attribute-not-in-class",
        severity: .warning,
        category: .referenceIntegrity,
        summary: "A user-defined runtime attribute sets a key the object's class does not have; the nib loads, the failure is logged and the value designed in Interface Builder is never applied.",
        help: """
        User-defined runtime attributes (and `@IBInspectable` values, which Interface Builder \
        stores the same way) are applied with `setValue:forKeyPath:` after the object is \
        decoded. UIKit and AppKit catch the `NSUnknownKeyException` a missing key raises, log \
        *Failed to set (x) user defined inspected property on (Class)* and go on: nothing \
        crashes, but the value is lost (a corner radius, a colour, a flag the code expects). \
        The first component of the key path must be a property of the class, a superclass, an \
        extension (also of `UIView`) or a platform key (`layer.*`, accessibility keys…).

        **Fix:** rename the attribute to the property's current name in the Identity \
        inspector, or delete it.
        """,
        reads: [
            "The `<userDefinedRuntimeAttribute>`'s `keyPath` (its first key; platform keys such as `layer.*`, `tag` and accessibility keys are not checked) and the `customClass` of the element holding it.",
            "Every declaration of that class and its superclasses in the sources (extensions, categories, `@IBInspectable`s, conformed protocols) and the platform classes' members; a lineage leaving the project for a dependency's class is not checked, nor a class declared only in targets unrelated to the IB file's (project.pbxproj).",
            "The modules imported by the files that declare the class and its project superclasses: when one is neither a platform module nor built by the project, its extensions may add the key, so that none does is assumed and the finding is info, unless the class or a superclass has an `@IBInspectable` that no IB file sets (the rename shows in the class).",
            "Whether the attribute ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` renames the attribute's `keyPath` to the inspectable property of the class that no runtime attribute of the element sets, of a type the attribute's `type` holds (`number` → `CGFloat`, `Int`…; `color` → `UIColor`…). Among several it takes the one whose name keeps clearly the most of the old key's letters; it declines when none is left, when no name is clearly the renamed one, and for a key path through another object (`layer.cornerRadius`). A candidate must share a word with the old name (`subtitleLabel` → `detailLabel`; `tapped` matches `tap`): an unrelated member that happens to be the only one unused is no rename. An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped."
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: the inspectable was renamed from `cornerRadius` to `radius`.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBInspectable var radius: CGFloat = 0
                }
                """),
                .init("App/CardView.xib", cardXib(keyPath: "cornerRadius")),
                RuleExample.loader(ofNib: "CardView"),
            ]),
            RuleExample("Objective-C: no property for the key.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @property (nonatomic) BOOL highlighted;
                @end
                """),
                .init("App/CardView.xib", cardXib(keyPath: "fromNib", module: false)),
            ]),
            RuleExample("Swift: the class imports a library that is not in the upload, whose extensions may add the key: assumed, so info.", severity: .info, files: [
                .init("App/CardView.swift", """
                import UIKit
                import Shimmer

                final class CardView: UIView {}
                """),
                .init("App/CardView.xib", cardXib(keyPath: "isShimmering")),
            ]),
            RuleExample("Swift: the same import, but the class's own inspectable that no file sets shows a rename: still a warning.", files: [
                .init("App/CardView.swift", """
                import UIKit
                import Shimmer

                final class CardView: UIView {
                    @IBInspectable var radius: CGFloat = 0
                }
                """),
                .init("App/CardView.xib", cardXib(keyPath: "cornerRadius")),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: an inspectable added to every view by an extension, and a layer key path.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {}

                extension UIView {
                    @IBInspectable var cornerRadius: CGFloat {
                        get { layer.cornerRadius }
                        set { layer.cornerRadius = newValue }
                    }
                }
                """),
                .init("App/CardView.xib", cardXib(keyPath: "cornerRadius", extra: "layer.borderWidth")),
            ]),
            RuleExample("Objective-C: the property exists.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @property (nonatomic) BOOL fromNib;
                @end
                """),
                .init("App/CardView.xib", cardXib(keyPath: "fromNib", module: false)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        // Every IB file's attributes, once: the evidence of each finding asks whether the class
        // has an inspectable property that none of them sets.
        let setKeys = Set(model.analysedDocuments.flatMap { $0.runtimeAttributes.map { firstKey(of: $0.keyPath) } })
        return model.analysedDocuments.flatMap { document in
            document.runtimeAttributes.compactMap { attribute -> RuleViolation? in
                guard !PlatformMembers.isUniversalKeyPath(attribute.keyPath), let className = document.objects[attribute.object].customClass,
                      let members = model.checkableMembers(of: className, seenFrom: document.path) else { return nil }
                let object = document.objects[attribute.object]
                let key = firstKey(of: attribute.keyPath)
                guard !members.answersKey(key) else { return nil }
                let declaration = model.declaredType(runtimeName: className)?.location
                return RuleViolation(
                    className: className,
                    message: "\(document.path) sets the runtime attribute \"\(attribute.keyPath)\" on \(object.displayName), but \(className) and its superclasses have no property \(key): \(document.platform == .macOS ? "AppKit" : "UIKit") logs \"Failed to set (\(attribute.keyPath)) user defined inspected property on (\(className))\" and the value is never applied.",
                    locations: [SourceLocation(document, attribute.location)] + (declaration.map { [$0] } ?? []),
                    fix: "Rename the attribute to the property's current name in the Identity inspector, or delete it.",
                    evidence: dependencyExtensionEvidence(className, key: key, setKeys: setKeys, in: model),
                    identity: [document.path, object.id, attribute.keyPath],
                    repair: attribute.keyPath.contains(".") ? .declined("a key path through another object (\(attribute.keyPath)) is not renamed")
                        : model.renameRepair(in: document, at: attribute.location, attribute: "keyPath", from: attribute.keyPath,
                                             candidates: model.unsetInspectables(of: className, attributeType: attribute.type,
                                                                                 alreadySet: Set(document.runtimeAttributes.filter { $0.object == attribute.object }.map(\.keyPath))),
                                             what: "inspectable property", className: className)
                )
            }
        }
    }

    /// Runtime attributes are what libraries' extensions add most (`isHeroEnabled`,
    /// `animationType`): when the class's sources import a module that is not in the upload,
    /// "no extension adds the key" is assumed, unless the class itself shows a rename (an
    /// inspectable property of its own that no Interface Builder file sets: `setKeys`).
    static func dependencyExtensionEvidence(_ className: String, key: String, setKeys: Set<String>, in model: ProjectModel) -> [Evidence] {
        let lineage = model.lineage(of: className).compactMap { model.declaredType(runtimeName: $0) }
        let hasUnsetInspectable = lineage.contains { type in type.properties.contains { $0.isInspectable && !setKeys.contains($0.name) } }
        guard !hasUnsetInspectable else { return [] }
        let imported = Set(lineage.flatMap(\.declarations).flatMap { model.sources.imports[$0.path] ?? [] })
            .filter { !PlatformModules.names.contains($0) && !model.build.isProjectModule($0) }.sorted()
        guard !imported.isEmpty else { return [] }
        return [.assumed("no module that \(className)'s sources import adds a property \(key)",
                         because: "they import \(imported.joined(separator: ", ")), whose extensions are not in the upload and may add it")]
    }

    /// The key a key path sets on the element itself: `layer` of `layer.cornerRadius`.
    static func firstKey(of keyPath: String) -> String {
        keyPath.firstIndex(of: ".").map { String(keyPath[..<$0]) } ?? keyPath
    }

    /// A `CardView` root-view xib with user-defined runtime attributes.
    static func cardXib(keyPath: String, extra: String? = nil, module: Bool = true) -> String {
        let moduleAttributes = module ? " customModule=\"App\" customModuleProvider=\"target\"" : ""
        let extraLine = extra.map { "\n                <userDefinedRuntimeAttribute type=\"number\" keyPath=\"\($0)\"><integer key=\"value\" value=\"1\"/></userDefinedRuntimeAttribute>" } ?? ""
        return ExampleXML.xib("""
        <view contentMode="scaleToFill" customClass="CardView"\(moduleAttributes) id="Root-00-001">
            <userDefinedRuntimeAttributes>
                <userDefinedRuntimeAttribute type="boolean" keyPath="\(keyPath)" value="YES"/>\(extraLine)
            </userDefinedRuntimeAttributes>
        </view>
        """)
    }
}
