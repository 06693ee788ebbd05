/// One entry of an object's `<connections>` (or a legacy `IBConnectionRecord`): the
/// links a nib establishes at load time and that crash when code disagrees.
public struct IBConnection: Sendable, Hashable {
    /// The connection element.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case outlet, outletCollection, action, segue
    }

    /// Position in `IBDocument.connections`.
    public var index: Int
    public var kind: Kind
    public var id: String?
    /// Index of the object whose `<connections>` holds it (for legacy archives: the
    /// record's `source`), `nil` when that object is unknown.
    public var source: Int?
    /// The source object's id.
    public var sourceID: String
    /// Outlet and outlet collection property name.
    public var property: String?
    /// Action selector, e.g. `tap:`.
    public var selector: String?
    /// `destination`, or Cocoa's `target` for actions.
    public var destination: String?
    /// Action `eventType`, e.g. `touchUpInside`.
    public var eventType: String?
    /// Outlet collection `collectionClass`, e.g. `NSMutableArray`.
    public var collectionClass: String?
    /// Segue `identifier`.
    public var identifier: String?
    /// Segue `kind` (`show`, `presentation`, `relationship`, `embed`…).
    public var segueKind: String?
    /// Segue `relationship` (e.g. `rootViewController`).
    public var relationship: String?
    /// A custom segue's `customClass`, `customModule` and `customModuleProvider`: the class
    /// UIKit instantiates when the segue is performed.
    public var customClass: String?
    public var customModule: String?
    public var customModuleProvider: String?
    public var location: IBLocation

    public init(
        index: Int, kind: Kind, id: String? = nil, source: Int?, sourceID: String,
        property: String? = nil, selector: String? = nil, destination: String? = nil,
        eventType: String? = nil, collectionClass: String? = nil, identifier: String? = nil,
        segueKind: String? = nil, relationship: String? = nil, location: IBLocation
    ) {
        self.index = index
        self.kind = kind
        self.id = id
        self.source = source
        self.sourceID = sourceID
        self.property = property
        self.selector = selector
        self.destination = destination
        self.eventType = eventType
        self.collectionClass = collectionClass
        self.identifier = identifier
        self.segueKind = segueKind
        self.relationship = relationship
        self.location = location
    }
}

/// A `<userDefinedRuntimeAttribute>`: set with `setValue(_:forKeyPath:)` after the object
/// is decoded (so after `awakeAfter(using:)`), and a KVC crash when the key is unknown.
public struct IBRuntimeAttribute: Sendable, Hashable {
    public var keyPath: String
    /// `type` as written: `boolean`, `number`, `string`, `color`, `image`…
    public var type: String?
    /// The value attribute as written, when it is an attribute (`value="YES"`).
    public var value: String?
    /// Index of the object that owns the attribute.
    public var object: Int
    public var location: IBLocation
    public init(keyPath: String, type: String? = nil, value: String? = nil, object: Int, location: IBLocation) {
        self.keyPath = keyPath
        self.type = type
        self.value = value
        self.object = object
        self.location = location
    }
}
