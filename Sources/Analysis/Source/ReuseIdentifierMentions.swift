/// Where one file names a reuse identifier, and in what role: inside a registration
/// (`register(…, forCellReuseIdentifier: Cells.photo.rawValue)`, `[table registerNib:…]`),
/// in the declaration of its name or value (`case photo = "PhotoCell"`, `class PhotoCell`),
/// or anywhere else, where it may feed a dequeue (`.identifier(Cells.photo)`, `"PhotoCell"`,
/// `PhotoCell.self`). A registered nib is made only when its identifier is dequeued, and a
/// dequeue can only ask for an identifier some code names.
struct ReuseIdentifierMentions {
    enum Role: Equatable {
        case registration, declaration, use
    }

    /// The 1-based lines and roles of the mentions, in file order.
    private(set) var mentions: [(line: Int, role: Role)] = []

    /// The mentions in `stream` of the identifier tokens `names` and of the string literal
    /// spelling `value`.
    init(_ stream: TokenStream, names: Set<String>, value: String?) {
        for index in 0..<stream.count {
            let token = stream[index]
            let named = token.isIdentifier && names.contains(stream.text(index))
            let spelled = token.kind == .string && value != nil && Self.contents(of: stream.text(index)) == value
            guard named || spelled else { continue }
            let role: Role = Self.isInRegistration(index, stream) ? .registration
                : (named ? Self.isDeclaredName(index, stream) : Self.isDeclaredValue(index, stream)) ? .declaration : .use
            mentions.append((token.line, role))
        }
    }

    /// The text of a string literal without its quotes (`"x"`, `@"x"`); `nil` for one with
    /// escapes or interpolation, which a plain identifier never needs.
    static func contents(of literal: String) -> String? {
        var text = Substring(literal)
        if text.hasPrefix("@") { text = text.dropFirst() }
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
        let inner = text.dropFirst().dropLast()
        return inner.contains("\\") ? nil : String(inner)
    }

    /// Whether the token at `index` lies in the arguments of a call whose name starts with
    /// `register` (Swift `register(…)`, Objective-C `[x registerNib:… forCellReuseIdentifier:…]`).
    private static func isInRegistration(_ index: Int, _ stream: TokenStream) -> Bool {
        var position = index - 1
        while position >= 0 {
            let partner = stream.partner[position]
            if partner >= 0, partner < position {  // a closer: skip its group
                position = partner - 1
                continue
            }
            if stream.isText(position, "{") { return false }
            if stream.isText(position, "(") {
                if position > 0, stream[position - 1].isIdentifier, stream.hasPrefix(stream[position - 1], "register") { return true }
            } else if stream.isText(position, "[") {
                var inner = position + 1
                let end = min(stream.partner[position], stream.count)
                while inner < end {
                    if stream[inner].isIdentifier, stream.hasPrefix(stream[inner], "register"), stream.isText(inner + 1, ":") { return true }
                    inner = stream.after(inner)
                }
            }
            position -= 1
        }
        return false
    }

    private static let declarationKeywords: Set<String> = ["case", "let", "var", "class", "struct", "enum", "extension", "protocol",
                                                           "typealias", "@interface", "@implementation", "@class", "const"]

    /// Whether the name at `index` is being declared: `case photo`, `case a, photo`,
    /// `let photo`, `class PhotoCell`, `@interface PhotoCell`, `NSString *const PhotoID`.
    private static func isDeclaredName(_ index: Int, _ stream: TokenStream) -> Bool {
        guard index > 0 else { return false }
        if declarationKeywords.contains(stream.text(index - 1)) { return true }
        // A later case of a list: `case a = "a", photo = "p"`.
        var position = index - 1
        while position >= 0, stream.isText(position, ","), position >= 1 {
            var previous = position - 1
            if stream[previous].kind == .string, stream.isText(previous - 1, "=") { previous -= 2 }
            guard previous >= 0, stream[previous].isIdentifier else { return false }
            if stream.isText(previous - 1, "case") { return true }
            position = previous - 1
        }
        return false
    }

    /// Whether the string at `index` is the value a declaration gives a name: `case photo =
    /// "PhotoCell"`, `static let photo: String = "PhotoCell"`, Objective-C
    /// `NSString *const PhotoID = @"PhotoCell";`.
    private static func isDeclaredValue(_ index: Int, _ stream: TokenStream) -> Bool {
        guard stream.isText(index - 1, "=") else { return false }
        var name = index - 2
        if name >= 2, stream.isText(name - 1, ":") { name -= 2 }  // `photo: String =`
        guard name >= 0, stream[name].isIdentifier else { return false }
        return isDeclaredName(name, stream)
    }
}
