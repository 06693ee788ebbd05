/// A Cocoa binding (`<binding>` in an object's `<connections>`): at load time the nib
/// calls `bind(_:to:withKeyPath:options:)` on the object, which reads `keyPath` from the
/// destination with Key-Value Coding, so a key the destination lacks crashes the load.
public struct IBBinding: Sendable, Hashable {
    /// Position in `IBDocument.bindings`.
    public var index: Int
    public var id: String?
    /// The bound attribute of the object: `value`, `enabled`, `hidden`, `contentArray`…
    public var name: String
    /// Index of the object whose `<connections>` holds the binding (the bound object).
    public var object: Int
    /// The id of the object bound to: `-2` for File's Owner, a controller's id…
    public var destination: String
    /// As written, e.g. `self.representedObject.title` or `selection.name`.
    public var keyPath: String
    /// `previousBinding`: the binding Interface Builder chains this one after
    /// (`minValue` before `value`…).
    public var previousBinding: String?
    /// The `<dictionary key="options">` entries by key, e.g. `NSValueTransformerName` →
    /// `NSNegateBoolean`, `NSRaisesForNotApplicableKeys` → `NO`; values as written.
    public var options: [String: String]
    public var location: IBLocation

    public init(
        index: Int, id: String? = nil, name: String, object: Int, destination: String, keyPath: String,
        previousBinding: String? = nil, options: [String: String] = [:], location: IBLocation
    ) {
        self.index = index
        self.id = id
        self.name = name
        self.object = object
        self.destination = destination
        self.keyPath = keyPath
        self.previousBinding = previousBinding
        self.options = options
        self.location = location
    }

    /// The key Key-Value Coding asks the destination for first: the key path's first
    /// component after any leading `self.` (`self.user.name` → `user`); `self` when the
    /// key path is only `self`, `nil` when it is empty.
    public var firstKey: String? {
        var path = Substring(keyPath)
        while path.hasPrefix("self.") { path = path.dropFirst(5) }
        let first = path.prefix { $0 != "." }
        return first.isEmpty ? nil : String(first)
    }
}
