/// One class as the whole project sees it: its declaration in source (when the project
/// has one) joined with every Interface Builder element that names it.
public struct ProjectClass: Sendable {
    /// The name in source, or the Interface Builder name when there is no declaration.
    public var name: String
    /// The Objective-C runtime name Interface Builder's `customClass` holds (`@objc(Name)`).
    public var runtimeName: String
    /// The merged declaration, extensions and categories; `nil` when no source declares it.
    public var type: SourceType?
    /// Top-level objects of xibs whose class this is (the nib hands back an instance).
    public var rootViews: [IBObjectReference] = []
    /// File's Owner placeholders of xibs whose class this is.
    public var filesOwners: [IBObjectReference] = []
    /// Every other element of a xib or storyboard whose class this is.
    public var placements: [IBObjectReference] = []

    public init(name: String, runtimeName: String, type: SourceType?) {
        self.name = name
        self.runtimeName = runtimeName
        self.type = type
    }

    /// Every Interface Builder element naming the class, in document order.
    public var interfaceBuilderReferences: [IBObjectReference] {
        (rootViews + filesOwners + placements).sorted()
    }
}
