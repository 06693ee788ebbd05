/// Whether a view Xcode marked `ambiguous="YES"` is still ambiguous when the app runs.
/// Xcode judges the file alone, against the canvas: it cannot see a container that sets
/// the view's frame, code that gives the view its size, or a self-sizing cell whose height
/// follows its content. ``AmbiguousViewRule`` reports what is left, and says which of these
/// decides the rest.
struct AmbiguityAtRunTime {
    /// What decides an ambiguous view's frame at run time.
    enum Verdict {
        /// The container sets the frame (``IBDocument/frameIsSetByContainer(_:)``).
        case containerSetsFrame
        /// The view's own size comes from code Interface Builder cannot run.
        case sizedInCode(SizeFromCode)
        /// A view inside or beside it in the same stack is sized in code: the flag may come
        /// from that view alone.
        case nearViewSizedInCode(IBObject, SizeFromCode)
        /// An arranged subview of a stack view that fills its axis: the stack sizes and places
        /// it, stretching arranged subviews by hugging priority and breaking a tie by their
        /// order, and fills its cross axis or gives it its intrinsic size there.
        case stackArranges(IBObject)
        /// Inside a top-level view of the file that nothing refers to and no code can reach:
        /// never put on screen, so never laid out.
        case neverShown(IBObject)
        /// An arranged subview of a vertical stack in a self-sizing table cell: ambiguous only
        /// against the cell's fixed canvas height.
        case selfSizingCell
        /// Nothing known settles it: the layout is ambiguous at run time too.
        case ambiguous
    }

    /// How code gives a view its size, in words for a message, with the line that does it.
    struct SizeFromCode {
        var reason: String
        var location: SourceLocation?
    }

    let model: ProjectModel
    let document: IBDocument
    let table: CodeLayoutTable
    /// Per object id: how many constraints mention it, and how many of them are placeholders.
    private let constraintCounts: [String: (all: Int, placeholders: Int)]
    private var sizeCache: [Int: SizeFromCode?] = [:]
    private var referencedTopLevelCache: Set<Int>?

    init(model: ProjectModel, document: IBDocument, table: CodeLayoutTable) {
        self.model = model
        self.document = document
        self.table = table
        var counts: [String: (all: Int, placeholders: Int)] = [:]
        for constraint in document.constraints {
            for item in Set([constraint.firstItem, constraint.secondItem].compactMap { $0 }) {
                counts[item, default: (0, 0)].all += 1
                if constraint.isPlaceholder { counts[item, default: (0, 0)].placeholders += 1 }
            }
        }
        constraintCounts = counts
    }

    mutating func verdict(for object: IBObject, axes: ConstraintAxes) -> Verdict {
        if document.frameIsSetByContainer(object) { return .containerSetsFrame }
        if isInSelfSizingCell(object) { return .selfSizingCell }
        if let orphan = unreferencedTopLevelView(holding: object) { return .neverShown(orphan) }
        if let size = sizeFromCode(object.index) { return .sizedInCode(size) }
        if let (near, size) = nearSizedInCode(object) { return .nearViewSizedInCode(near, size) }
        if let stack = arrangingStack(of: object, axes: axes) { return .stackArranges(stack) }
        return .ambiguous
    }

    // MARK: - Views nothing shows

    /// The top-level view holding `object` when nothing can put it on screen: no connection of
    /// the file refers to it or to a view inside it, and the file is loaded only through its
    /// owner's outlets (a storyboard scene, or a xib whose File's Owner is a view or window
    /// controller, which keeps no other top-level object, and that code loads only as a
    /// controller's nib or discarding the objects the load returns). A xib owned by anything else may be loaded by code that takes its
    /// top-level objects by position or type: not judged.
    private mutating func unreferencedTopLevelView(holding object: IBObject) -> IBObject? {
        let top = document.objects[document.topLevelPosition(of: object.index)]
        guard document.topLevelObjects.contains(top.index), top.placeholder == nil,
              ProjectModel.family(ofElement: top) == .view || ProjectModel.family(ofElement: top) == .cell else { return nil }
        if document.format == .xib {
            guard let owner = document.filesOwner?.customClass, model.family(of: owner) == .viewController,
                  let nibName = NibCatalog.loadName(ofPath: document.path),
                  model.loadSites(forNib: nibName).allSatisfy({ $0.api == .viewControllerNibName || $0.resultUse == .ignored }) else { return nil }
        } else if document.format != .storyboard {
            return nil
        }
        return referencedTopLevelObjectsOnce().contains(top.index) ? nil : top
    }

    /// The top-level objects holding an object some connection other than a segue refers to,
    /// gathered once per document.
    private mutating func referencedTopLevelObjectsOnce() -> Set<Int> {
        if let known = referencedTopLevelCache { return known }
        let positions = document.objectIndicesByID
        let referenced = Set(document.connections.compactMap { connection -> Int? in
            guard connection.kind != .segue, let destination = connection.destination, let position = positions[destination] else { return nil }
            return document.topLevelPosition(of: position)
        })
        referencedTopLevelCache = referenced
        return referenced
    }

    // MARK: - Stack views

    /// The UIKit stack view that decides `object`'s frame whatever its own constraints: one
    /// that has it among its arranged subviews, fills its axis (distribution `fill`, the
    /// default, or `fillEqually`) and every arranged subview it shows has a size of its own
    /// along that axis (or it fills equally): UIStackView then takes their sizes or, when
    /// held to another, stretches or squeezes them by hugging and compression priority and
    /// breaks a tie by their order in `arrangedSubviews`. Across, it fills (alignment `fill`,
    /// the default) or the view has an intrinsic size. Xcode's flag on such a view comes from
    /// the tie the stack breaks. An arranged subview without a size of its own (a view sized
    /// by content that is itself open) leaves the stack undetermined: not judged here.
    /// AppKit's NSStackView gravity areas keep fitting sizes: not judged.
    private func arrangingStack(of object: IBObject, axes: ConstraintAxes) -> IBObject? {
        guard document.platform == .iOS || document.platform == .tvOS, let parent = object.parent,
              document.objects[parent].element == "stackView", document.objects[parent].subviews.contains(object.index) else { return nil }
        let stack = document.objects[parent]
        guard [nil, "fill", "fillEqually"].contains(stack.layout.distribution) else { return nil }
        let along: ConstraintAxes.Axis = stack.layout.isVerticalStack ? .vertical : .horizontal
        let across: ConstraintAxes.Axis = along == .vertical ? .horizontal : .vertical
        guard stack.layout.fillsEqually || stack.subviews.allSatisfy({ position in
            ConstraintAxes.isHidden(document.objects[position]) || axes.hasOwnSize(document.objects[position], along: along)
        }) else { return nil }
        guard stack.layout.alignment == nil || stack.layout.alignment == "fill" || ConstraintAxes.hasIntrinsicSize(object, on: across) else { return nil }
        return stack
    }

    // MARK: - Size from code

    /// The class overrides `intrinsicContentSize`, builds and constrains its subviews, or
    /// sets its `contentSize`; or an outlet to the view fills it (stack), sets its content
    /// size (scroll view) or constrains it while the file's constraints are placeholders.
    private mutating func sizeFromCode(_ position: Int) -> SizeFromCode? {
        if let known = sizeCache[position] { return known }
        let object = document.objects[position]
        let result = classSize(of: object) ?? outletSize(of: object)
        sizeCache[position] = result
        return result
    }

    private func classSize(of object: IBObject) -> SizeFromCode? {
        guard let className = object.customClass, !className.isEmpty else { return nil }
        if let location = model.intrinsicContentSizeOverride(of: className) {
            return SizeFromCode(reason: "its class `\(className)` overrides `intrinsicContentSize`", location: location)
        }
        let facts = model.codeLayout(ofClass: className, in: table)
        if let added = facts.first(where: { $0.kind == .addsSubview }), Self.spansVertically(facts) {
            return SizeFromCode(reason: "its class `\(className)` adds its subviews and pins them top and bottom in code", location: added.location)
        }
        if let content = facts.first(where: { $0.kind == .contentSize && $0.receiver == nil }) {
            return SizeFromCode(reason: "its class `\(className)` sets its own `contentSize` in code", location: content.location)
        }
        return nil
    }

    /// Calls that pin a view on every edge, or on both vertical ones (SnapKit, Masonry,
    /// PureLayout, Anchorage, FLKAutoLayout).
    private static let edgeCalls: Set<String> = [
        "makeConstraints", "remakeConstraints", "mas_makeConstraints", "mas_remakeConstraints", "autoPinEdgesToSuperviewEdges",
        "edgeAnchors", "verticalAnchors", "align", "alignToView",
    ]
    private static let topCalls: Set<String> = ["topAnchor", "firstBaselineAnchor", "alignTop", "alignTopEdge", "alignTopEdgeWithView"]
    private static let bottomCalls: Set<String> = ["bottomAnchor", "lastBaselineAnchor", "alignBottomEdge", "alignBottomEdgeWithView"]

    /// A subview constrained at its top and its bottom (or by an edges-to-superview call):
    /// its content then gives the view its height. A decoration pinned at one corner does not.
    private static func spansVertically(_ facts: [CodeLayoutFact]) -> Bool {
        var tops: Set<String> = []
        var bottoms: Set<String> = []
        for fact in facts where fact.kind == .constraints {
            guard let receiver = fact.receiver, let member = fact.member else { continue }
            if edgeCalls.contains(member) { return true }
            if topCalls.contains(member) { tops.insert(receiver) }
            if bottomCalls.contains(member) { bottoms.insert(receiver) }
        }
        return !tops.isDisjoint(with: bottoms)
    }

    private func outletSize(of object: IBObject) -> SizeFromCode? {
        let counts = constraintCounts[object.id] ?? (0, 0)
        let onlyPlaceholders = counts.all > 0 && counts.all == counts.placeholders
        for outlet in document.outlets(to: object.id) {
            guard let property = outlet.property, let source = outlet.source,
                  let owner = model.runtimeClass(of: document.objects[source], in: document) else { continue }
            for fact in model.codeLayout(ofClass: owner, in: table) where fact.receiver == property {
                switch fact.kind {
                case .arrangedSubviews:
                    return SizeFromCode(reason: "it is filled with `addArrangedSubview` through the outlet `\(property)` of `\(owner)`", location: fact.location)
                case .contentSize:
                    return SizeFromCode(reason: "its `contentSize` is set through the outlet `\(property)` of `\(owner)`", location: fact.location)
                case .constraints where onlyPlaceholders:
                    return SizeFromCode(reason: "its constraints in the file are placeholders, removed at build time, and `\(owner)` constrains it in code through the outlet `\(property)`", location: fact.location)
                default:
                    continue
                }
            }
        }
        return nil
    }

    /// A view inside `object`, or beside it (and inside that) in the same stack view, whose
    /// size comes from code: Xcode's flag spreads from such a view to its stack and spacers.
    private mutating func nearSizedInCode(_ object: IBObject) -> (IBObject, SizeFromCode)? {
        var candidates = object.subviews
        if let parent = object.parent, document.objects[parent].element == "stackView" {
            candidates += document.objects[parent].subviews.filter { $0 != object.index }
        }
        var visited = 0
        while let position = candidates.popLast(), visited < 4_000 {
            visited += 1
            if let size = sizeFromCode(position) { return (document.objects[position], size) }
            candidates += document.objects[position].subviews
        }
        return nil
    }

    // MARK: - Self-sizing cells

    /// An arranged subview of a vertical stack (or a flagged view inside flagged views up to
    /// one), in a table cell whose content view is constrained from top to bottom, shown by a
    /// table that sizes rows automatically: the stack is at its fitting height, so no
    /// arranged subview has to stretch.
    private func isInSelfSizingCell(_ object: IBObject) -> Bool {
        var arranged = object
        while let parent = arranged.parent, document.objects[parent].ambiguous, document.objects[parent].element != "stackView" {
            arranged = document.objects[parent]
        }
        guard let parent = arranged.parent, document.objects[parent].element == "stackView",
              document.objects[parent].layout.isVerticalStack,
              let contentView = ancestor(of: parent, where: { $0.element == "tableViewCellContentView" }),
              isChainedTopToBottom(contentView) else { return false }
        // A cell of its own xib is shown by a table set up in code, which the file does not name.
        guard let tableView = ancestor(of: contentView.index, where: { $0.element == "tableView" }) else { return table.sizesRowsAutomatically }
        if tableView.layout.sizesRowsAutomatically { return true }
        var top = tableView
        while let next = top.parent { top = document.objects[next] }
        guard let controller = model.runtimeClass(of: top, in: document) else { return false }
        return model.codeLayout(ofClass: controller, in: table).contains { $0.kind == .automaticRowHeight }
    }

    private func ancestor(of position: Int, where matches: (IBObject) -> Bool) -> IBObject? {
        var current = document.objects[position].parent
        var steps = 0
        while let index = current, steps < 200 {
            if matches(document.objects[index]) { return document.objects[index] }
            current = document.objects[index].parent
            steps += 1
        }
        return nil
    }

    private static let topEdges: Set<String> = ["top", "topMargin"]
    private static let bottomEdges: Set<String> = ["bottom", "bottomMargin"]

    /// The content view's top and bottom edges are both tied to its content (equal or
    /// at-least constraints), so its fitting height comes from that content; a view held
    /// only by `centerY` gives none ("constraints ambiguously suggest a height of zero").
    private func isChainedTopToBottom(_ contentView: IBObject) -> Bool {
        var top = false
        var bottom = false
        for constraint in document.constraintsInstalled(on: contentView) where !constraint.isPlaceholder && !constraint.excludedByDefault {
            guard let secondItem = constraint.secondItem, let secondAttribute = constraint.secondAttribute,
                  constraint.firstItem != secondItem else { continue }
            // The relation read as "content view's edge (relation) the other item's edge".
            let edges: (own: String, other: String, relation: IBConstraint.Relation)
            if constraint.firstItem == contentView.id {
                edges = (constraint.firstAttribute, secondAttribute, constraint.relation)
            } else if secondItem == contentView.id {
                let flipped: IBConstraint.Relation = switch constraint.relation {
                case .equal: .equal
                case .lessThanOrEqual: .greaterThanOrEqual
                case .greaterThanOrEqual: .lessThanOrEqual
                }
                edges = (secondAttribute, constraint.firstAttribute, flipped)
            } else {
                continue
            }
            // The top must stay at or above the content, the bottom at or below it.
            if Self.topEdges.contains(edges.own), edges.relation != .greaterThanOrEqual,
               Self.topEdges.contains(edges.other) || edges.other == "firstBaseline" { top = true }
            if Self.bottomEdges.contains(edges.own), edges.relation != .lessThanOrEqual,
               Self.bottomEdges.contains(edges.other) || edges.other == "lastBaseline" || edges.other == "baseline" { bottom = true }
        }
        return top && bottom
    }
}
