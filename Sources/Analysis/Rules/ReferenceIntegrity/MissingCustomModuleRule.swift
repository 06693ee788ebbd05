/// `missing-custom-module`: a Swift class set in Interface Builder without a module, so the
/// runtime looks for an Objective-C class of that name and finds none.
struct MissingCustomModuleRule: Rule {
    static let description = RuleDescription(
        id: "missing-custom-module",
        severity: .error,
        category: .referenceIntegrity,
        summary: "A Swift class is set in Interface Builder with neither a module nor \"Inherit Module From Target\"; its runtime name is Module.Class, so it is not found.",
        help: """
        A Swift class without `@objc(Name)` is registered with the Objective-C runtime under \
        its module-qualified name (`MyApp.CardView`). Interface Builder stores the module in \
        `customModule`, or `customModuleProvider="target"` for *Inherit Module From Target*. \
        With neither, the nib asks for a class called `CardView`, the runtime logs *Unknown \
        class CardView in Interface Builder file* and a plain `UIView` appears instead.

        **Fix:** in the Identity inspector, tick *Inherit Module From Target* (or pick the \
        module); or give the class an explicit runtime name with `@objc(CardView)`.
        """,
        reads: [
            "The element's `customClass` with neither `customModule` nor `customModuleProvider` (on File's Owner, which is never instantiated, the finding is info).",
            "That class's declaration in the sources: a Swift class without `@objc(Name)`, so its runtime name is module-qualified.",
            "Whether the element ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ],
        repairs: "`nibscan fix` adds `customModule=\"MODULE\" customModuleProvider=\"target\"` after the element's `customClass`, MODULE being the module of the one target that builds the class. It declines when no target or several modules build the class, and when File's Owner has the same class (giving the root view the module would make decoding it load the nib again). An info finding is never repaired. The repaired project is analysed again first: a fix that adds any finding is dropped."
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("`CardView` is Swift, the xib names it without a module.", severity: .error, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {}
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
                """)),
                RuleExample.loader(ofNib: "Card"),
            ]),
            RuleExample("File's Owner names a module-less Swift class: only Interface Builder is affected (info).", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    @IBOutlet var contentView: UIView!
                }
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="CardView"/>
                <view contentMode="scaleToFill" id="Root-00-001"/>
                """)),
            ]),
            RuleExample("`CardView` loads `Card.xib` into itself (owner `self`): its root must stay a plain view, which the missing module makes it, so info.", severity: .info, files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    required init?(coder: NSCoder) {
                        super.init(coder: coder)
                        let content = Bundle.main.loadNibNamed("Card", owner: self, options: nil)![0] as! UIView
                        addSubview(content)
                    }
                }
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
                """)),
            ]),
        ],
        nonTriggering: [
            RuleExample("The module is inherited from the target.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {}
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001"/>
                """)),
            ]),
            RuleExample("An explicit Objective-C name needs no module.", files: [
                .init("App/CardView.swift", """
                import UIKit

                @objc(CardView)
                final class CardView: UIView {}
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
                """)),
            ]),
            RuleExample("Objective-C classes have no module.", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                @end
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
                """)),
            ]),
        ]
    )

    /// Objects are screened field by field (most have no custom class) before one is
    /// copied for the message.
    /// A class that loads this very nib into itself (as its owner, the File's Owner
    /// technique) needs the nib's root view to stay a plain view: the missing module keeps it
    /// one, and giving it the module would make decoding the root load the nib again.
    private static func ownerLoadEvidence(_ object: IBObject, named name: String, in document: IBDocument, model: ProjectModel) -> [Evidence] {
        guard document.format == .xib, object.parent == nil, let nibName = NibCatalog.loadName(ofPath: document.path) else { return [] }
        let lineage = Set(model.lineage(of: name))
        guard let load = model.loadSites(forNib: nibName).first(where: { site in
            (site.owner == .selfObject || site.api == .nibOwnerLoadable) && site.context.typeName.map(lineage.contains) == true
        }) else { return [] }
        return [.limiting("\(name) loads \(nibName) into itself (\(load.location.path):\(load.location.line), owner self)", to: .info,
                          because: "its root view must stay a plain view, which the missing module makes it; with the module, decoding the root would load the nib again and recurse")]
    }

    /// `customModule` and `customModuleProvider="target"` added after `customClass`, when
    /// the targets building the class's declarations name one module.
    private static func moduleRepair(_ object: IBObject, named name: String, declaredIn type: SourceType,
                                     in document: IBDocument, model: ProjectModel) -> Repair {
        let modules = Set(type.declarations.flatMap { model.build.targets(of: $0.path) ?? [] }.map { model.build.targets[$0].module })
        guard modules.count == 1, let module = modules.first else {
            return .declined(modules.isEmpty ? "no target of the project builds \(name)" : "\(name) is built in \(modules.count) modules (\(modules.sorted().joined(separator: ", ")))")
        }
        let location = object.location
        return .edits(summary: "customModule=\"\(module)\" customModuleProvider=\"target\" on \(object.displayName)", [
            AttributeEdit(path: document.path, line: location.line, column: location.column, name: "customModule", from: nil, to: module, after: "customClass"),
            AttributeEdit(path: document.path, line: location.line, column: location.column, name: "customModuleProvider", from: nil, to: "target", after: "customModule"),
        ])
    }

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.flatMap { document in
            let objects = document.objects
            return objects.indices.compactMap { position -> RuleViolation? in
                guard let name = objects[position].customClass, objects[position].customModule == nil,
                      objects[position].customModuleProvider == nil,
                      model.isUnresolvedAtRunTime(objects[position]), let type = model.declaredType(runtimeName: name) else { return nil }
                let object = objects[position]
                if object.placeholder == .filesOwner {
                    return RuleViolation(
                        className: name,
                        message: "\(document.path) labels File's Owner with the Swift class \(name) without a module. File's Owner is never instantiated, so nothing happens at run time; only Interface Builder cannot find \(name)'s outlets and actions to offer.",
                        locations: [SourceLocation(document, object), type.location],
                        fix: "Tick \"Inherit Module From Target\" for File's Owner in the Identity inspector.",
                        severity: .info,
                        identity: [document.path, object.id, name]
                    )
                }
                return RuleViolation(
                    className: name,
                    message: "\(document.path) sets the Swift class \(name) on \(object.displayName) without a module; at runtime the class is \"<Module>.\(name)\", so \(document.platform == .macOS ? "AppKit" : "UIKit") reports \"Unknown class \(name) in Interface Builder file\" and makes a plain \(object.element == "customObject" ? "object" : "view").",
                    locations: [SourceLocation(document, object), type.location],
                    fix: document.filesOwner?.customClass == name && object.placeholder == nil
                        ? "File's Owner has the class \(name) too: set this element's class to the plain platform view (giving it the module would make decoding it load the nib again, recursing)."
                        : "Tick \"Inherit Module From Target\" for this element in the Identity inspector, or declare the class with @objc(\(name)).",
                    evidence: ownerLoadEvidence(object, named: name, in: document, model: model),
                    identity: [document.path, object.id, name],
                    repair: document.filesOwner?.customClass == name && object.placeholder == nil
                        ? .declined("File's Owner has the class \(name) too: with the module, decoding this element would load the nib again")
                        : moduleRepair(object, named: name, declaredIn: type, in: document, model: model)
                )
            }
        }
    }
}
