/// What the reader knows about one open element while streaming: which model entry it
/// produced and what its descendants inherit (enclosing object, scene, size class).
struct IBElementContext {
    /// The recognised name, `nil` for names the model ignores.
    var name: IBName?
    /// Index of the object this element is, when it is one.
    var object: Int?
    /// Nearest object at or above this element.
    var enclosingObject: Int?
    /// Index of the constraint this element is, when it is one.
    var constraint: Int?
    /// Index of the size-class variation this element is (or lies in).
    var variation: Int?
    /// The `key` of an open `<mask>` inside a variation.
    var maskKey: String?
    /// Size class of an enclosing non-default `<variation>` block.
    var variationKey: String?
    /// The object whose `<accessibility>` this element is.
    var accessibilityOwner: Int?
    var scene: Int?
    var inResources = false
}
