/// A storyboard `<scene>`: one view controller and its siblings (first responder, exit,
/// gesture recognizers…), plus where its references to other storyboards point.
public struct IBScene: Sendable, Hashable {
    public var sceneID: String
    /// Indices of the scene's top-level objects (children of its `<objects>`), in order.
    public var objects: [Int]
    /// Index of the scene's view controller (or storyboard reference), when it has one.
    public var viewController: Int?
    public var location: IBLocation
    public init(sceneID: String, objects: [Int] = [], viewController: Int? = nil, location: IBLocation) {
        self.sceneID = sceneID
        self.objects = objects
        self.viewController = viewController
        self.location = location
    }
}

/// A storyboard reference (`viewControllerPlaceholder`, AppKit/WatchKit
/// `controllerPlaceholder`): segues to it load another
/// storyboard (or another scene of this one) by name and identifier at runtime.
public struct IBStoryboardReference: Sendable, Hashable {
    /// Index of the placeholder object.
    public var object: Int
    /// `storyboardName`; `nil` means the same storyboard.
    public var storyboardName: String?
    /// `referencedIdentifier`; `nil` means the target's initial view controller.
    public var referencedIdentifier: String?
    /// `bundleIdentifier`, when the storyboard lives in another bundle.
    public var bundleIdentifier: String?
    public init(object: Int, storyboardName: String? = nil, referencedIdentifier: String? = nil, bundleIdentifier: String? = nil) {
        self.object = object
        self.storyboardName = storyboardName
        self.referencedIdentifier = referencedIdentifier
        self.bundleIdentifier = bundleIdentifier
    }
}
