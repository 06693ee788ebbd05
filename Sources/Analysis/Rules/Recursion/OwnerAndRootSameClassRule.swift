/// `owner-and-root-same-class`: a nib's File's Owner and its root view have the same custom
/// class, and that class loads the nib while it is being decoded.
struct OwnerAndRootSameClassRule: Rule {
    static let description = RuleDescription(
        id: "owner-and-root-same-class",
        severity: .error,
        category: .recursion,
        summary: "File's Owner and root view of a nib have the same class, which loads the nib from init(coder:) or awakeFromNib: infinite recursion.",
        seed: "002",
        help: """
        Seed 002 contrasts the two ways to associate a class with a xib: as File's Owner (the \
        class loads the nib with `owner: self` and adds its view) or as the root view's class \
        (code loads the nib with `owner: nil`). Setting both makes the File's Owner pattern \
        recurse: loading the nib decodes the root view, whose `init(coder:)`/`awakeFromNib` \
        loads the nib again, which decodes another root view… until the stack overflows.

        Nibs that set both but are loaded otherwise (a cell registered with \
        `register(_:forCellReuseIdentifier:)`, a factory with `owner: nil`) do not recurse and \
        are not reported.

        **Fix:** keep the class on File's Owner and make the root view a plain `UIView` (seed \
        002, File's Owner), or drop File's Owner's class and load the nib with `owner: nil`.
        """,
        reads: [
            "A xib whose File's Owner `customClass` is also the `customClass` of a top-level view, one that resolves at run time (not a Swift class left without a module).",
            "The class and its project superclasses in the sources: a load of that nib (by its literal name, or a name taken from the class at run time) in `init(coder:)` / `initWithCoder:` or `awakeFromNib`, or in a method they call on `self`; `register` and `init(nibName:)` loads do not count.",
            "Whether the nib ships: the targets that bundle the xib (project.pbxproj, Package.swift); in a xib no target ships or only test targets bundle, the finding is info.",
        ]
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: both are BadgeView, and awakeFromNib loads the nib.", files: [
                OwnerNibExample.swiftView("BadgeView", loadingIn: "awakeFromNib()", layout: OwnerNibExample.swiftFillLayout),
                OwnerNibExample.nib("BadgeView", swift: true, rootClass: "BadgeView"),
            ]),
            RuleExample("Objective-C: both are BadgeView, and initWithCoder: loads the nib through p_commonInit.", files: [
                OwnerNibExample.objcHeader("BadgeView"), OwnerNibExample.objcImplementation("BadgeView"),
                OwnerNibExample.nib("BadgeView", swift: false, rootClass: "BadgeView"),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: the root view is a plain UIView (seed 002).", files: [
                OwnerNibExample.swiftView("BadgeView", layout: OwnerNibExample.swiftFillLayout), OwnerNibExample.nib("BadgeView", swift: true),
            ]),
            RuleExample("Swift: the root view names BadgeView without a module, so it decodes as a plain UIView (\"Unknown class\") and nothing recurses.", files: [
                OwnerNibExample.swiftView("BadgeView", loadingIn: "awakeFromNib()", layout: OwnerNibExample.swiftFillLayout),
                {
                    var file = OwnerNibExample.nib("BadgeView", swift: true)
                    file.text = file.text.replacingOccurrences(of: #"id="Cnt-00-001">"#, with: #"id="Cnt-00-001" customClass="BadgeView">"#)
                    return file
                }(),
            ]),
            RuleExample("Objective-C: both are BadgeView, but nothing loads the nib while decoding.", files: [
                OwnerNibExample.objcHeader("BadgeView"), .init("App/BadgeView.m", "#import \"BadgeView.h\"\n\n@implementation BadgeView\n@end\n"),
                OwnerNibExample.nib("BadgeView", swift: false, rootClass: "BadgeView"),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.analysedDocuments.filter { $0.format == .xib }.flatMap { document -> [RuleViolation] in
            guard let owner = document.filesOwner, let ownerClass = owner.customClass, !ownerClass.isEmpty,
                  let nibName = NibCatalog.loadName(ofPath: document.path) else { return [] }
            // A module-less Swift class on the root does not resolve at run time ("Unknown
            // class"): the root decodes as a plain view and nothing recurses.
            let roots = document.rootViews.filter { $0.customClass == ownerClass && !model.isUnresolvedAtRunTime($0) }
            guard let root = roots.first, let projectClass = model.projectClass(ownerClass) else { return [] }
            let loads = decodingLoads(of: projectClass.name, nib: nibName, in: model)
            guard let load = loads.first else { return [] }
            return [RuleViolation(
                className: ownerClass,
                message: "\(document.path) has File's Owner and root view (line \(root.location.line)) of class \(ownerClass), and \(ownerClass).\(load.context.methodName ?? "?") loads it while a \(ownerClass) is decoded (from init(coder:) or awakeFromNib): decoding the root view loads the nib again, recursing until the stack overflows.",
                locations: [SourceLocation(document, owner), SourceLocation(document, root)] + loads.map(\.location),
                fix: "Keep \(ownerClass) on File's Owner and clear the root view's class (seed 002), or clear File's Owner's class and load the nib with owner nil.",
                identity: [document.path, root.id])]
        }
    }

    /// The loads of `nib` made by `typeName` (or its project superclasses) from
    /// `init(coder:)`/`awakeFromNib`, directly or through methods they call on `self`.
    private static func decodingLoads(of typeName: String, nib: String, in model: ProjectModel) -> [NibLoadSite] {
        let lineage = model.lineage(of: typeName)
        let methods = lineage.compactMap { model.declaration(of: $0) }.flatMap(\.methods)
        var reached = Set(methods.filter { $0.lifecycle == .initCoder || $0.lifecycle == .awakeFromNib }.map(\.name))
        var frontier = Array(reached)
        while let name = frontier.popLast() {
            for method in methods where method.name == name {
                for called in method.calledSelfMethods where reached.insert(called).inserted { frontier.append(called) }
            }
        }
        return model.sources.nibLoads.filter { load in
            guard let type = load.context.typeName, lineage.contains(type), let method = load.context.methodName,
                  reached.contains(method), load.api != .registerNib, load.api != .viewControllerNibName else { return false }
            if load.nibName.candidates.map(NibCatalog.stripped).contains(nib) { return true }
            // `NSStringFromClass([self class])` in a superclass names the decoded subclass.
            return load.nibName.resolution == .enclosingClass && !load.context.isTypeMethod && ProjectModel.unqualified(typeName) == nib
        }
    }
}
