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

    public var kind: Kind
    public var value: String
    public var reusable: Reusable?
    public var location: SourceLocation
    public var language: SourceLanguage
    public var context: SourceContext
}
