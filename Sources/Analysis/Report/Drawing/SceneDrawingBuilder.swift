import Foundation

/// Draws the Interface Builder scenes that findings name (``SceneDrawing``): for every IB
/// location of a finding, the element it names (an object, both ends of a connection, a
/// constraint and its items, the object of a runtime attribute or binding), the topmost
/// framed view above it, and that view's tree of frames. Each root is drawn once, however
/// many findings name it. Bounded: a frame that is missing, negative, not a number or huge
/// leaves its view out; so do views nested deeper than ``Limits/depth`` and views past
/// ``Limits/viewsPerDrawing``; each drawing's note says what was left out.
struct SceneDrawingBuilder {
    /// How much one report draws.
    struct Limits {
        var viewsPerDrawing = 1_500
        var depth = 40
        /// The largest coordinate or size taken as a frame, in points.
        var coordinate = 100_000.0
        var constraintsPerDrawing = 200
        /// Views over all drawings: past it, further scenes are not drawn.
        var viewsPerReport = 20_000
        /// Characters of an element's text shown.
        var text = 40
    }

    let model: ProjectModel
    var limits = Limits()

    /// The drawings of the scenes the report's findings (suppressed ones too) name, and of
    /// the nib whose root replaces a placement in a substitution hazard, in file order; and
    /// a note when the report's budget left scenes undrawn.
    func drawings(for report: Report) -> (drawings: [SceneDrawing], note: String?) {
        var wanted: [String: Set<IBLocation>] = [:]
        for finding in report.findingsAndSuppressed {
            for location in finding.locations {
                wanted[location.path, default: []].insert(IBLocation(line: location.line, column: location.column ?? 0))
            }
            for nib in report.swappedInNibs(of: finding, rules: RuleCatalog.descriptions) {
                if let root = nibRoot(of: nib, className: finding.className) { wanted[nib, default: []].insert(root) }
            }
        }
        var drawings: [SceneDrawing] = []
        var drawnViews = 0
        var undrawn = 0
        for document in model.documents where document.status == .analysed {
            guard let locations = wanted[document.path] else { continue }
            let targets = Self.targets(of: locations, in: document)
            for (root, anchored) in Self.roots(of: targets, in: document) {
                guard drawnViews < limits.viewsPerReport else {
                    undrawn += 1
                    continue
                }
                var canvas = Canvas(document: document, root: root, limits: limits)
                var drawing = canvas.drawing(id: "d\(drawings.count + 1)", anchored: anchored)
                drawnViews += drawing.views.count
                drawing.anchors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
                drawings.append(drawing)
            }
        }
        let note = undrawn == 0 ? nil
            : "\(undrawn) scene\(undrawn == 1 ? " is" : "s are") not drawn: a report draws at most \(limits.viewsPerReport) views"
        return (drawings, note)
    }

    /// Where the top-level view of class `className` starts in the nib at `path`.
    private func nibRoot(of path: String, className: String?) -> IBLocation? {
        guard let className, let document = model.documents.first(where: { $0.path == path }) else { return nil }
        return document.topLevelObjects.lazy.map { document.objects[$0] }.first { $0.customClass == className && $0.frame != nil }?.location
    }

    /// What one finding location names in a document: objects and constraints.
    struct Target {
        var location: IBLocation
        var objects: [Int] = []
        var constraints: [Int] = []
    }

    /// The targets of the wanted locations that name an element of `document`.
    static func targets(of locations: Set<IBLocation>, in document: IBDocument) -> [Target] {
        var targets: [IBLocation: Target] = [:]
        func add(_ location: IBLocation, objects: [Int?], constraint: Int? = nil) {
            guard locations.contains(location) else { return }
            var target = targets[location] ?? Target(location: location)
            target.objects += objects.compactMap { $0 }
            if let constraint { target.constraints.append(constraint) }
            targets[location] = target
        }
        let positions = document.objectIndicesByID
        for object in document.objects { add(object.location, objects: [object.index]) }
        for constraint in document.constraints {
            add(constraint.location, objects: [positions[constraint.firstItem], constraint.secondItem.flatMap { positions[$0] }],
                constraint: constraint.index)
        }
        for connection in document.connections {
            add(connection.location, objects: [connection.source, connection.destination.flatMap { positions[$0] }])
        }
        for attribute in document.runtimeAttributes { add(attribute.location, objects: [attribute.object]) }
        for binding in document.bindings { add(binding.location, objects: [binding.object]) }
        for scene in document.scenes { add(scene.location, objects: [scene.viewController]) }
        return targets.values.sorted { $0.location < $1.location }
    }

    /// The views to draw an object as: itself or its nearest framed ancestor; for an object
    /// with no framed ancestor (a view controller), its framed children (its view).
    static func framedObject(for index: Int, in document: IBDocument) -> Int? {
        var current: Int? = index
        while let position = current {
            if document.objects[position].frame != nil { return position }
            current = document.objects[position].parent
        }
        let object = document.objects[index]
        let framedChildren = object.children.filter { document.objects[$0].frame != nil }
        return framedChildren.first { document.objects[$0].key == "view" } ?? framedChildren.first
    }

    /// The topmost framed ancestor of a framed object: the root of its drawing.
    static func root(of index: Int, in document: IBDocument) -> Int {
        var root = index
        var current = document.objects[index].parent
        while let position = current {
            if document.objects[position].frame != nil { root = position }
            current = document.objects[position].parent
        }
        return root
    }

    /// The roots the targets fall in, in document order, each with its targets. A target
    /// that names no view (a gesture recognizer, a placeholder) goes with the file's first
    /// top-level view, so that the file is still shown.
    static func roots(of targets: [Target], in document: IBDocument) -> [(root: Int, targets: [Target])] {
        var byRoot: [Int: [Target]] = [:]
        let firstView = document.topLevelObjects.first { document.objects[$0].frame != nil }
        for target in targets {
            var roots = Set(target.objects.compactMap { framedObject(for: $0, in: document) }.map { root(of: $0, in: document) })
            if roots.isEmpty, let firstView { roots.insert(firstView) }
            for root in roots { byRoot[root, default: []].append(target) }
        }
        return byRoot.keys.sorted().map { ($0, byRoot[$0] ?? []) }
    }
}
