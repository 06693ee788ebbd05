import Analysis

/// What the corpus's Interface Builder files say about one custom class: the superclass its
/// element implies, the outlets, actions, runtime attributes and Cocoa bindings they
/// connect, and whether a nib of its own name holds it as root view or File's Owner. The
/// generator writes a class that matches, as a project that builds and runs would.
struct ClassProfile {
    var name: String
    var superclass: String
    var appKit: Bool
    var outlets: [String]
    var actions: [String]
    var inspectables: [String]
    /// First keys of the Cocoa bindings whose destination is the class (declared as
    /// Key-Value-Coding-compliant properties, as a working AppKit project does).
    var boundKeys: [String]
    /// A nib named after the class has it as its root view (loaded with `owner: nil`).
    var rootOfOwnNib: Bool
    /// A nib named after the class has it as File's Owner.
    var ownerOfOwnNib: Bool

    /// One profile per custom class of `model` with a name usable in code, in name order.
    static func profiles(of model: ProjectModel) -> [ClassProfile] {
        var inspectables: [String: Set<String>] = [:]
        for document in model.documents {
            for attribute in document.runtimeAttributes where !attribute.keyPath.contains(".") {
                if let name = document.objects[attribute.object].customClass { inspectables[name, default: []].insert(attribute.keyPath) }
            }
        }
        var boundKeys: [String: Set<String>] = [:]
        for document in model.documents {
            for binding in document.bindings {
                if let name = document.object(withID: binding.destination)?.customClass, let key = binding.firstKey {
                    boundKeys[name, default: []].insert(key)
                }
            }
        }
        return model.classes.values.filter { isIdentifier($0.runtimeName) }.sorted { $0.runtimeName < $1.runtimeName }.map { projectClass in
            let name = projectClass.runtimeName
            let references = projectClass.interfaceBuilderReferences
            let appKit = references.contains { model.document($0).platform == .macOS }
            let isOwnNib: (IBObjectReference) -> Bool = { NibCatalog.loadName(ofPath: model.document($0).path) == name }
            let outlets = model.connectionUsage.outletKeys(onKindOf: name).filter(isIdentifier)
            let declared = outlets.union(inspectables[name] ?? [])
            return ClassProfile(
                name: name,
                superclass: superclass(of: references.first.map { model.object($0) }, name: name, appKit: appKit),
                appKit: appKit,
                outlets: outlets.sorted(),
                actions: model.connectionUsage.actionSelectors(onKindOf: name).filter { isIdentifier($0.replacingOccurrences(of: ":", with: "")) }.sorted(),
                inspectables: (inspectables[name] ?? []).filter(isIdentifier).sorted(),
                boundKeys: (boundKeys[name] ?? []).filter { isIdentifier($0) && !declared.contains($0) }.sorted(),
                rootOfOwnNib: projectClass.rootViews.contains(where: isOwnNib),
                ownerOfOwnNib: projectClass.filesOwners.contains(where: isOwnNib))
        }
    }

    /// The platform class the Interface Builder element stands for.
    private static func superclass(of object: IBObject?, name: String, appKit: Bool) -> String {
        let element = object?.element ?? ""
        let prefix = appKit ? "NS" : "UI"
        if element.hasSuffix("ViewController") || element.hasSuffix("viewController") || name.hasSuffix("Controller") {
            return name.hasSuffix("WindowController") && appKit ? "NSWindowController" : "\(prefix)ViewController"
        }
        switch element {
        case "tableViewCell": return "UITableViewCell"
        case "collectionViewCell": return "UICollectionViewCell"
        case "collectionReusableView": return "UICollectionReusableView"
        case "tableCellView": return "NSTableCellView"
        case "button": return "\(prefix)Button"
        case "label": return appKit ? "NSTextField" : "UILabel"
        case "imageView": return "\(prefix)ImageView"
        case "customObject", "placeholder": return "NSObject"
        default: return "\(prefix)View"
        }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}
