/// One lexical token of a Swift or Objective-C file: its kind, its bytes in the file (the
/// text is read through ``TokenStream`` only where it is needed), and its 1-based line and
/// byte column. A plain value without references, so token arrays cost no reference counting.
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
    /// All bytes below 0x80: the text is the bytes themselves and compares bytewise.
    var isASCII: Bool
    /// Byte offset of the first byte in the file.
    var start: Int
    var length: Int
    var line: Int
    var column: Int

    var end: Int { start + length }
    var isIdentifier: Bool { kind == .identifier }
}
