/// `owner-loadable-many-roots`: a nib whose every top-level view Reusable's `loadNibContent()`
/// adds and pins holds more than one.
struct OwnerLoadableManyRootsRule: Rule {
    static let description = RuleDescription(
        id: "owner-loadable-many-roots",
        severity: .warning,
        category: .beyondCustomViews,
        summary: "A File's Owner nib loaded with Reusable's loadNibContent() has several top-level views, which are all added and pinned on top of each other.",
        help: """
        Reusable's `NibOwnerLoadable.loadNibContent()` instantiates the nib with the view as \
        owner and adds **every** top-level view it returns as a subview pinned to all four \
        edges. A second top-level view (a leftover, or one meant to be shown later) ends up \
        stacked over the first, hiding it or stealing its touches.

        **Fix:** keep one top-level view in the xib; move the others inside it, or into their \
        own nib.
        """,
        reads: [
            "A `loadNibContent()` call of Reusable's `NibOwnerLoadable` in the sources and the single nib name it resolves to.",
            "That nib's top-level views (placeholders, controllers and plain objects left out): more than one.",
            "Whether the call ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    private static let swiftView = RuleExample.File("App/RatingView.swift", """
    import Reusable
    import UIKit

    final class RatingView: UIView, NibOwnerLoadable {
        required init?(coder: NSCoder) {
            super.init(coder: coder)
            loadNibContent()
        }
    }
    """)

    private static let namedView = RuleExample.File("App/ScoreView.swift", """
    import Reusable
    import UIKit

    @objc(ScoreView)
    final class ScoreView: UIView, NibOwnerLoadable {
        override init(frame: CGRect) {
            super.init(frame: frame)
            self.loadNibContent()
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            self.loadNibContent()
        }
    }
    """)

    private static let root = #"<view contentMode="scaleToFill" id="Rtg-00-001"><rect key="frame" x="0.0" y="0.0" width="200" height="40"/></view>"#
    private static let leftover = #"<view contentMode="scaleToFill" id="Rtg-00-002"><rect key="frame" x="0.0" y="60" width="200" height="40"/></view>"#

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: RatingView.xib has two top-level views.", files: [
                swiftView, BeyondExample.xib("App/RatingView.xib", ownerClass: "RatingView", swift: true, objects: root + "\n" + leftover),
            ]),
            RuleExample("Swift with an @objc name: ScoreView.xib has two top-level views.", files: [
                namedView, BeyondExample.xib("App/ScoreView.xib", ownerClass: "ScoreView", swift: false, objects: root + "\n" + leftover),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: one top-level view.", files: [
                swiftView, BeyondExample.xib("App/RatingView.xib", ownerClass: "RatingView", swift: true, objects: root),
            ]),
            RuleExample("Swift with an @objc name: one top-level view and a gesture recognizer (not added).", files: [
                namedView, BeyondExample.xib("App/ScoreView.xib", ownerClass: "ScoreView", swift: false,
                                            objects: root + "\n" + #"<tapGestureRecognizer id="Tap-00-001"/>"#),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        var seen: Set<String> = []
        return model.sources.nibLoads.filter { $0.api == .nibOwnerLoadable }.flatMap { site in
            model.definiteNibDocuments(of: site).compactMap { name, document -> RuleViolation? in
                let roots = document.rootViews
                guard roots.count > 1, seen.insert(document.path).inserted else { return nil }
                return RuleViolation(
                    className: site.context.typeName,
                    message: "\(site.context.typeName ?? name) loads \(document.path) with loadNibContent(), which adds and pins every top-level view, but the nib has \(roots.count) of them (\(roots.map(\.displayName).joined(separator: ", "))): they are stacked on top of each other.",
                    locations: [site.location] + roots.map { SourceLocation(document, $0) },
                    fix: "Keep a single top-level view in \(document.path) and move the others inside it or into their own nib.",
                    identity: [document.path])
            }
        }
    }
}
