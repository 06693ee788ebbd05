/// A UIKit call that names a storyboard, a storyboard identifier, a segue or a reuse
/// identifier with a string literal: what must exist in the Interface Builder files.
public struct LiteralCallSite: Sendable, Equatable, Codable {
    /// Which API the literal was passed to.
    public enum Kind: String, Codable, Sendable {
        case storyboardName = "storyboard-name"
        case storyboardIdentifier = "storyboard-identifier"
        case segueIdentifier = "segue-identifier"
        case registerClass = "register-class"
        case registerNib = "register-nib"
        case dequeue
    }

    /// What kind of reusable view a registration or dequeue concerns.
    public enum Reusable: String, Codable, Sendable {
        case tableCell = "table-cell", collectionCell = "collection-cell"
        case headerFooter = "header-footer", supplementary
    }

    /// Which storyboard an `instantiateViewController(withIdentifier:)` is sent to.
    public enum StoryboardReceiver: Sendable, Equatable, Codable {
        /// `UIStoryboard(name: "X")`, inline or through a local variable.
        case named(String)
        /// The calling controller's own `storyboard` (no local of that name shadows it).
        case own
        /// Another object's storyboard (`other.storyboard`) or an expression the file does not show.
        case other
    }

    public var kind: Kind
    public var value: String
    public var reusable: Reusable?
    public var location: SourceLocation
    public var language: SourceLanguage
    public var context: SourceContext
    /// For a storyboard identifier: the storyboard the call is sent to.
    public var storyboard: StoryboardReceiver?

    public init(kind: Kind, value: String, reusable: Reusable?, location: SourceLocation, language: SourceLanguage,
                context: SourceContext, storyboard: StoryboardReceiver? = nil) {
        self.kind = kind
        self.value = value
        self.reusable = reusable
        self.location = location
        self.language = language
        self.context = context
        self.storyboard = storyboard
    }
}
