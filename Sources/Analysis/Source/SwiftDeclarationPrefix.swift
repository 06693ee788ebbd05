/// Attributes and modifiers seen before a Swift declaration, kept without hashing: a short
/// list of attributes and a bit per modifier the declaration parser asks about.
struct SwiftDeclarationPrefix {
    /// The modifiers that change what is indexed; other modifiers are skipped.
    struct Modifiers: OptionSet {
        let rawValue: UInt8

        static let typeMember = Modifiers(rawValue: 1 << 0)  // `static` or `class`
        static let override = Modifiers(rawValue: 1 << 1)
        static let weak = Modifiers(rawValue: 1 << 2)
        static let unowned = Modifiers(rawValue: 1 << 3)
        static let lazy = Modifiers(rawValue: 1 << 4)
        static let dynamic = Modifiers(rawValue: 1 << 5)
        /// `private` or `fileprivate`: visible in its file only (at most).
        static let filePrivate = Modifiers(rawValue: 1 << 6)

        /// The modifier a keyword token stands for (none for the others).
        init(token: SourceToken, in stream: TokenStream) {
            if stream.isText(token, "static") { self = .typeMember }
            else if stream.isText(token, "override") { self = .override }
            else if stream.isText(token, "weak") { self = .weak }
            else if stream.isText(token, "unowned") { self = .unowned }
            else if stream.isText(token, "lazy") { self = .lazy }
            else if stream.isText(token, "dynamic") { self = .dynamic }
            else if stream.isText(token, "private") || stream.isText(token, "fileprivate") { self = .filePrivate }
            else { self = [] }
        }

        init(rawValue: UInt8) { self.rawValue = rawValue }
    }

    /// `@name(argument)` in source order; when a name repeats, the last one counts.
    private var attributes: [(name: String, argument: String)] = []
    var modifiers: Modifiers = []

    /// The argument of `@name` ("" without parentheses), `nil` when absent.
    func attribute(_ name: String) -> String? {
        attributes.last { $0.name == name }?.argument
    }

    func has(_ name: String) -> Bool { attribute(name) != nil }

    mutating func addAttribute(_ name: String, argument: String) {
        attributes.append((name, argument))
    }
}
