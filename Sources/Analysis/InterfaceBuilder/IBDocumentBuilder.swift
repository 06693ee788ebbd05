import CLibXML2

/// Builds the model of a `<document>` (xib or storyboard, version 3.0 and 2.0) from the
/// streamed elements.
struct IBDocumentBuilder: IBElementHandler {
    let reader: XMLStreamReader
    private var stack: [IBElementContext] = []
    var elementNames: [UnsafePointer<xmlChar>: String] = [:]

    private var format: IBDocument.Format = .xib
    private var platform: IBDocument.Platform = .unknown
    private var documentType: String?
    private var version: String?
    private var toolsVersion: String?
    private var targetRuntime: String?
    private var usesAutolayout = false
    private var initialViewController: String?
    var objects: [IBObject] = []
    var topLevelObjects: [Int] = []
    var constraints: [IBConstraint] = []
    var connections: [IBConnection] = []
    var runtimeAttributes: [IBRuntimeAttribute] = []
    var bindings: [IBBinding] = []
    /// The binding whose element is open (bindings never nest), and whether its
    /// `<dictionary key="options">` is: kept here rather than in every element's context.
    var openBinding: Int?
    var inBindingOptions = false
    /// The binding and option key the open `<string>` option's text goes to.
    var bindingOptionKey: (binding: Int, key: String)?
    var variations: [IBSizeClassVariation] = []
    var scenes: [IBScene] = []
    var storyboardReferences: [IBStoryboardReference] = []

    /// `byteCount` sizes the arrays up front (Xcode writes roughly one object per 500 bytes).
    init(reader: XMLStreamReader, byteCount: Int) {
        self.reader = reader
        stack.reserveCapacity(64)
        objects.reserveCapacity(byteCount / 500)
        constraints.reserveCapacity(byteCount / 2000)
        connections.reserveCapacity(byteCount / 2000)
    }

    mutating func start(_ node: XMLStartElement, name: IBName?, location: IBLocation) throws(IBParseFailure) {
        let parent = stack.last ?? IBElementContext()
        var context = IBElementContext(
            name: name, enclosingObject: parent.enclosingObject, variation: parent.variation,
            sizeClassVariation: parent.sizeClassVariation, scene: parent.scene, inResources: parent.inResources)
        if stack.isEmpty {
            try readRoot(node, location: location)
        } else {
            startChild(node, name: name, parent: parent, context: &context, location: location)
        }
        stack.append(context)
    }

    mutating func end() {
        guard let closed = stack.popLast() else { return }
        switch closed.name {
        case .scene:
            if let scene = closed.scene {
                scenes[scene].viewController = IBScene.controller(among: scenes[scene].objects, in: objects)
            }
        case .binding:
            openBinding = nil
            inBindingOptions = false
        case .dictionary:
            inBindingOptions = false
        case .string:
            bindingOptionKey = nil
        default:
            break
        }
    }

    var wantsText: Bool { bindingOptionKey != nil }

    mutating func text(_ reader: XMLStreamReader) {
        guard let (binding, key) = bindingOptionKey, let value = reader.textValue else { return }
        bindings[binding].options[key, default: ""] += value
    }

    // MARK: - Elements

    private mutating func readRoot(_ node: XMLStartElement, location: IBLocation) throws(IBParseFailure) {
        reader.attributes(of: node) { name, value in
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
        _ node: XMLStartElement, name: IBName?, parent: IBElementContext, context: inout IBElementContext, location: IBLocation
    ) {
        switch name {
        case .scene:
            var sceneID = ""
            reader.attributes(of: node) { name, value in if name == .sceneID { sceneID = value.string } }
            context.scene = scenes.count
            scenes.append(IBScene(sceneID: sceneID, location: location))
            return
        case .resources:
            context.inResources = true
            return
        case .constraint where parent.name == .constraints:
            if let owner = parent.enclosingObject {
                let variationKey = parent.sizeClassVariation.map { variations[$0].key }
                context.constraint = addConstraint(node, owner: owner, variationKey: variationKey, location: location)
            }
            return
        case .outlet, .outletCollection, .action, .segue:
            if parent.name == .connections, let source = parent.enclosingObject, let name {
                addConnection(node, name: name, source: source, location: location)
            }
            return
        case .binding where parent.name == .connections:
            if let owner = parent.enclosingObject {
                openBinding = addBinding(node, owner: owner, location: location)
            }
            return
        case .dictionary where parent.name == .binding:
            reader.attributes(of: node) { name, value in
                if name == .key, value.equals("options") { inBindingOptions = openBinding != nil }
            }
            return
        case .userDefinedRuntimeAttribute where parent.name == .userDefinedRuntimeAttributes:
            if let owner = parent.enclosingObject {
                addRuntimeAttribute(node, owner: owner, location: location)
            }
            return
        case .variation:
            startVariation(node, parent: parent, context: &context, location: location)
            return
        case .mask where parent.variation != nil:
            reader.attributes(of: node) { name, value in
                guard name == .key else { return }
                context.mask = value.equals("constraints") ? .constraints : value.equals("subviews") ? .subviews : nil
            }
            return
        case .include, .exclude:
            if let variation = parent.variation, let mask = parent.mask, let name {
                addMaskEntry(node, name: name, mask: mask, variation: variation)
            }
            return
        default:
            break
        }
        if inBindingOptions, parent.name == .dictionary, let binding = openBinding {
            readBindingOption(node, name: name, binding: binding)
            return
        }
        if let owner = parent.object, readObjectDetail(node, name: name, owner: owner, context: &context) {
            return
        }
        if let accessibilityOwner = parent.accessibilityOwner, name == .bool {
            readAccessibilityFlag(node, owner: accessibilityOwner)
            return
        }
        guard !parent.inResources, parent.name != .connections, parent.name != .constraints else { return }
        if let object = addObject(node, name: name, parent: parent, location: location) {
            context.object = object
            context.enclosingObject = object
        }
    }

    // MARK: - Helpers

    /// The element's name, made into a `String` once per distinct name.
    mutating func elementName(_ node: XMLStartElement) -> String {
        guard let pointer = node.name else { return "" }
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
            runtimeAttributes: runtimeAttributes, bindings: bindings, variations: variations, scenes: scenes,
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
