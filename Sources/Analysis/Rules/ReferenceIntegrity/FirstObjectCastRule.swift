/// `first-object-cast`: `.first as!` / `objectAtIndex:0` / `firstObject` cast to a class
/// the nib's first top-level object is not.
struct FirstObjectCastRule: Rule {
    static let description = RuleDescription(
        id: "first-object-cast",
        severity: .error,
        category: .referenceIntegrity,
        summary: "The code takes the nib's first (or n-th) top-level object as a class it is not; a forced cast crashes, a conditional one yields nil.",
        seed: "003",
        help: """
        `loadNibNamed` and `instantiate(withOwner:)` return the nib's top-level objects in \
        document order, placeholders (File's Owner, First Responder) excluded. Code that \
        takes `.first` / `firstObject` / `objectAtIndex:0` and casts it assumes the class's \
        view is the first of them; a gesture recognizer or a second view added above it in \
        the outline breaks that: `as!` crashes with *Could not cast value*, `as?` returns nil.

        **Fix:** move the view to the top of the nib's outline, or search the top-level objects \
        by type (`first(where: { $0 is CardView })`, seed 001's `instantiateViewFromNib`).
        """,
        reads: [
            "A nib load in the sources with a single nib name, the top-level object it takes (`.first`, `firstObject`, `[n]`, `objectAtIndex:`) and its cast, to a class the project declares or the platform knows: `as!` is an error, `as?` a warning.",
            "That nib's top-level objects in document order, placeholders left out, and the one at that position (or fewer objects than that): its `customClass` or its element's platform class.",
            "That object's lineage in the sources and platform tables, known up to a platform class (a dependency's class is not judged), which does not include the cast class.",
            "Whether the load ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: a tap gesture recognizer is the nib's first top-level object.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    static func make() -> CardView {
                        Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as! CardView
                    }
                }
                """),
                .init("App/CardView.xib", xib(gestureFirst: true)),
            ]),
            RuleExample("Objective-C: `objectAtIndex:0` is the gesture recognizer.", files: [
                .init("App/CardView.m", """
                #import "CardView.h"
                @implementation CardView
                + (instancetype)view {
                    CardView *view = [[[NSBundle mainBundle] loadNibNamed:@"CardView" owner:nil options:nil] objectAtIndex:0];
                    return view;
                }
                @end
                """),
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                + (instancetype)view;
                @end
                """),
                .init("App/CardView.xib", xib(gestureFirst: true)),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: the view is the first top-level object (placeholders do not count).", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    static func make() -> CardView {
                        Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as! CardView
                    }
                }
                """),
                .init("App/CardView.xib", xib(gestureFirst: false)),
            ]),
            RuleExample("Swift: searching the top-level objects by type is safe whatever the order.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    static func make() -> CardView? {
                        Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first { $0 is CardView } as? CardView
                    }
                }
                """),
                .init("App/CardView.xib", xib(gestureFirst: true)),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.sources.nibLoads.flatMap { site -> [RuleViolation] in
            guard let cast = site.cast, let position = position(of: site),
                  castClassIsKnown(cast.typeName, model) else { return [] }
            return model.definiteNibDocuments(of: site).compactMap { name, document -> RuleViolation? in
                let objects = document.instantiatedTopLevelObjects
                let severity: Severity? = cast.kind == .forced ? nil : .warning
                guard position < objects.count else {
                    return violation(site, cast: cast, name: name, document: document, severity: severity,
                                     what: "has only \(objects.count) top-level object\(objects.count == 1 ? "" : "s")", object: nil)
                }
                let object = objects[position]
                guard let objectClass = model.runtimeClass(of: object, in: document),
                      model.isLineageComplete(of: objectClass), !model.isKind(objectClass, of: cast.typeName) else { return nil }
                return violation(site, cast: cast, name: name, document: document, severity: severity,
                                 what: "has \(object.displayName), a \(objectClass), at position \(position)", object: object)
            }
        }
    }

    /// Which top-level object the site takes: 0 for `.first`/`firstObject`, n for `[n]`.
    private static func position(of site: NibLoadSite) -> Int? {
        switch site.resultUse {
        case .first: 0
        case .indexed: site.resultIndex
        default: nil
        }
    }

    private static func castClassIsKnown(_ name: String, _ model: ProjectModel) -> Bool {
        model.declaration(of: name)?.hasPrimaryDeclaration == true || PlatformClasses.isKnown(name)
    }

    private static func violation(_ site: NibLoadSite, cast: NibLoadSite.Cast, name: String, document: IBDocument,
                                  severity: Severity?, what: String, object: IBObject?) -> RuleViolation {
        let consequence = cast.kind == .forced ? "the forced cast crashes" : "the cast yields nil"
        return RuleViolation(
            className: cast.typeName,
            message: "\(site.location.path):\(site.location.line) takes top-level object \(position(of: site) ?? 0) of \(name) as \(cast.typeName), but \(document.path) \(what): \(consequence).",
            locations: [site.location] + [object.map { SourceLocation(document, $0) } ?? SourceLocation(path: document.path, line: 1)],
            fix: "Put the \(cast.typeName) first in the nib's outline, or search the loaded objects by type instead of taking a position.",
            severity: severity,
            identity: [site.location.path, site.context.typeName ?? "", site.context.methodName ?? "", document.path, cast.typeName]
        )
    }

    private static func xib(gestureFirst: Bool) -> String {
        let owner = #"<placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>"#
        let gesture = #"<tapGestureRecognizer id="Tap-00-001"/>"#
        let view = #"<view contentMode="scaleToFill" customClass="CardView" id="Root-00-001"/>"#
        return ExampleXML.xib(([owner] + (gestureFirst ? [gesture, view] : [view, gesture])).joined(separator: "\n"))
    }
}
