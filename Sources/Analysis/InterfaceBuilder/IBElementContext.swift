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
    /// What an open `<mask>` inside a variation lists.
    var mask: IBVariationMask?
    /// Index of an enclosing non-default `<variation>` block (its constraints belong to
    /// that size class).
    var sizeClassVariation: Int?
    /// The object whose `<accessibility>` this element is.
    var accessibilityOwner: Int?
    var scene: Int?
    var inResources = false
}

/// The `key` of a `<mask>` in a size-class variation.
enum IBVariationMask {
    case constraints, subviews
}
