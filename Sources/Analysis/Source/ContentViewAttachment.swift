/// A view loaded from a nib (or an outlet filled by one) added as a subview of `self`
/// (files-owner style), and whether it will follow its container's size.
public struct ContentViewAttachment: Sendable, Equatable, Codable {
    /// How the attached view is laid out in its container.
    public enum Layout: String, Codable, Sendable {
        /// `frame = bounds` plus flexible width and height.
        case frameAndAutoresizing = "frame-and-autoresizing"
        /// Only `frame = bounds` (does not follow later size changes).
        case frameOnly = "frame-only"
        /// Only flexible width/height autoresizing.
        case autoresizingOnly = "autoresizing-only"
        /// Pinned with constraints, anchors, VFL or a pinning helper.
        case constraints
        case none
    }

    /// The expression passed to `addSubview` (`contentView`, `self.contentView`, `view`).
    public var viewExpression: String
    public var layout: Layout
    /// The pinning helper (`pinEdges`, `fillSuperview`) when one was used.
    public var pinningHelper: String?
    public var location: SourceLocation
    public var language: SourceLanguage
    public var context: SourceContext
}

/// An Objective-C `self = …` assignment inside `initWithCoder:`/`initWithFrame:` (or the
/// Swift equivalent is impossible): replacing `self` with a nib-loaded object.
public struct SelfAssignment: Sendable, Equatable, Codable {
    /// What `self` is assigned.
    public enum Source: Sendable, Equatable, Codable {
        /// `[super initWith…]`: ordinary initialisation, listed for completeness.
        case superInit
        /// A nib load directly.
        case nibLoad
        /// A class factory of the project that loads a nib (`[[self class] view]`).
        case factory(String)
        case other
    }

    public var expression: String
    public var source: Source
    public var location: SourceLocation
    public var context: SourceContext
}
