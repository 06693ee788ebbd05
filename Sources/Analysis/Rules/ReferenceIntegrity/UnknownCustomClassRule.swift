/// `unknown-custom-class`: Interface Builder names a class that no source declares and
/// the platform does not provide: "Unknown class X in Interface Builder file."
struct UnknownCustomClassRule: Rule {
    static let description = RuleDescription(
        id: "unknown-custom-class",
        severity: .error,
        category: .referenceIntegrity,
        summary: "A custom class set in Interface Builder exists nowhere in the project; UIKit logs \"Unknown class X in Interface Builder file\" and creates a plain view, so outlets and actions crash or do nothing.",
        help: """
        When a nib is decoded, UIKit looks the `customClass` up by its runtime name. A class \
        that was renamed, deleted or never added to the target is not found: the runtime logs \
        *Unknown class X in Interface Builder file*, instantiates the element's platform class \
        instead, and the first outlet connection to it raises *this class is not key value \
        coding-compliant*. When the element's `customModule` names a module the project does \
        not build, or the project declares dependencies, the class probably comes from a \
        dependency the archive does not contain: the finding is lowered to a warning or info.

        **Fix:** restore or rename the class, or correct the Custom Class field (and its \
        module) in the Identity inspector.
        """
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("The storyboard still names `ProfileHeaderView`, renamed to `ProfileHeader` in code.", files: [
                .init("App/ProfileHeader.swift", """
                import UIKit

                final class ProfileHeader: UIView {}
                """),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="App" customModuleProvider="target" id="Hdr-00-001"/>
                """)),
            ]),
            RuleExample("An Objective-C class missing from the project.", files: [
                .init("App/AppDelegate.m", """
                #import "AppDelegate.h"
                @implementation AppDelegate
                @end
                """),
                .init("App/Card.xib", ExampleXML.xib("""
                <view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>
                """)),
            ]),
            RuleExample("A stale class name on File's Owner, which is never instantiated: a warning, not a crash.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {}
                """),
                .init("App/OldCard.xib", ExampleXML.xib("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="RemovedCardController"/>
                <view contentMode="scaleToFill" customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001"/>
                """)),
            ]),
        ],
        nonTriggering: [
            RuleExample("The class exists; platform classes used as custom classes are known.", files: [
                .init("App/ProfileHeader.swift", """
                import UIKit

                final class ProfileHeaderView: UIView {}
                """),
                .init("App/Base.lproj/Main.storyboard", ExampleXML.storyboard(subviews: """
                <view contentMode="scaleToFill" customClass="ProfileHeaderView" customModule="App" customModuleProvider="target" id="Hdr-00-001"/>
                """, controller: #"customClass="UITableViewController""#)),
            ]),
            RuleExample("An Objective-C class declared with `@interface`.", files: [
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

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        // Each class name is judged once; objects are screened field by field.
        var verdicts: [String: Bool] = [:]
        return model.documents.filter { $0.status == .analysed || $0.status == .legacy }.flatMap { document in
            let objects = document.objects
            return objects.indices.compactMap { position -> RuleViolation? in
                // First Responder, Application and Exit stand for objects the runtime supplies.
                guard let name = objects[position].customClass, !name.isEmpty,
                      objects[position].placeholder == nil || objects[position].placeholder == .filesOwner else { return nil }
                let unknown: Bool
                if let known = verdicts[name] {
                    unknown = known
                } else {
                    unknown = isUnknown(name, in: model)
                    verdicts[name] = unknown
                }
                guard unknown else { return nil }
                let object = objects[position]
                let (severity, origin) = provenance(of: object, in: model)
                // File's Owner is never instantiated: the object passed as owner stands for it.
                if object.placeholder == .filesOwner {
                    return RuleViolation(
                        className: name,
                        message: "\(document.path) labels File's Owner with the class \(name), which no source in the project declares\(origin). File's Owner is never instantiated (the object passed as owner when the nib loads stands for it), so nothing crashes, but the stale name hides from Interface Builder and readers which class owns the outlets and actions.",
                        locations: [SourceLocation(document, object)],
                        fix: "Set File's Owner's class to the class that loads \(document.path) as its owner, or delete the file if nothing loads it.",
                        severity: min(severity ?? .warning, .warning),
                        identity: [document.path, object.id, name]
                    )
                }
                return RuleViolation(
                    className: name,
                    message: "Unknown class \(name) in Interface Builder file. \(document.path) sets it on \(object.displayName), but no source in the project declares it\(origin).",
                    locations: [SourceLocation(document, object)],
                    fix: "Declare \(name) (or restore it), or correct the Custom Class of this element in the Identity inspector.",
                    severity: severity,
                    identity: [document.path, object.id, name]
                )
            }
        }
    }

    /// Neither declared in the project nor a platform class (by table or by prefix).
    static func isUnknown(_ name: String, in model: ProjectModel) -> Bool {
        if model.declaration(of: name) != nil || model.sources.types[name] != nil { return false }
        let unqualified = ProjectModel.unqualified(name)
        if PlatformClasses.isKnown(unqualified) || model.declaration(of: unqualified) != nil { return false }
        return !PlatformClasses.hasPlatformPrefix(unqualified)
    }

    /// The severity and the sentence that explain where the class might come from.
    private static func provenance(of object: IBObject, in model: ProjectModel) -> (Severity?, String) {
        if let module = object.customModule, object.customModuleProvider != "target" {
            if model.modules.dependencyModules.contains(module) {
                return (.info, "; its module \(module) is a declared dependency, so it likely comes from there")
            }
            if model.modules.knowsProjectModules && !model.modules.projectModules.contains(module) {
                return (.info, "; its module \(module) is not built by this project, so it may come from a dependency")
            }
            if !model.modules.knowsProjectModules {
                return (.warning, "; it names module \(module), which may be a dependency not in the archive")
            }
            return (nil, "")
        }
        if object.customModuleProvider == nil, !model.modules.dependencyModules.isEmpty {
            return (.warning, "; the project has dependencies, which may provide it")
        }
        return (nil, "")
    }
}
