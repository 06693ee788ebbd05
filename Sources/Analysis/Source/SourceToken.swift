/// One lexical token of a Swift or Objective-C file, with its 1-based line and byte column.
struct SourceToken: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        case identifier
        /// `@objc`, `@IBOutlet`, `@interface`, `@end`, `@property`, `@selector`…
        case attribute
        /// Swift `#if`, `#else`, `#selector`…; an Objective-C preprocessor line as a whole.
        case directive
        /// A string literal, raw text including quotes, `@`, `#` delimiters.
        case string
        case character
        case number
        /// Punctuation and operators (`==`, `!=`, `->`, `??`, `&&`, `||`, `<=`, `>=`
        /// are one token; every other operator character is its own token).
        case punctuation
    }

    var kind: Kind
    var text: String
    var line: Int
    var column: Int

    func `is`(_ value: String) -> Bool { text == value }
    var isIdentifier: Bool { kind == .identifier }
}
