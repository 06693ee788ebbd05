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
    // Stored in 32 bits (a token is 20 bytes, not 40: the arrays of a file's tokens are the
    // indexer's largest allocation and every pass reads them). ``SourceFileIndexer`` takes
    // no file of 4 GiB or more, so every offset, line and column fits.
    private var storedStart: UInt32
    private var storedLength: UInt32
    private var storedLine: UInt32
    private var storedColumn: UInt32

    init(kind: Kind, isASCII: Bool, start: Int, length: Int, line: Int, column: Int) {
        self.kind = kind
        self.isASCII = isASCII
        // Unchecked: every value is a byte offset or count within text of fewer than
        // `maximumFileBytes` bytes (the tokenizer takes no larger text), and this runs for
        // every token.
        storedStart = UInt32(truncatingIfNeeded: start)
        storedLength = UInt32(truncatingIfNeeded: length)
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
    }

    /// Byte offset of the first byte in the file.
    var start: Int { Int(storedStart) }
    var length: Int { Int(storedLength) }
    var line: Int { Int(storedLine) }
    var column: Int { Int(storedColumn) }

    var end: Int { start + length }
    var isIdentifier: Bool { kind == .identifier }

    /// The largest file whose tokens fit the 32-bit fields.
    static let maximumFileBytes = Int(UInt32.max)
}
