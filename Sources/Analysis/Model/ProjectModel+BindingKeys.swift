/// What Key-Value Coding finds when a Cocoa binding asks a class for a key:
/// `valueForKey:` looks for a getter (`key`, `getKey`, `isKey`, `_key`), then an instance
/// variable (`_key`, `_isKey`, `key`, `isKey`), then calls `valueForUndefinedKey:`, whose
/// default raises `NSUnknownKeyException`.
public enum BindingKeyLookup: Sendable, Equatable {
    /// Found, or the analysis cannot be sure it is missing.
    case found
    /// Neither the class, its project superclasses nor the platform classes above them
    /// provide the key.
    case missing
    /// A Swift property the Objective-C runtime cannot see (no `@objc`, `dynamic`,
    /// `@IBOutlet`, `@IBInspectable`, `@NSManaged`, `@objcMembers`).
    case notVisibleToObjectiveC(SourceProperty)
}

extension ProjectModel {
    /// Platform classes whose every Key-Value Coding key (public properties and argument-less
    /// methods) is listed in `platformBindingKeys`: only below these can a missing key be
    /// proven. Views, documents and controls answer too many keys to list.
    private static let platformBindingKeys: [String: Set<String>] = [
        "NSObject": [
            "self", "class", "superclass", "description", "debugDescription", "hash", "isProxy", "zone", "retainCount",
            "retain", "release", "autorelease", "copy", "mutableCopy", "init", "dealloc", "finalize", "classForCoder",
            "classForKeyedArchiver", "classForArchiver", "classForPortCoder", "autoContentAccessingProxy",
            "observationInfo", "exposedBindings", "className", "classDescription", "attributeKeys",
            "toOneRelationshipKeys", "toManyRelationshipKeys", "classCode", "scriptingProperties", "objectSpecifier",
            "awakeFromNib", "prepareForInterfaceBuilder", "commitEditing", "discardEditing",
        ],
        "NSResponder": [
            "nextResponder", "acceptsFirstResponder", "becomeFirstResponder", "resignFirstResponder", "menu",
            "undoManager", "touchBar", "makeTouchBar", "userActivity", "interfaceStyle", "flushBufferedKeyEvents",
            "invalidateRestorableState",
        ],
        "NSViewController": [
            "view", "nibName", "nibBundle", "representedObject", "title", "viewIfLoaded", "isViewLoaded",
            "preferredContentSize", "preferredScreenOrigin", "preferredMinimumSize", "preferredMaximumSize",
            "sourceItemView", "storyboard", "parentViewController", "childViewControllers", "presentedViewControllers",
            "presentingViewController", "extensionContext", "identifier", "loadView", "viewDidLoad", "viewWillAppear",
            "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "updateViewConstraints", "viewWillLayout",
            "viewDidLayout", "removeFromParentViewController", "loadViewIfNeeded",
        ],
        "NSWindowController": [
            "window", "document", "owner", "windowNibName", "windowNibPath", "windowFrameAutosaveName",
            "shouldCascadeWindows", "shouldCloseDocument", "isWindowLoaded", "contentViewController", "storyboard",
            "windowDidLoad", "windowWillLoad", "loadWindow", "close", "synchronizeWindowTitleWithDocumentName",
            "previewRepresentableActivityItems",
        ],
    ]

    /// How a binding's first `key` resolves on the project class IB calls `runtimeName`.
    /// `.found` whenever the analysis cannot be sure: collection operators (`@count`),
    /// private-looking keys (`_x`), classes from dependencies, platform classes other
    /// than `NSObject`, `NSResponder`, `NSViewController` and `NSWindowController` in
    /// the lineage, and classes that override `valueForUndefinedKey:`.
    public func bindingKeyLookup(_ key: String, runtimeName: String) -> BindingKeyLookup {
        guard !key.isEmpty, !key.hasPrefix("@"), !key.hasPrefix("_"), !key.hasPrefix("accessibility"),
              let members = checkableMembers(of: runtimeName) else { return .found }
        let lineage = lineage(of: runtimeName)
        let projectTypes = lineage.compactMap { name in declaration(of: name).flatMap { $0.hasPrimaryDeclaration ? $0 : nil } }
        let platformNames = lineage.filter { declaration(of: $0)?.hasPrimaryDeclaration != true }.map(Self.unqualified)
        guard !members.answersSelector("valueForUndefinedKey:"),
              platformNames.allSatisfy({ Self.platformBindingKeys[$0] != nil }) else { return .found }
        let getters = Self.getterNames(for: key)
        let platformKeys = platformNames.compactMap { Self.platformBindingKeys[$0] }
        if platformKeys.contains(where: { !$0.isDisjoint(with: getters) }) || getters.contains(where: members.answersSelector) {
            return .found
        }
        guard members.answersKey(key) else { return .missing }
        return swiftOnlyProperty(named: getters, in: projectTypes).map { .notVisibleToObjectiveC($0) } ?? .found
    }

    /// The names `valueForKey:` tries for `key`, as getters and instance variables.
    private static func getterNames(for key: String) -> Set<String> {
        let capitalized = key.prefix(1).uppercased() + key.dropFirst()
        return [key, "get" + capitalized, "is" + capitalized, "_" + key, "_is" + capitalized]
    }

    /// The Swift property answering the key when every declaration of it is hidden from
    /// the Objective-C runtime; `nil` when any is visible (or an outlet or protocol
    /// requirement), and when a Swift class of the lineage may be `@objcMembers` (which
    /// subclasses inherit; the index only sees it where it is written): one whose every
    /// property is visible.
    private func swiftOnlyProperty(named names: Set<String>, in types: [SourceType]) -> SourceProperty? {
        let properties = types.flatMap(\.properties).filter { names.contains($0.name) }
        guard let hidden = properties.first, properties.allSatisfy({ $0.location.path.hasSuffix(".swift") && !$0.isObjCVisible }),
              !types.contains(where: { $0.outlets.contains { names.contains($0.name) } }),
              !types.contains(where: { conformanceDeclares(names, $0) }) else { return nil }
        let swiftClasses = types.filter { $0.declarations.contains { $0.path.hasSuffix(".swift") } }
        let mayExposeAll = swiftClasses.contains { type in type.properties.allSatisfy(\.isObjCVisible) }
        return mayExposeAll ? nil : hidden
    }

    /// Whether a protocol `type` conforms to declares one of `names` (an `@objc` protocol's
    /// requirement makes the implementation visible).
    private func conformanceDeclares(_ names: Set<String>, _ type: SourceType) -> Bool {
        type.conformances.contains { conformance in
            sourceType(named: conformance)?.properties.contains { names.contains($0.name) } == true
        }
    }
}
