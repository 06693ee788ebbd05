import CLibXML2

/// Builds the model of a `<document>` (xib or storyboard, version 3.0 and 2.0) from the
/// streamed elements.
struct IBDocumentBuilder: IBElementHandler {
    private let reader: XMLStreamReader
    private var stack: [IBElementContext] = []
    private var elementNames: [UnsafePointer<xmlChar>: String] = [:]

    private var format: IBDocument.Format = .xib
    private var platform: IBDocument.Platform = .unknown
    private var documentType: String?
    private var version: String?
    private var toolsVersion: String?
    private var targetRuntime: String?
    private var usesAutolayout = false
    private var initialViewController: String?
    private var objects: [IBObject] = []
    private var topLevelObjects: [Int] = []
    private var constraints: [IBConstraint] = []
    private var connections: [IBConnection] = []
    private var runtimeAttributes: [IBRuntimeAttribute] = []
    private var variations: [IBSizeClassVariation] = []
    private var scenes: [IBScene] = []
    private var storyboardReferences: [IBStoryboardReference] = []

    /// `byteCount` sizes the arrays up front (Xcode writes roughly one object per 500 bytes).
    init(reader: XMLStreamReader, byteCount: Int) {
        self.reader = reader
        stack.reserveCapacity(64)
        objects.reserveCapacity(byteCount / 500)
        constraints.reserveCapacity(byteCount / 2000)
        connections.reserveCapacity(byteCount / 2000)
    }

    mutating func start(_ node: xmlNodePtr, name: IBName?, location: IBLocation) throws(IBParseFailure) {
        let parent = stack.last ?? IBElementContext()
        var context = IBElementContext(
            name: name, enclosingObject: parent.enclosingObject, variation: parent.variation,
            sizeClassVariation: parent.sizeClassVariation, scene: parent.scene, inResources: parent.inResources)
        if stack.isEmpty {
            try readRoot(node, location: location)
        } else {
            try startChild(node, name: name, parent: parent, context: &context, location: location)
        }
        stack.append(context)
    }

    mutating func end() {
        guard let closed = stack.popLast() else { return }
        if closed.name == .scene, let scene = closed.scene {
            scenes[scene].viewController = scenes[scene].objects.first { objects[$0].isSceneController }
        }
    }

    mutating func text(_ reader: XMLStreamReader) {}

    // MARK: - Elements

    private mutating func readRoot(_ node: xmlNodePtr, location: IBLocation) throws(IBParseFailure) {
        try reader.attributes(of: node, at: location) { name, value in
            switch name {
            case .type: documentType = value.string
            case .version: version = value.string
            case .toolsVersion: toolsVersion = value.string
            case .targetRuntime: targetRuntime = value.string
            case .useAutolayout: usesAutolayout = value.isYes
            case .initialViewController: initialViewController = value.string
            default: break
            }
        }
        guard let documentType, documentType.hasPrefix("com.apple.InterfaceBuilder") else {
            throw IBParseFailure(reason: "root <document> has type \(documentType.map { "\"\($0)\"" } ?? "(none)"), not an Interface Builder type", line: location.line)
        }
        format = documentType.hasSuffix("Storyboard.XIB") || documentType.hasSuffix("Storyboard") ? .storyboard : .xib
        platform = IBDocument.Platform(documentType: documentType, targetRuntime: targetRuntime)
    }

    private mutating func startChild(
        _ node: xmlNodePtr, name: IBName?, parent: IBElementContext, context: inout IBElementContext, location: IBLocation
    ) throws(IBParseFailure) {
        switch name {
        case .scene:
            var sceneID = ""
            try reader.attributes(of: node, at: location) { name, value in if name == .sceneID { sceneID = value.string } }
            context.scene = scenes.count
            scenes.append(IBScene(sceneID: sceneID, location: location))
            return
        case .resources:
            context.inResources = true
            return
        case .constraint where parent.name == .constraints:
            if let owner = parent.enclosingObject {
                let variationKey = parent.sizeClassVariation.map { variations[$0].key }
                context.constraint = try addConstraint(node, owner: owner, variationKey: variationKey, location: location)
            }
            return
        case .outlet, .outletCollection, .action, .segue:
            if parent.name == .connections, let source = parent.enclosingObject, let name {
                try addConnection(node, name: name, source: source, location: location)
            }
            return
        case .userDefinedRuntimeAttribute where parent.name == .userDefinedRuntimeAttributes:
            if let owner = parent.enclosingObject {
                try addRuntimeAttribute(node, owner: owner, location: location)
            }
            return
        case .variation:
            try startVariation(node, parent: parent, context: &context, location: location)
            return
        case .mask where parent.variation != nil:
            try reader.attributes(of: node, at: location) { name, value in
                guard name == .key else { return }
                context.mask = value.equals("constraints") ? .constraints : value.equals("subviews") ? .subviews : nil
            }
            return
        case .include, .exclude:
            if let variation = parent.variation, let mask = parent.mask, let name {
                try addMaskEntry(node, name: name, mask: mask, variation: variation, location: location)
            }
            return
        default:
            break
        }
        if let owner = parent.object, try readObjectDetail(node, name: name, owner: owner, context: &context, location: location) {
            return
        }
        if let accessibilityOwner = parent.accessibilityOwner, name == .bool {
            try readAccessibilityFlag(node, owner: accessibilityOwner, location: location)
            return
        }
        guard !parent.inResources, parent.name != .connections, parent.name != .constraints else { return }
        if let object = try addObject(node, name: name, parent: parent, location: location) {
            context.object = object
            context.enclosingObject = object
        }
    }

    /// Reads the element when it describes its parent object (frame, mask, colour,
    /// accessibility); `false` when it is something else.
    private mutating func readObjectDetail(
        _ node: xmlNodePtr, name: IBName?, owner: Int, context: inout IBElementContext, location: IBLocation
    ) throws(IBParseFailure) -> Bool {
        switch name {
        case .rect:
            var key: String?
            var x = 0.0, y = 0.0, width = 0.0, height = 0.0
            try reader.attributes(of: node, at: location) { name, value in
                switch name {
                case .key: key = value.string
                case .x: x = value.double ?? 0
                case .y: y = value.double ?? 0
                case .width: width = value.double ?? 0
                case .height: height = value.double ?? 0
                default: break
                }
            }
            guard key == "frame" else { return false }
            objects[owner].frame = IBRect(x: x, y: y, width: width, height: height)
            return true
        case .autoresizingMask:
            var mask = IBAutoresizingMask()
            var isAutoresizingMask = false
            try reader.attributes(of: node, at: location) { name, value in
                if name == .key { isAutoresizingMask = value.string == "autoresizingMask" }
                if value.isYes, let flag = IBAutoresizingMask(attribute: name) { mask.insert(flag) }
            }
            guard isAutoresizingMask else { return false }
            objects[owner].autoresizingMask = mask
            return true
        case .color:
            var key: String?
            try reader.attributes(of: node, at: location) { name, value in if name == .key { key = value.string } }
            guard let key else { return false }
            objects[owner].attributes.colorKeys.append(key)
            return true
        case .accessibility:
            var accessibility = objects[owner].attributes.accessibility ?? IBAccessibility()
            try reader.attributes(of: node, at: location) { name, value in
                switch name {
                case .label: accessibility.label = value.string
                case .identifier: accessibility.identifier = value.string
                case .hint: accessibility.hint = value.string
                case .isElement: accessibility.isElement = value.bool
                default: break
                }
            }
            objects[owner].attributes.accessibility = accessibility
            context.accessibilityOwner = owner
            return true
        default:
            return false
        }
    }

    private mutating func readAccessibilityFlag(_ node: xmlNodePtr, owner: Int, location: IBLocation) throws(IBParseFailure) {
        var isElementKey = false
        var flag: Bool?
        try reader.attributes(of: node, at: location) { name, value in
            if name == .key { isElementKey = value.string == "isElement" }
            if name == .value { flag = value.bool }
        }
        if isElementKey {
            objects[owner].attributes.accessibility?.isElement = flag
        }
    }

    private mutating func addObject(_ node: xmlNodePtr, name: IBName?, parent: IBElementContext, location: IBLocation) throws(IBParseFailure) -> Int? {
        guard reader.hasIDAttribute(node) else {
            try reader.attributes(of: node, at: location) { _, _ in }
            return nil
        }
        var object = IBObject(index: objects.count, element: elementName(node), id: "", location: location,
                              parent: parent.enclosingObject, scene: parent.scene)
        var hasID = false
        var placeholderIdentifier: String?
        var sceneMemberID: String?
        var reference: IBStoryboardReference?
        if name == .viewControllerPlaceholder { reference = IBStoryboardReference(object: object.index) }
        try reader.attributes(of: node, at: location) { name, value in
            switch name {
            case .id: object.id = value.string; hasID = true
            case .key: object.key = value.string
            case .customClass: object.customClass = value.string
            case .customModule: object.customModule = value.string
            case .customModuleProvider: object.customModuleProvider = value.string
            case .userLabel: object.userLabel = value.string
            case .placeholderIdentifier: placeholderIdentifier = value.string
            case .sceneMemberID: sceneMemberID = value.string
            case .storyboardIdentifier: object.storyboardIdentifier = value.string
            case .reuseIdentifier: object.reuseIdentifier = value.string
            case .translatesAutoresizingMaskIntoConstraints: object.translatesAutoresizingMaskIntoConstraints = value.bool
            case .misplaced: object.misplaced = value.isYes
            case .ambiguous: object.ambiguous = value.isYes
            case .verifyAmbiguity: object.verifyAmbiguity = value.string
            case .hidden: object.attributes.hidden = value.bool
            case .alpha: object.attributes.alpha = value.double
            case .tag: object.attributes.tag = value.int
            case .clipsSubviews: object.attributes.clipsSubviews = value.bool
            case .userInteractionEnabled: object.attributes.userInteractionEnabled = value.bool
            case .contentMode: object.attributes.contentMode = value.string
            case .storyboardName: reference?.storyboardName = value.string
            case .referencedIdentifier: reference?.referencedIdentifier = value.string
            case .bundleIdentifier: reference?.bundleIdentifier = value.string
            default: break
            }
        }
        guard hasID else { return nil }
        object.placeholder = IBPlaceholderRole(element: name, id: object.id, placeholderIdentifier: placeholderIdentifier, sceneMemberID: sceneMemberID)
        let index = object.index
        objects.append(object)
        if let reference { storyboardReferences.append(reference) }
        if let owner = parent.enclosingObject {
            objects[owner].children.append(index)
            if parent.name == .subviews { objects[owner].subviews.append(index) }
        }
        if parent.name == .objects {
            topLevelObjects.append(index)
            if let scene = parent.scene { scenes[scene].objects.append(index) }
        }
        return index
    }

    private mutating func addConstraint(_ node: xmlNodePtr, owner: Int, variationKey: String?, location: IBLocation) throws(IBParseFailure) -> Int {
        var constraint = IBConstraint(index: constraints.count, id: "", owner: owner, firstItem: objects[owner].id,
                                      firstItemIsOwner: true, firstAttribute: "", variation: variationKey, location: location)
        try reader.attributes(of: node, at: location) { name, value in
            switch name {
            case .id: constraint.id = value.string
            case .firstItem: constraint.firstItem = value.string; constraint.firstItemIsOwner = false
            case .firstAttribute: constraint.firstAttribute = value.string
            case .secondItem: constraint.secondItem = value.string
            case .secondAttribute: constraint.secondAttribute = value.string
            case .relation: constraint.relation = IBConstraint.Relation(rawValue: value.string) ?? .equal
            case .multiplier:
                let text = value.string
                constraint.multiplierText = text
                constraint.multiplier = IBConstraint.multiplier(parsing: text) ?? 1
            case .constant: constraint.constant = value.double ?? 0
            case .priority: constraint.priority = value.double ?? 1000
            case .identifier: constraint.identifier = value.string
            case .placeholder: constraint.isPlaceholder = value.isYes
            default: break
            }
        }
        constraints.append(constraint)
        return constraint.index
    }

    private mutating func addConnection(_ node: xmlNodePtr, name: IBName, source: Int, location: IBLocation) throws(IBParseFailure) {
        let kind: IBConnection.Kind = switch name {
        case .outletCollection: .outletCollection
        case .action: .action
        case .segue: .segue
        default: .outlet
        }
        var connection = IBConnection(index: connections.count, kind: kind, source: source, sourceID: objects[source].id, location: location)
        try reader.attributes(of: node, at: location) { name, value in
            switch name {
            case .id: connection.id = value.string
            case .property: connection.property = value.string
            case .selector: connection.selector = value.string
            case .destination, .target: connection.destination = value.string
            case .eventType: connection.eventType = value.string
            case .collectionClass: connection.collectionClass = value.string
            case .identifier: connection.identifier = value.string
            case .kind: connection.segueKind = value.string
            case .relationship: connection.relationship = value.string
            default: break
            }
        }
        connections.append(connection)
    }

    private mutating func addRuntimeAttribute(_ node: xmlNodePtr, owner: Int, location: IBLocation) throws(IBParseFailure) {
        var attribute = IBRuntimeAttribute(keyPath: "", object: owner, location: location)
        try reader.attributes(of: node, at: location) { name, value in
            switch name {
            case .keyPath: attribute.keyPath = value.string
            case .type: attribute.type = value.string
            case .value: attribute.value = value.string
            default: break
            }
        }
        runtimeAttributes.append(attribute)
    }

    private mutating func startVariation(_ node: xmlNodePtr, parent: IBElementContext, context: inout IBElementContext, location: IBLocation) throws(IBParseFailure) {
        var key = ""
        var constant: Double?
        try reader.attributes(of: node, at: location) { name, value in
            if name == .key { key = value.string }
            if name == .constant { constant = value.double }
        }
        if let constraint = parent.constraint {
            if let constant { constraints[constraint].constantVariations[key] = constant }
            return
        }
        guard let owner = parent.object else { return }
        context.variation = variations.count
        if key != "default" { context.sizeClassVariation = variations.count }
        variations.append(IBSizeClassVariation(key: key, owner: owner, location: location))
    }

    private mutating func addMaskEntry(_ node: xmlNodePtr, name: IBName, mask: IBVariationMask, variation: Int, location: IBLocation) throws(IBParseFailure) {
        var reference: String?
        try reader.attributes(of: node, at: location) { name, value in if name == .reference { reference = value.string } }
        guard let reference else { return }
        switch (mask, name) {
        case (.constraints, .include): variations[variation].includedConstraints.append(reference)
        case (.constraints, _): variations[variation].excludedConstraints.append(reference)
        case (.subviews, .include): variations[variation].includedSubviews.append(reference)
        case (.subviews, _): variations[variation].excludedSubviews.append(reference)
        }
    }

    // MARK: - Helpers

    /// The element's name, made into a `String` once per distinct name.
    private mutating func elementName(_ node: xmlNodePtr) -> String {
        guard let pointer = node.pointee.name else { return "" }
        if let known = elementNames[pointer] { return known }
        let name = String(cString: pointer)
        elementNames[pointer] = name
        return name
    }

    func finish(path: String) -> IBDocument {
        var constraints = constraints
        applyVariations(to: &constraints)
        return IBDocument(
            path: path, status: .analysed, format: format, platform: platform, documentType: documentType,
            version: version, toolsVersion: toolsVersion, targetRuntime: targetRuntime, usesAutolayout: usesAutolayout,
            objects: objects, topLevelObjects: topLevelObjects, constraints: constraints, connections: connections,
            runtimeAttributes: runtimeAttributes, variations: variations, scenes: scenes,
            storyboardReferences: storyboardReferences, initialViewController: initialViewController)
    }

    /// Marks constraints with the size class that includes them, and those the default
    /// size class excludes.
    private func applyVariations(to constraints: inout [IBConstraint]) {
        guard !variations.isEmpty else { return }
        var constraintByID: [String: Int] = [:]
        for constraint in constraints { constraintByID[constraint.id] = constraint.index }
        for variation in variations {
            if variation.key == "default" {
                for id in variation.excludedConstraints { if let index = constraintByID[id] { constraints[index].excludedByDefault = true } }
            } else {
                for id in variation.includedConstraints {
                    if let index = constraintByID[id], constraints[index].variation == nil { constraints[index].variation = variation.key }
                }
            }
        }
    }
}
