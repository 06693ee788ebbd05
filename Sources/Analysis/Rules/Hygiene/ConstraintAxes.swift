/// Which axes of a view the file's own constraints leave open: the analysis's reading of
/// the layout, to hold against Xcode's `ambiguous="YES"` flag, which is written against the
/// canvas and goes stale when the constraints change without the frames being updated.
///
/// The reading goes from the top down. A view's axis is fixed when two of its edges on that
/// axis, or one edge or its centre plus a size, are tied by required, installed equality
/// constraints to views whose axis is fixed in turn (its container's frame is fixed, a root
/// view's always is). A size is a constant width or height, the intrinsic size of a label,
/// button or other control, an aspect ratio to a fixed other axis, or a fixed view's size.
/// A stack view places its arranged subviews: fixed when the stack is and every arranged
/// subview that is not hidden (the stack collapses those) has a size of its own along the
/// stack's axis; a hidden one is fixed. Inequalities, optional constraints
/// and sizes that come from content below (a chain of subviews) fix nothing here, so the
/// reading can miss a fixed axis but does not invent one.
struct ConstraintAxes {
    /// A layout axis.
    enum Axis: String, CaseIterable {
        case horizontal, vertical
    }

    private let document: IBDocument
    /// Object positions by id, read once (a reading asks for the items of every constraint).
    private let positions: [String: Int]
    /// Per object position, the required equality constraints that tie it.
    private let constraintsByObject: [Int: [IBConstraint]]
    /// Answers already worked out: views are asked about again and again, through their
    /// siblings, containers and content.
    private let known = Answers()

    /// The answers of one reading (one document, one thread).
    private final class Answers {
        /// By ``key(_:_:depth:)``.
        var ownSize: [Int: Bool] = [:]
        var fixed: [Int: Bool] = [:]
    }

    /// One number for a view's axis (and the depth of content it was asked at).
    private static func key(_ position: Int, _ axis: Axis, depth: Int = 0) -> Int {
        (position * 2 + (axis == .horizontal ? 0 : 1)) * 8 + min(depth, 7)
    }

    init(_ document: IBDocument) {
        self.document = document
        let positions = document.objectIndicesByID
        self.positions = positions
        var byObject: [Int: [IBConstraint]] = [:]
        for constraint in document.constraints where Self.fixes(constraint) {
            for item in [constraint.firstItem, constraint.secondItem].compactMap({ $0 }) {
                if let position = positions[item] { byObject[position, default: []].append(constraint) }
            }
        }
        constraintsByObject = byObject
    }

    /// The axes of `object` whose position or size the file leaves open.
    func openAxes(of object: IBObject) -> [Axis] {
        Axis.allCases.filter { axis in
            var visiting: Set<Int> = []
            return !isFixed(object.index, axis, &visiting)
        }
    }

    /// Whether `object` has a size along `axis` that needs no view outside it: a constant
    /// width or height, an intrinsic size, or its content's (``isContentSized(_:along:depth:)``).
    func hasOwnSize(_ object: IBObject, along axis: Axis, depth: Int = 0) -> Bool {
        let key = Self.key(object.index, axis, depth: depth)
        if let answer = known.ownSize[key] { return answer }
        let answer = Self.hasIntrinsicSize(object, on: axis) || (constraintsByObject[object.index] ?? []).contains { constraint in
            constraint.firstItem == object.id && constraint.secondItem == nil && Self.sizeAxis(constraint.firstAttribute) == axis
        } || isContentSized(object, along: axis, depth: depth)
        known.ownSize[key] = answer
        return answer
    }

    /// Whether `object`'s content gives it its size along `axis`: a chain of its subviews, each
    /// with a size of its own along the axis, tied edge to edge by required equalities from
    /// its start edge (leading, top) to its end edge (trailing, bottom); for a stack view,
    /// every arranged subview it shows with a size of its own along the axis.
    private func isContentSized(_ object: IBObject, along axis: Axis, depth: Int) -> Bool {
        guard depth < 6, !object.subviews.isEmpty else { return false }
        // A stack view is as large as what it arranges: along any axis, once every arranged
        // subview it shows has a size of its own there.
        if object.element == "stackView" {
            return object.subviews.allSatisfy { Self.isHidden(document.objects[$0]) || hasOwnSize(document.objects[$0], along: axis, depth: depth + 1) }
        }
        let members = Set(object.subviews.map { document.objects[$0].id } + [object.id])
        // Each tie between two edges on this axis, both ways: (item, side) → (item, side).
        var ties: [String: [String]] = [:]
        var read: Set<Int> = []
        let constraints = ([object.index] + object.subviews).flatMap { constraintsByObject[$0] ?? [] }.filter { read.insert($0.index).inserted }
        for constraint in constraints {
            guard let second = constraint.secondItem, members.contains(constraint.firstItem), members.contains(second),
                  let firstSide = Self.edge(constraint.firstAttribute, on: axis),
                  let secondSide = constraint.secondAttribute.flatMap({ Self.edge($0, on: axis) }) else { continue }
            let from = constraint.firstItem + "." + firstSide, to = second + "." + secondSide
            ties[from, default: []].append(to)
            ties[to, default: []].append(from)
        }
        var pending = [object.id + ".start"]
        var seen: Set<String> = Set(pending)
        while let node = pending.popLast() {
            for next in ties[node] ?? [] where seen.insert(next).inserted {
                let parts = next.split(separator: ".", maxSplits: 1)
                let (item, side) = (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
                if item == object.id {
                    if side == "end" { return true }
                    continue
                }
                // Through a subview that sizes itself, to its other edge.
                guard let position = positions[item],
                      hasOwnSize(document.objects[position], along: axis, depth: depth + 1) else { continue }
                let across = item + "." + (side == "start" ? "end" : "start")
                if seen.insert(across).inserted { pending.append(across) }
            }
        }
        return false
    }

    /// `start` or `end` for an edge attribute on `axis`, `nil` for any other attribute.
    private static func edge(_ attribute: String, on axis: Axis) -> String? {
        let name = base(attribute)
        guard positionAxis(name) == axis, !name.hasPrefix("center") else { return nil }
        return side(name)
    }

    /// ``isFixedNow(_:_:_:)``, remembered where the answer cannot depend on the views being
    /// visited: a fixed axis always, an open one only when asked from outside any cycle.
    private func isFixed(_ position: Int, _ axis: Axis, _ visiting: inout Set<Int>) -> Bool {
        let key = Self.key(position, axis)
        if let answer = known.fixed[key] { return answer }
        let outermost = visiting.isEmpty
        let answer = isFixedNow(position, axis, &visiting)
        if answer || outermost { known.fixed[key] = answer }
        return answer
    }

    private func isFixedNow(_ position: Int, _ axis: Axis, _ visiting: inout Set<Int>) -> Bool {
        let object = document.objects[position]
        guard let parent = object.parent, document.objects[parent].subviews.contains(position) else { return true }  // a root view
        if document.frameIsSetByContainer(object) { return true }
        guard visiting.insert(position).inserted, visiting.count <= 32 else { return false }
        defer { visiting.remove(position) }
        let container = document.objects[parent]
        if container.element == "stackView" {
            if Self.isHidden(object) { return true }
            let stackAxis: Axis = container.layout.isVerticalStack ? .vertical : .horizontal
            guard isFixed(parent, axis, &visiting) else { return false }
            // A hidden arranged subview is collapsed by the stack and takes no space.
            return axis != stackAxis || container.layout.fillsEqually
                || container.subviews.allSatisfy { Self.isHidden(document.objects[$0]) || hasOwnSize(document.objects[$0], along: stackAxis) }
        }
        var edges: Set<String> = []
        var centred = false
        var sized = hasOwnSize(object, along: axis)
        var aspectRatio = false
        for constraint in constraintsByObject[position] ?? [] {
            let mine = constraint.firstItem == object.id ? (constraint.firstAttribute, constraint.secondItem) : (constraint.secondAttribute ?? "", Optional(constraint.firstItem))
            let attribute = Self.base(mine.0)
            let other = mine.1.flatMap { positions[$0] }
            if let sizeAxis = Self.sizeAxis(attribute) {
                if other == position {
                    aspectRatio = true
                } else if sizeAxis == axis, other.map({ isFixed($0, axis, &visiting) }) ?? true {
                    sized = true
                }
                continue
            }
            guard Self.positionAxis(attribute) == axis, let other, isFixed(other, axis, &visiting) else { continue }
            if attribute.hasPrefix("center") { centred = true } else { edges.insert(Self.side(attribute)) }
        }
        if !sized && aspectRatio {
            let across: Axis = axis == .horizontal ? .vertical : .horizontal
            sized = hasOwnSize(object, along: across)
        }
        return edges.count >= 2 || ((!edges.isEmpty || centred) && sized)
    }

    /// Hidden in the file (`hidden="YES"`).
    static func isHidden(_ object: IBObject) -> Bool {
        object.attributes.hidden == true
    }

    /// Required, installed where the app runs by default, and an equality.
    private static func fixes(_ constraint: IBConstraint) -> Bool {
        constraint.relation == .equal && constraint.priority >= 1000 && !constraint.isPlaceholder && !constraint.excludedByDefault
    }

    /// An attribute without its margin suffix: `leadingMargin` ties the leading edge.
    private static func base(_ attribute: String) -> String {
        if attribute.hasSuffix("WithinMargins") { return String(attribute.dropLast("WithinMargins".count)) }
        if attribute.hasSuffix("Margin") { return String(attribute.dropLast("Margin".count)) }
        return attribute
    }

    private static func sizeAxis(_ attribute: String) -> Axis? {
        switch attribute {
        case "width": .horizontal
        case "height": .vertical
        default: nil
        }
    }

    private static func positionAxis(_ attribute: String) -> Axis? {
        switch attribute {
        case "leading", "trailing", "left", "right", "centerX": .horizontal
        case "top", "bottom", "firstBaseline", "lastBaseline", "baseline", "centerY": .vertical
        default: nil
        }
    }

    /// Which side of its axis an edge attribute ties: a baseline ties the top or the bottom.
    private static func side(_ attribute: String) -> String {
        switch attribute {
        case "left", "leading": "start"
        case "top", "firstBaseline": "start"
        default: "end"
        }
    }

    /// Controls whose content gives them a size on `axis` without constraints.
    static func hasIntrinsicSize(_ object: IBObject, on axis: Axis) -> Bool {
        switch object.element {
        case "label", "button", "switch", "textField", "segmentedControl", "stepper", "activityIndicatorView",
             "imageView", "popUpButton", "comboBox", "datePicker", "pageControl", "searchField", "secureTextField",
             "levelIndicator", "colorWell", "pickerView":
            return true
        case "progressIndicator":
            return axis == .vertical || object.layout.isSpinning
        case "slider", "progressView", "searchBar", "navigationBar", "toolbar", "tabBar":
            return axis == .vertical
        default:
            return false
        }
    }
}
