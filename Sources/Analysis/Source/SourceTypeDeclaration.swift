/// One type declaration exactly as written in one file: a Swift class/struct/enum/protocol
/// or extension, or an Objective-C `@interface`, class extension, category or
/// `@implementation`. Members are those written inside this declaration only; the merged
/// view per type is ``SourceType``.
public struct SourceTypeDeclaration: Sendable, Equatable, Codable {
    /// What kind of declaration this is.
    public enum Kind: String, Codable, Sendable {
        case `class`, `struct`, `enum`, `protocol`, `extension`, actor
        /// Objective-C `@interface X : Super`.
        case interface
        /// Objective-C `@interface X ()`.
        case classExtension = "class-extension"
        /// Objective-C `@interface X (Cat)` or `@implementation X (Cat)`.
        case category
        /// Objective-C `@implementation X`.
        case implementation
    }

    public var kind: Kind
    public var language: SourceLanguage
    /// Qualified name (`Outer.Inner`); for an extension the extended name as written
    /// (typealiases are resolved in ``SourceType``).
    public var name: String
    public var location: SourceLocation
    /// The first inherited name of a Swift class when it is not a known protocol, or the
    /// Objective-C superclass.
    public var superclass: String?
    /// Protocols (Swift inheritance clause after the superclass, Objective-C `<P, Q>`).
    public var conformances: [String]
    /// `@objc(Name)` runtime name of a Swift class.
    public var runtimeName: String?
    /// Generic parameter names of `class Box<T>`.
    public var genericParameters: [String]
    /// Objective-C category name (`LoadNib` in `@interface UIView (LoadNib)`).
    public var categoryName: String?
    /// `where Self: UIView` (or `Self == X`) constraint of a protocol extension.
    public var selfConstraint: String?
    /// `@IBDesignable` / `IB_DESIGNABLE`.
    public var isDesignable: Bool
    public var outlets: [SourceOutlet]
    public var actions: [SourceAction]
    public var properties: [SourceProperty]
    public var methods: [SourceMethod]
}

/// The merged knowledge about one type name across all its declarations, extensions and
/// categories in the project: what rules ask when they check an Interface Builder
/// reference against code.
public struct SourceType: Sendable, Equatable, Codable {
    public var name: String
    /// Languages the type is declared in (a class may be Swift with an Objective-C category).
    public var language: SourceLanguage
    /// Is it a class (can be a `customClass`), as opposed to a struct, enum or protocol?
    public var isClass: Bool
    public var isProtocol: Bool
    /// The primary declaration (class/interface/implementation), else the first extension.
    public var location: SourceLocation
    public var superclass: String?
    /// Every conformance from the declaration, extensions (also of typealiases),
    /// categories and class extensions, sorted and unique.
    public var conformances: [String]
    public var runtimeName: String?
    public var genericParameters: [String]
    public var isDesignable: Bool
    /// `false` when the project only extends the type (a `UIView` extension or category).
    public var hasPrimaryDeclaration: Bool = false
    /// Whether several primary declarations of this name give different superclasses: the
    /// same class name in two targets (an iOS and a macOS app). Their members are merged
    /// under one superclass, a lineage that is neither class's.
    public var hasConflictingSuperclasses: Bool = false
    /// Locations of every declaration contributing to this type.
    public var declarations: [SourceLocation]
    public var outlets: [SourceOutlet]
    public var actions: [SourceAction]
    public var properties: [SourceProperty]
    public var methods: [SourceMethod]
}
