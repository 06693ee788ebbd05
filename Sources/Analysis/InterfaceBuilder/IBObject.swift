/// One object Interface Builder archives: a view, control, view controller, placeholder,
/// custom object, cell, bar item, window, layout guide… Anything in the object tree that
/// carries an `id`. Connections, constraints and scenes have their own types.
public struct IBObject: Sendable, Hashable {
    /// Position in `IBDocument.objects`.
    public var index: Int
    /// The element name (`view`, `tableViewCell`, `placeholder`, `customObject`…); for
    /// legacy archives the archived class (`IBUIView`, `NSCustomObject`…).
    public var element: String
    public var id: String
    /// The `key` attribute: `view` for a view controller's root view, `contentView` for a
    /// cell's content view, `cell` for an NSControl's cell…
    public var key: String?
    public var customClass: String?
    public var customModule: String?
    /// `target` when the module is the one the file is built into.
    public var customModuleProvider: String?
    public var userLabel: String?
    /// The placeholder role: `IBFilesOwner`/`IBFirstResponder` (iOS `placeholder`), the
    /// Cocoa `customObject` ids -2/-1/-3, storyboard `exit`.
    public var placeholder: IBPlaceholderRole?
    /// Storyboard `sceneMemberID`: `viewController` for a scene's controller (or
    /// reference, or macOS application), `firstResponder`, `exit`.
    public var sceneMemberID: String?
    /// Storyboard `storyboardIdentifier` of a view controller.
    public var storyboardIdentifier: String?
    /// `reuseIdentifier` of a table/collection view cell or reusable view.
    public var reuseIdentifier: String?
    public var location: IBLocation
    /// Index of the nearest enclosing object, `nil` for top-level objects.
    public var parent: Int?
    /// Indices of the objects in this object's `<subviews>`, in order.
    public var subviews: [Int]
    /// Indices of every object whose `parent` is this one (subviews, cells, items…).
    public var children: [Int]
    /// `<rect key="frame">`.
    public var frame: IBRect?
    /// `<autoresizingMask key="autoresizingMask">`; `nil` when the element has none.
    public var autoresizingMask: IBAutoresizingMask?
    /// `translatesAutoresizingMaskIntoConstraints`; `nil` when not written (IB's default
    /// is then `YES` unless the view has constraints).
    public var translatesAutoresizingMaskIntoConstraints: Bool?
    public var misplaced: Bool
    public var ambiguous: Bool
    /// `verifyAmbiguity` (e.g. `ignoreSizes`): the author silenced ambiguity checks.
    public var verifyAmbiguity: String?
    /// Attributes a placement sets on the instance (hidden, alpha, colours…).
    public var attributes: IBViewAttributes
    /// Index of the storyboard scene holding the object.
    public var scene: Int?
    /// Stack axis and table row height, for the containers that have them.
    public var layout = IBLayoutAttributes()
    /// The text Interface Builder shows on the element: a label's or field's `text`, a
    /// button's normal-state or a cell's `title`, a field's `placeholder`. For pictures only.
    public var text: String?
    /// The `image` a view shows (an image view's, a button's normal state), by name.
    public var imageName: String?

    public init(
        index: Int, element: String, id: String, key: String? = nil,
        customClass: String? = nil, customModule: String? = nil, customModuleProvider: String? = nil,
        userLabel: String? = nil, placeholder: IBPlaceholderRole? = nil, sceneMemberID: String? = nil,
        storyboardIdentifier: String? = nil, reuseIdentifier: String? = nil,
        location: IBLocation, parent: Int? = nil, subviews: [Int] = [], children: [Int] = [],
        frame: IBRect? = nil, autoresizingMask: IBAutoresizingMask? = nil,
        translatesAutoresizingMaskIntoConstraints: Bool? = nil,
        misplaced: Bool = false, ambiguous: Bool = false, verifyAmbiguity: String? = nil,
        attributes: IBViewAttributes = IBViewAttributes(), scene: Int? = nil
    ) {
        self.index = index
        self.element = element
        self.id = id
        self.key = key
        self.customClass = customClass
        self.customModule = customModule
        self.customModuleProvider = customModuleProvider
        self.userLabel = userLabel
        self.placeholder = placeholder
        self.sceneMemberID = sceneMemberID
        self.storyboardIdentifier = storyboardIdentifier
        self.reuseIdentifier = reuseIdentifier
        self.location = location
        self.parent = parent
        self.subviews = subviews
        self.children = children
        self.frame = frame
        self.autoresizingMask = autoresizingMask
        self.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints
        self.misplaced = misplaced
        self.ambiguous = ambiguous
        self.verifyAmbiguity = verifyAmbiguity
        self.attributes = attributes
        self.scene = scene
    }
}

/// What a placeholder stands for at load time: the owner passed to `loadNibNamed`, the
/// responder chain, the application, a storyboard unwind exit.
public enum IBPlaceholderRole: Sendable, Hashable {
    case filesOwner
    case firstResponder
    case application
    case exit
    /// Any other `placeholderIdentifier` (e.g. `IBNextResponder`).
    case other(String)

    /// The role an iOS `placeholderIdentifier` value names.
    public init(placeholderIdentifier: String) {
        switch placeholderIdentifier {
        case "IBFilesOwner": self = .filesOwner
        case "IBFirstResponder": self = .firstResponder
        case "IBApplication": self = .application
        default: self = .other(placeholderIdentifier)
        }
    }
}

/// A `<rect>` in points.
public struct IBRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The flags of `<autoresizingMask>`, named as Interface Builder writes them.
public struct IBAutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let flexibleMinX = IBAutoresizingMask(rawValue: 1 << 0)
    public static let widthSizable = IBAutoresizingMask(rawValue: 1 << 1)
    public static let flexibleMaxX = IBAutoresizingMask(rawValue: 1 << 2)
    public static let flexibleMinY = IBAutoresizingMask(rawValue: 1 << 3)
    public static let heightSizable = IBAutoresizingMask(rawValue: 1 << 4)
    public static let flexibleMaxY = IBAutoresizingMask(rawValue: 1 << 5)
}

/// The plain attributes a placement sets on its instance; a substitution in
/// `awakeAfter(using:)` loses every one it does not copy. `nil` means "not written".
public struct IBViewAttributes: Sendable, Hashable {
    public var hidden: Bool?
    public var alpha: Double?
    public var tag: Int?
    public var clipsSubviews: Bool?
    public var userInteractionEnabled: Bool?
    public var contentMode: String?
    /// A control's `enabled`: `false` when Interface Builder left it disabled.
    public var enabled: Bool?
    /// Keys of the `<color key="...">` children, e.g. `backgroundColor`, `tintColor`.
    public var colorKeys: [String]
    public var accessibility: IBAccessibility?
    public init(
        hidden: Bool? = nil, alpha: Double? = nil, tag: Int? = nil, clipsSubviews: Bool? = nil,
        userInteractionEnabled: Bool? = nil, contentMode: String? = nil, colorKeys: [String] = [],
        accessibility: IBAccessibility? = nil
    ) {
        self.hidden = hidden
        self.alpha = alpha
        self.tag = tag
        self.clipsSubviews = clipsSubviews
        self.userInteractionEnabled = userInteractionEnabled
        self.contentMode = contentMode
        self.colorKeys = colorKeys
        self.accessibility = accessibility
    }
}

/// `<accessibility key="accessibilityConfiguration">` (and `isElement`) of an object.
public struct IBAccessibility: Sendable, Hashable {
    public var isElement: Bool?
    public var label: String?
    public var identifier: String?
    public var hint: String?
    public init(isElement: Bool? = nil, label: String? = nil, identifier: String? = nil, hint: String? = nil) {
        self.isElement = isElement
        self.label = label
        self.identifier = identifier
        self.hint = hint
    }
}
