/// `content-view-not-pinned`: a files-owner view adds the view loaded from its nib as a
/// subview without making it follow its own size.
struct ContentViewNotPinnedRule: Rule {
    static let description = RuleDescription(
        id: "content-view-not-pinned",
        severity: .warning,
        category: .constraintCopy,
        summary: "A content view loaded from the File's Owner nib is added without frame = bounds plus flexible size or edge constraints, so it does not follow its container's size.",
        seed: "002",
        help: """
        A files-owner custom view loads its nib with `owner: self` and adds the nib's view as a \
        subview. That view keeps the size it had in the nib (often 375×200 at 0,0) unless it \
        is given the container's bounds and told to follow them: \
        `contentView.frame = bounds` plus `autoresizingMask = [.flexibleWidth, .flexibleHeight]` \
        (seed 002), or constraints to the four edges. Only `frame = bounds` is enough when the \
        nib's view has flexible width and height in Interface Builder (the default for a xib's \
        root view), because the autoresizing mask is archived with it.

        Generic helpers in a category or extension of `UIView` itself (UIView-NibLoading's \
        `loadContentsFromNib`, which moves the nib's subviews into `self` and resizes their \
        container) are not judged: they serve every nib alike.

        **Fix:** set `frame = bounds` and a flexible width/height mask, or pin the content view's \
        edges with constraints (`translatesAutoresizingMaskIntoConstraints = false` first).
        """,
        reads: [
            "A method of a project class (not an extension of a platform class) that adds a nib-loaded view as a subview, and how it lays it out: `frame = bounds`, a flexible width and height `autoresizingMask`, constraints to the edges; classes that override `layoutSubviews` are not judged.",
            "The nib the view comes from: one whose File's Owner `customClass` is the class, or one the same method loads with `owner: self`; when the method only sets `frame = bounds`, its top-level views' `autoresizingMask` lacks a flexible width or height.",
            "Whether the call adding the content view ships: the targets that build its source file (project.pbxproj, Package.swift); in a file no target builds or only test targets build, the finding is info. So is one in a type that no other source file and no Interface Builder file names, unless a launch attribute, an application, scene or extension delegate protocol, a system-made superclass (a document, a screen saver), an app-extension target lets the system make it, or it belongs to a library that apps outside the upload use (a framework or library target, a published pod or package): nothing makes it, so its code never runs.",
        ]
    )

    static let examples = RuleExamples(
        triggering: [
            RuleExample("Swift: the content view is added as loaded.", files: [
                OwnerNibExample.swiftView("ProfileHeader", layout: ""), OwnerNibExample.nib("ProfileHeader", swift: true),
            ]),
            RuleExample("Objective-C: seed 003's frame = bounds, but the nib's view has a fixed size.", files: [
                OwnerNibExample.objcHeader("ProfileHeader"), OwnerNibExample.objcImplementation("ProfileHeader"),
                OwnerNibExample.nib("ProfileHeader", swift: false, mask: OwnerNibExample.fixedMask),
            ]),
        ],
        nonTriggering: [
            RuleExample("Swift: seed 002's frame = bounds with flexible width and height.", files: [
                OwnerNibExample.swiftView("ProfileHeader", layout: OwnerNibExample.swiftFillLayout),
                OwnerNibExample.nib("ProfileHeader", swift: true, mask: OwnerNibExample.fixedMask),
            ]),
            RuleExample("Objective-C: seed 003's frame = bounds; the nib's view has flexible width and height.", files: [
                OwnerNibExample.objcHeader("ProfileHeader"), OwnerNibExample.objcImplementation("ProfileHeader"),
                OwnerNibExample.nib("ProfileHeader", swift: false),
            ]),
        ]
    )

    static let requirements: RuleRequirements = .sources

    static func check(_ model: ProjectModel) -> [RuleViolation] {
        model.sources.contentAttachments.compactMap { attachment in
            guard let typeName = attachment.context.typeName, attachment.layout != .constraints,
                  attachment.layout != .frameAndAutoresizing,
                  !PlatformClasses.isKnown(ProjectModel.unqualified(typeName)) else { return nil }
            let type = model.sourceType(named: typeName)
            guard type?.methods.contains(where: { $0.lifecycle == .layoutSubviews }) != true else { return nil }
            let roots = ownerNibRoots(of: typeName, attachment: attachment, in: model)
            guard !roots.isEmpty || loadsWithOwnerSelf(attachment, in: model) else { return nil }
            if attachment.layout == .frameOnly {
                let fixedRoots = roots.filter { reference in
                    let mask = model.object(reference).autoresizingMask ?? []
                    return !mask.contains(.widthSizable) || !mask.contains(.heightSizable)
                }
                guard !fixedRoots.isEmpty else { return nil }
                return violation(attachment, typeName: typeName, roots: fixedRoots, model: model,
                                 problem: "it sets frame = bounds once, but the nib's view has no flexible width and height, so it keeps that size when \(typeName) is resized")
            }
            let problem = attachment.layout == .autoresizingOnly
                ? "it gets a flexible size but never frame = bounds, so it keeps the nib's size and position"
                : "it gets neither frame = bounds with a flexible width and height nor constraints to the edges, so it keeps the nib's size"
            return violation(attachment, typeName: typeName, roots: roots, model: model, problem: problem)
        }
    }

    private static func violation(_ attachment: ContentViewAttachment, typeName: String, roots: [IBObjectReference],
                                  model: ProjectModel, problem: String) -> RuleViolation {
        let nibs = Set(roots.map { model.document($0).path }).sorted()
        let nibText = nibs.isEmpty ? "its nib" : nibs.joined(separator: ", ")
        return RuleViolation(
            className: typeName,
            message: "\(typeName).\(attachment.context.methodName ?? "?") adds \(attachment.viewExpression), loaded from \(nibText), as a subview: \(problem).",
            locations: [attachment.location] + roots.map(model.location),
            fix: "Set \(attachment.viewExpression).frame = bounds and autoresizingMask = [.flexibleWidth, .flexibleHeight], or pin its four edges with constraints.",
            identity: [attachment.location.path, attachment.context.methodName ?? "", attachment.viewExpression])
    }

    /// Top-level views of the nibs whose File's Owner is the class, and of the nibs loaded with
    /// owner `self` by the attaching method.
    private static func ownerNibRoots(of typeName: String, attachment: ContentViewAttachment, in model: ProjectModel) -> [IBObjectReference] {
        let runtimeName = model.sourceType(named: typeName)?.runtimeName ?? typeName
        var documents = Set(model.projectClass(runtimeName)?.filesOwners.map(\.document) ?? [])
        for load in model.sources.nibLoads where load.context == attachment.context && load.owner == .selfObject {
            for name in load.nibName.candidates { documents.formUnion(model.nibCatalog.nibDocuments(named: name)) }
        }
        return documents.sorted().flatMap { index in
            model.documents[index].rootViews.map { IBObjectReference(document: index, object: $0.index) }
        }
    }

    private static func loadsWithOwnerSelf(_ attachment: ContentViewAttachment, in model: ProjectModel) -> Bool {
        model.sources.nibLoads.contains { $0.context == attachment.context && $0.owner == .selfObject }
    }
}
