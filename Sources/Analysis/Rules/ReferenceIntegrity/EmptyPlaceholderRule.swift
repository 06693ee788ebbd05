/// `empty-placeholder`: a class whose content exists only as the root view of its own nib
/// is placed in a storyboard or xib, where it is decoded bare: it appears empty.
struct EmptyPlaceholderRule: Rule {
    static let description = RuleDescription(
        id: "empty-placeholder",
        severity: .warning,
        category: .referenceIntegrity,
        summary: "A view designed as the root of its own nib is placed in a storyboard or xib, but nothing loads that nib when the placement is decoded; it appears empty.",
        seed: "002",
        help: """
        A `root-class-factory` nib holds the view's content, and only code that loads the nib \
        (`CardView.make()`, `loadNibNamed`) gets it. A storyboard placement of the same class \
        is decoded with `init(coder:)` from the storyboard alone: no subviews, nil outlets. \
        Seed 002 puts it plainly: a view whose root has the custom class cannot be used \
        directly in a storyboard. Placements that have subviews of their own are designed in \
        place and are not reported, nor are classes that override `awakeAfter(using:)` in a \
        way the analysis cannot follow, or whose superclass comes from a dependency.

        **Fix:** switch the nib to the File's Owner technique (load it with `owner: self` in \
        `init(coder:)` and add the content view), or substitute the placeholder in \
        `awakeAfter(using:)` with a guard (seed 000) or a placeholder subclass (seed 000 e, 001).
        """,
        reads: [
            "A class the sources declare, whose lineage the sources and platform tables know completely, that is a view and the `customClass` of a top-level view of a xib.",
            "A placement of the class elsewhere in a storyboard or xib: a view-like element with that `customClass` and no `<subviews>`.",
            "The class's lineage in the sources: nothing that loads the content while it is decoded (an `awakeAfter` that may return another object, a nib-bridging opt-in, `NibOwnerLoadable`, an initializer or a load with `owner: self`, a content view added, an `init(coder:)` that replaces it).",
            "Whether the placement ships and runs: the targets that bundle its file (project.pbxproj, Package.swift) and, in a storyboard, what reaches its scene (the initial controller of a storyboard the app loads, assumed for an iOS app unless its application or scene delegate makes its window in code and no code or storyboard reference makes that initial controller; a segue or relationship from a scene that is reached in turn; its Storyboard ID used by code, SwiftGen's declared scenes included; a storyboard reference); in a file no target ships or only test targets bundle, or in a scene nothing reaches, the finding is info.",
        ]
    )

    static let requirements: RuleRequirements = .sources

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: `CardView.xib`'s root is a `CardView`; the storyboard places one directly.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    static func make() -> CardView {
                        Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as! CardView
                    }
                }
                """),
                .init("App/CardView.xib", rootXib),
                .init("App/Base.lproj/Main.storyboard", storyboard),
            ]),
            RuleExample("Objective-C: the same with a `+view` factory (seed 003, first method).", files: [
                .init("App/CardView.h", """
                #import <UIKit/UIKit.h>
                @interface CardView : UIView
                + (instancetype)view;
                @end
                """),
                .init("App/CardView.m", """
                #import "CardView.h"
                @implementation CardView
                + (instancetype)view {
                    return [[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil].firstObject;
                }
                @end
                """),
                .init("App/CardView.xib", rootXib.replacingOccurrences(of: " customModule=\"App\" customModuleProvider=\"target\"", with: "")),
                .init("App/Base.lproj/Main.storyboard", storyboard.replacingOccurrences(of: " customModule=\"App\" customModuleProvider=\"target\"", with: "")),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: `init(coder:)` loads the content, so the placement is filled.", files: [
                .init("App/CardView.swift", """
                import UIKit

                final class CardView: UIView {
                    static func make() -> CardView {
                        Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as! CardView
                    }

                    override func awakeAfter(using coder: NSCoder) -> Any? {
                        guard subviews.isEmpty else { return self }
                        return CardView.make()
                    }
                }
                """),
                .init("App/CardView.xib", rootXib),
                .init("App/Base.lproj/Main.storyboard", storyboard),
            ]),
        ]
    )

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        // Only declared classes with a nib root can qualify: those few are sorted, not all
        // (and entries are read field by field, not copied with their declaration).
        let classes = model.classes
        let candidates = classes.indices.compactMap { index in
            !classes.values[index].rootViews.isEmpty && classes.values[index].type?.hasPrimaryDeclaration == true ? classes.keys[index] : nil
        }
        return candidates.sorted().flatMap { name -> [RuleViolation] in
            guard let projectClass = model.classes[name], let root = projectClass.rootViews.first,
                  model.isLineageComplete(of: name), model.family(of: projectClass) == .view,
                  !model.loadsContentWhenDecoded(name) else { return [] }
            let nib = model.document(root)
            return projectClass.placements.compactMap { placement -> RuleViolation? in
                let object = model.object(placement)
                guard object.subviews.isEmpty, object.isViewLike else { return nil }
                let document = model.document(placement)
                return RuleViolation(
                    className: name,
                    message: "\(name) is placed in \(document.path) as \(object.displayName) with no subviews, but its content exists only as the root view of \(nib.path), which nothing loads when the placement is decoded: it will appear empty.",
                    locations: [SourceLocation(document, object), model.location(root)] + (projectClass.type.map { [$0.location] } ?? []),
                    fix: "Load \(nib.path) from init(coder:) with the File's Owner technique, or substitute the placement in awakeAfter(using:) behind a guard or a placeholder subclass.",
                    identity: [document.path, object.id, nib.path]
                )
            }
        }
    }

    static let rootXib = ExampleXML.xib("""
    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
    <view contentMode="scaleToFill" customClass="CardView" customModule="App" customModuleProvider="target" id="Root-00-001">
        <subviews>
            <label text="Title" id="Lbl-00-001"/>
        </subviews>
    </view>
    """)

    static let storyboard = ExampleXML.storyboard(subviews: """
    <view contentMode="scaleToFill" customClass="CardView" customModule="App" customModuleProvider="target" id="Crd-00-001"/>
    """)
}
