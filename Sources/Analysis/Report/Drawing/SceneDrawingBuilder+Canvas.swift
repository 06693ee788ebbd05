import Foundation

extension SceneDrawingBuilder {
    /// One root view's drawing: its tree of frames in drawing coordinates, the constraints
    /// of the anchored views, and what was left out.
    struct Canvas {
        let document: IBDocument
        let root: Int
        let limits: Limits

        private(set) var views: [DrawnView] = []
        /// Object index → index in `views`.
        private(set) var drawnIndex: [Int: Int] = [:]
        /// Object index → why it is not drawn.
        private(set) var leftOut: [Int: String] = [:]
        private var counts = LeftOutCounts()

        init(document: IBDocument, root: Int, limits: Limits) {
            self.document = document
            self.root = root
            self.limits = limits
        }

        /// How many views were left out, by cause.
        struct LeftOutCounts {
            var withoutFrame = 0
            var unusableFrame = 0
            var tooDeep = 0
            var overLimit = 0
        }

        mutating func drawing(id: String, anchored: [Target]) -> SceneDrawing {
            let rootFrame = document.objects[root].frame.flatMap(usable)
            let size = (width: rootFrame?.width ?? 0, height: rootFrame?.height ?? 0)
            addView(root, frame: IBRect(x: 0, y: 0, width: size.width, height: size.height), parent: nil)
            if rootFrame == nil {
                for child in document.objects[root].children {
                    leave(child, out: "the frame of the view it is in is negative, not a number or over \(Int(limits.coordinate)) points",
                          count: \.unusableFrame)
                }
            } else {
                drawChildren(of: root, origin: (0, 0), size: size, parent: 0, depth: 1)
            }
            var anchors = anchored.map(anchor)
            let constraints = drawnConstraints(anchored: anchored, highlighted: Set(anchors.flatMap(\.views)))
            let positions = Dictionary(constraints.indices.map { (constraints[$0].index, $0) }, uniquingKeysWith: { first, _ in first })
            for (position, target) in anchored.enumerated() {
                anchors[position].constraints = target.constraints.compactMap { positions[$0] }
            }
            var note = self.note
            if rootFrame == nil { note = "The root view's frame is negative, not a number or over \(Int(limits.coordinate)) points. " + (note ?? "") }
            return SceneDrawing(id: id, path: document.path, title: title, width: Self.points(size.width), height: Self.points(size.height),
                                views: views, constraints: constraints.map(\.constraint), anchors: anchors, note: note)
        }

        // MARK: Views

        /// Draws the framed descendants of `object`; objects without a frame that are not
        /// subviews (cells of controls, items, gesture recognizers) are looked through.
        private mutating func drawChildren(of object: Int, origin: (x: Double, y: Double), size: (width: Double, height: Double),
                                           parent: Int, depth: Int) {
            for child in document.objects[object].children {
                let childObject = document.objects[child]
                guard let frame = childObject.frame else {
                    if document.objects[object].subviews.contains(child) {
                        leave(child, out: "it has no frame in the file", count: \.withoutFrame)
                    } else {
                        drawChildren(of: child, origin: origin, size: size, parent: parent, depth: depth)
                    }
                    continue
                }
                guard let usableFrame = usable(frame) else {
                    leave(child, out: "its frame is negative, not a number or over \(Int(limits.coordinate)) points", count: \.unusableFrame)
                    continue
                }
                guard depth <= limits.depth else {
                    leave(child, out: "it is nested deeper than \(limits.depth) views", count: \.tooDeep)
                    continue
                }
                guard views.count < limits.viewsPerDrawing else {
                    leave(child, out: "the picture holds at most \(limits.viewsPerDrawing) views", count: \.overLimit)
                    continue
                }
                // Cocoa frames count y up from the superview's bottom edge.
                let y = document.platform == .macOS ? size.height - usableFrame.y - usableFrame.height : usableFrame.y
                let absolute = IBRect(x: origin.x + usableFrame.x, y: origin.y + y, width: usableFrame.width, height: usableFrame.height)
                let index = addView(child, frame: absolute, parent: parent)
                drawChildren(of: child, origin: (absolute.x, absolute.y), size: (absolute.width, absolute.height), parent: index, depth: depth + 1)
            }
        }

        @discardableResult
        private mutating func addView(_ object: Int, frame: IBRect, parent: Int?) -> Int {
            let element = document.objects[object]
            // A Cocoa control shows the title of its cell.
            let objects = document.objects
            let cellText = element.children.first { objects[$0].key == "cell" }.flatMap { objects[$0].text }
            let text = (element.text ?? cellText).map { $0.count > limits.text ? String($0.prefix(limits.text - 1)) + "…" : $0 }
            views.append(DrawnView(line: element.location.line, column: element.location.column, objectId: element.id,
                                   kind: Self.kind(of: element), name: element.customClass ?? element.element, text: text,
                                   x: Self.points(frame.x), y: Self.points(frame.y), width: Self.points(frame.width),
                                   height: Self.points(frame.height), parent: parent))
            drawnIndex[object] = views.count - 1
            return views.count - 1
        }

        /// Marks `object` and its whole subtree as left out for `reason`.
        private mutating func leave(_ object: Int, out reason: String, count: WritableKeyPath<LeftOutCounts, Int>) {
            var pending = [object]
            var visited = 0
            while let next = pending.popLast(), visited < 100_000 {
                visited += 1
                leftOut[next] = reason
                if document.objects[next].frame != nil || next == object { counts[keyPath: count] += 1 }
                pending += document.objects[next].children
            }
        }

        /// A frame whose numbers are finite, not negative in size and within the bound.
        private func usable(_ frame: IBRect) -> IBRect? {
            let numbers = [frame.x, frame.y, frame.width, frame.height]
            guard numbers.allSatisfy({ $0.isFinite && abs($0) <= limits.coordinate }), frame.width >= 0, frame.height >= 0 else { return nil }
            return frame
        }

        static func points(_ value: Double) -> Int { Int(value.rounded()) }

        static func kind(of object: IBObject) -> DrawnView.Kind {
            switch object.element {
            case "label": .label
            case "button", "NSButton", "popUpButton", "NSPopUpButton": .button
            case "imageView", "NSImageView": .image
            case "textField", "textView", "searchBar", "NSTextField", "NSTextView", "NSSearchField", "NSSecureTextField": .field
            case "switch", "slider", "segmentedControl", "stepper", "pageControl", "activityIndicatorView", "progressView",
                 "datePicker", "pickerView", "NSSlider", "NSSegmentedControl", "NSProgressIndicator", "NSStepper", "NSDatePicker": .control
            case "tableView", "collectionView", "scrollView", "stackView", "NSScrollView", "NSTableView", "NSOutlineView",
                 "NSCollectionView", "NSStackView", "NSClipView", "NSBox", "box", "clipView", "tabView", "NSTabView": .container
            case "tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewCellContentView",
                 "NSTableCellView", "tableCellView": .cell
            default: .view
            }
        }

        // MARK: Anchors, constraints, title, note

        private func anchor(_ target: Target) -> DrawingAnchor {
            var views: [Int] = []
            var reasons: [String] = []
            for object in target.objects {
                guard let framed = SceneDrawingBuilder.framedObject(for: object, in: document) else {
                    reasons.append("\(document.objects[object].customClass ?? document.objects[object].element) is not a view")
                    continue
                }
                guard SceneDrawingBuilder.root(of: framed, in: document) == root else { continue }
                if let index = drawnIndex[framed] {
                    if !views.contains(index) { views.append(index) }
                } else if let reason = leftOut[framed] {
                    reasons.append(reason)
                }
            }
            return DrawingAnchor(line: target.location.line, column: target.location.column, views: views,
                                 reason: views.isEmpty ? (reasons.first.map { "not drawn: \($0)" } ?? "not drawn") : nil)
        }

        /// The anchored constraints and every constraint of a highlighted view, both ends drawn.
        private func drawnConstraints(anchored: [Target], highlighted: Set<Int>) -> [(index: Int, constraint: DrawnConstraint)] {
            let positions = document.objectIndicesByID
            let anchoredConstraints = Set(anchored.flatMap(\.constraints))
            var drawn: [(Int, DrawnConstraint)] = []
            for constraint in document.constraints where drawn.count < limits.constraintsPerDrawing {
                guard let firstObject = positions[constraint.firstItem], let first = drawnIndex[firstObject] else { continue }
                let second = constraint.secondItem.flatMap { positions[$0] }.flatMap { drawnIndex[$0] }
                guard anchoredConstraints.contains(constraint.index) || highlighted.contains(first) || second.map(highlighted.contains) == true,
                      !constraint.isPlaceholder else { continue }
                let label = constraint.readableDescription(in: document, owner: document.objects[constraint.owner])
                drawn.append((constraint.index, DrawnConstraint(line: constraint.location.line, column: constraint.location.column, first: first,
                                                                firstAttribute: constraint.firstAttribute,
                                                                second: constraint.secondItem == nil ? nil : second,
                                                                secondAttribute: second == nil ? nil : constraint.secondAttribute,
                                                                label: label)))
            }
            return drawn
        }

        private var title: String {
            let rootObject = document.objects[root]
            var controller: IBObject?
            var current = rootObject.parent
            while let position = current, controller == nil {
                if document.objects[position].frame == nil, document.objects[position].parent == nil { controller = document.objects[position] }
                current = document.objects[position].parent
            }
            let named = controller.map { "\($0.customClass ?? $0.element) scene" } ?? (rootObject.customClass ?? rootObject.element)
            return "\(named) (line \(rootObject.location.line))"
        }

        private var note: String? {
            var parts: [String] = []
            if counts.withoutFrame > 0 { parts.append("\(counts.withoutFrame) without a frame") }
            if counts.unusableFrame > 0 { parts.append("\(counts.unusableFrame) with a frame that is negative, not a number or over \(Int(limits.coordinate)) points") }
            if counts.tooDeep > 0 { parts.append("\(counts.tooDeep) nested deeper than \(limits.depth)") }
            if counts.overLimit > 0 { parts.append("\(counts.overLimit) past the \(limits.viewsPerDrawing) a picture holds") }
            guard !parts.isEmpty else { return nil }
            let total = counts.withoutFrame + counts.unusableFrame + counts.tooDeep + counts.overLimit
            return "\(total) view\(total == 1 ? " is" : "s are") not drawn: " + parts.joined(separator: ", ")
        }
    }
}
