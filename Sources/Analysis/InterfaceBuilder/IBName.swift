/// The element and attribute names the Interface Builder reader acts on. The reader maps
/// libxml2's interned name pointers to these once per document, so recognising a name is
/// a pointer lookup rather than a string comparison.
enum IBName: String, CaseIterable {
    // Document structure.
    case document, archive, objects, scenes, scene, resources
    case subviews, constraints, constraint, connections, variation, mask, include, exclude
    case outlet, outletCollection, action, segue, binding
    case userDefinedRuntimeAttributes, userDefinedRuntimeAttribute
    case rect, autoresizingMask, color, accessibility, bool, state
    case placeholder, customObject, exit, viewControllerPlaceholder, controllerPlaceholder
    // Attributes.
    case id, key, type, version, toolsVersion, targetRuntime, useAutolayout, initialViewController
    case customClass, customModule, customModuleProvider, userLabel, placeholderIdentifier, sceneMemberID
    case sceneID, storyboardIdentifier, reuseIdentifier, storyboardName, referencedIdentifier, bundleIdentifier
    case translatesAutoresizingMaskIntoConstraints, misplaced, ambiguous, verifyAmbiguity
    case hidden, alpha, tag, clipsSubviews, userInteractionEnabled, contentMode, enabled
    case axis, orientation, distribution, alignment, style, rowHeight, textLabel, detailTextLabel, imageView
    case label, identifier, hint, isElement, value, reference
    case x, y, width, height, text, title, image
    case flexibleMinX, widthSizable, flexibleMaxX, flexibleMinY, heightSizable, flexibleMaxY
    case firstItem, firstAttribute, secondItem, secondAttribute, relation, multiplier, constant, priority
    case property, selector, destination, target, eventType, collectionClass, kind, relationship
    case keyPath, name, previousBinding
    // Legacy archives.
    case `class`, ref, string, object, array, dictionary, int
}
