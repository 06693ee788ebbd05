/// The questions rules ask of a document most often, answered from the flat arrays.
extension IBDocument {
    /// The object with Interface Builder id `id` (the first, if a file repeats an id).
    /// A linear search: for many lookups build `objectIndicesByID` once.
    public func object(withID id: String) -> IBObject? {
        objectPosition(withID: id).map { objects[$0] }
    }

    /// The position in `objects` of the first object with id `id`: ids are compared in
    /// place, without copying objects (each `IBObject` copy retains a dozen strings), for
    /// the joins and rules that look up every action target.
    func objectPosition(withID id: String) -> Int? {
        objects.indices.first { objects[$0].id == id }
    }

    /// Index into `objects` of each id (its first object, if a file repeats an id).
    public var objectIndicesByID: [String: Int] {
        Dictionary(objects.map { ($0.id, $0.index) }, uniquingKeysWith: { first, _ in first })
    }

    /// The position of the top-level object holding the object at `position` (a scene's
    /// controller in a storyboard, a root of `<objects>` in a xib): itself when it has no parent.
    public func topLevelPosition(of position: Int) -> Int {
        var position = position
        while let parent = objects[position].parent { position = parent }
        return position
    }

    /// The objects whose parent is `object`, in document order.
    public func children(of object: IBObject) -> [IBObject] {
        object.children.map { objects[$0] }
    }

    /// The objects of `object`'s `<subviews>`, in order.
    public func subviews(of object: IBObject) -> [IBObject] {
        object.subviews.map { objects[$0] }
    }

    /// The File's Owner placeholder of a xib.
    public var filesOwner: IBObject? {
        topLevelObjects.lazy.map { objects[$0] }.first { $0.placeholder == .filesOwner }
    }

    /// The top-level objects that `loadNibNamed`/`instantiate(withOwner:)` return, in
    /// order: the top level without placeholders.
    public var instantiatedTopLevelObjects: [IBObject] {
        topLevelObjects.map { objects[$0] }.filter { $0.placeholder == nil }
    }

    /// Top-level views of a xib (not placeholders, not controllers or plain objects):
    /// what a `root-class-factory` nib hands back.
    public var rootViews: [IBObject] {
        instantiatedTopLevelObjects.filter(\.isViewLike)
    }

    /// The constraints whose `<constraints>` lies in `object`.
    public func constraintsInstalled(on object: IBObject) -> [IBConstraint] {
        constraints.filter { $0.owner == object.index }
    }

    /// The constraints that relate `object` to itself or to nothing (width, height,
    /// aspect ratio): the ones lost when the object is replaced.
    public func selfConstraints(of object: IBObject) -> [IBConstraint] {
        constraintsInstalled(on: object).filter { $0.firstItem == object.id && ($0.secondItem == nil || $0.secondItem == object.id) }
    }

    /// Outlets and outlet collections that point at `id`.
    public func outlets(to id: String) -> [IBConnection] {
        connections.filter { ($0.kind == .outlet || $0.kind == .outletCollection) && $0.destination == id }
    }

    /// The connections that `object`'s `<connections>` holds.
    public func connections(from object: IBObject) -> [IBConnection] {
        connections.filter { $0.source == object.index }
    }

    /// The user-defined runtime attributes set on `object`.
    public func runtimeAttributes(of object: IBObject) -> [IBRuntimeAttribute] {
        runtimeAttributes.filter { $0.object == object.index }
    }

    /// The Cocoa bindings of `object` (those its `<connections>` holds).
    public func bindings(of object: IBObject) -> [IBBinding] {
        bindings.filter { $0.object == object.index }
    }

    /// Objects whose `id` occurs more than once, grouped by id in document order.
    public var duplicateIDs: [String: [IBObject]] {
        Dictionary(grouping: objects, by: \.id).filter { $0.value.count > 1 }
    }

    /// Every `id` declared more than once by an object, a constraint, a connection or a binding,
    /// with the places that declare it, in document order. Documents nearly always repeat no
    /// id: one set insertion per id finds the repeated ones, and locations are gathered only
    /// for those.
    public var duplicateIDLocations: [String: [IBLocation]] {
        var seen = Set<String>(minimumCapacity: objects.count + constraints.count + connections.count + bindings.count)
        var repeated: Set<String> = []
        forEachDeclaredID { id, _ in
            if !seen.insert(id).inserted { repeated.insert(id) }
        }
        guard !repeated.isEmpty else { return [:] }
        var locations: [String: [IBLocation]] = [:]
        forEachDeclaredID { id, location in
            if repeated.contains(id) { locations[id, default: []].append(location()) }
        }
        return locations.mapValues { $0.sorted() }
    }

    /// Calls `body` with each id an object, a constraint (when it has one), a connection or a
    /// binding declares, and its location; elements are read in place, not copied.
    private func forEachDeclaredID(_ body: (String, () -> IBLocation) -> Void) {
        for position in objects.indices { body(objects[position].id) { objects[position].location } }
        for position in constraints.indices where !constraints[position].id.isEmpty {
            body(constraints[position].id) { constraints[position].location }
        }
        for position in connections.indices {
            if let id = connections[position].id { body(id) { connections[position].location } }
        }
        for position in bindings.indices {
            if let id = bindings[position].id { body(id) { bindings[position].location } }
        }
    }

    /// The status the report's `files` section shows for this document.
    public var fileStatus: FileEntry.Status {
        switch status {
        case .analysed: .analysed
        case .legacy: .legacy
        case .binary: .binary
        case .error: .error
        }
    }
}

extension IBObject {
    /// Elements that are objects but never views.
    private static let nonViewElements: Set<String> = [
        "placeholder", "customObject", "exit", "navigationItem", "barButtonItem", "tabBarItem",
        "tapGestureRecognizer", "panGestureRecognizer", "pinchGestureRecognizer", "swipeGestureRecognizer",
        "longPressGestureRecognizer", "rotationGestureRecognizer", "screenEdgePanGestureRecognizer",
        "menu", "menuItem", "window", "userDefaultsController", "arrayController", "objectController",
        "viewControllerLayoutGuide", "viewLayoutGuide", "layoutGuide", "tableViewSection", "segmentedControlSegment",
    ]

    /// AppKit's bindings controllers (`NSArrayController`, `NSUserDefaultsController`…).
    private static let bindingControllerElements: Set<String> = [
        "arrayController", "objectController", "treeController", "dictionaryController", "userDefaultsController",
    ]

    /// Whether the element is one of AppKit's bindings controllers: a platform object that
    /// answers any key its content does.
    public var isBindingController: Bool {
        Self.bindingControllerElements.contains(element)
    }

    /// Whether the element is a view: controls and table/collection view cells are;
    /// placeholders, controllers, bar items, gesture recognizers and AppKit's control
    /// cells (`buttonCell`, `textFieldCell`…) are not.
    public var isViewLike: Bool {
        if element.hasSuffix("ViewCell") { return true }
        if Self.nonViewElements.contains(element) || element.hasSuffix("Cell") { return false }
        return !element.lowercased().hasSuffix("controller")
    }
}
