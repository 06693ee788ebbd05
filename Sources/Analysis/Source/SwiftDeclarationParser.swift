/// Finds the declarations of a Swift file in its tokens: types, extensions, typealiases,
/// properties and methods (with body ranges), across every `#if` branch.
struct SwiftDeclarationParser {
    let stream: TokenStream
    let path: String
    var declarations: [SourceTypeDeclaration] = []
    var typealiases: [String: String] = [:]
    var methods: [ParsedMethod] = []
    var contexts: [ContextRange] = []
    /// File-scope variables and `static` properties: candidates for static-flag guards.
    var sharedVariables: Set<String> = []

    /// Nested types deeper than this are skipped as opaque blocks (pathological input).
    static let maximumNesting = 48

    private static let typeKeywords = TokenSet(["class", "struct", "enum", "protocol", "extension", "actor"])
    private static let modifierKeywords = TokenSet([
        "public", "private", "fileprivate", "internal", "open", "final", "override", "static", "lazy",
        "weak", "unowned", "dynamic", "required", "convenience", "mutating", "nonmutating", "optional",
        "indirect", "nonisolated", "package", "isolated", "consuming", "borrowing", "distributed",
    ])

    /// Swift 1/2: a method's first parameter has no argument label unless written twice
    /// (`func tap(sender: AnyObject)` is `tap(_:)`, selector `tap:`).
    let firstParameterUnlabelled: Bool
    /// Swift 1–3: every member of an `NSObject` subclass is `@objc` without being marked.
    let infersObjCMembers: Bool
    /// The project model gave this file's Swift version; without it both spellings of an
    /// imported override are read.
    let knowsSwiftVersion: Bool

    init(stream: TokenStream, path: String, swiftVersion: SwiftLanguageVersion? = nil) {
        self.stream = stream
        self.path = path
        firstParameterUnlabelled = swiftVersion?.omitsFirstSelectorLabel ?? false
        infersObjCMembers = swiftVersion?.infersObjCForNSObjectMembers ?? false
        knowsSwiftVersion = swiftVersion != nil
    }

    mutating func parse() {
        parseScope(0..<stream.count, owner: nil, depth: 0)
    }

    typealias Prefix = SwiftDeclarationPrefix

    /// The type whose body is being parsed.
    struct Owner {
        var index: Int
        var name: String
        /// `@objcMembers` (or an `@objc extension`): every member is visible to the
        /// Objective-C runtime (and KVC).
        var exposesMembers: Bool
    }

    private mutating func parseScope(_ range: Range<Int>, owner: Owner?, depth: Int) {
        var index = range.lowerBound
        var prefix = Prefix()
        while index < range.upperBound {
            let token = stream[index]
            switch token.kind {
            case .attribute:
                index = parseAttribute(at: index, into: &prefix)
                continue
            case .directive:
                index = skipDirective(at: index)
                continue
            case .identifier:
                if Self.modifierKeywords.contains(token, in: stream) {
                    let modifier = Prefix.Modifiers(token: token, in: stream)
                    index += 1
                    if stream.isText(index, "(") {
                        index = stream.after(index)  // private(set), unowned(unsafe): the setter alone is private
                        if modifier != .filePrivate { prefix.modifiers.insert(modifier) }
                    } else {
                        prefix.modifiers.insert(modifier)
                    }
                    continue
                }
                if stream.isText(token, "class"), stream.isText(index + 1, "func") || stream.isText(index + 1, "var")
                    || stream.isText(index + 1, "let") || stream.isText(index + 1, "subscript") {
                    prefix.modifiers.insert(.typeMember)
                    index += 1
                    continue
                }
                if Self.typeKeywords.contains(token, in: stream), index + 1 < range.upperBound, stream[index + 1].isIdentifier {
                    index = parseType(at: index, prefix: prefix, owner: owner, depth: depth)
                } else if stream.isText(token, "func") || stream.isText(token, "init") {
                    index = parseFunction(at: index, prefix: prefix, owner: owner)
                } else if stream.isText(token, "var") || stream.isText(token, "let") {
                    index = parseVariable(at: index, prefix: prefix, owner: owner)
                } else if stream.isText(token, "typealias") {
                    index = parseTypealias(at: index, owner: owner)
                } else {
                    index += 1
                }
            case .punctuation where stream.isText(token, "{"):
                index = stream.after(index)
            default:
                index += 1
            }
            prefix = Prefix()
        }
    }

    /// `@name` with an optional `(…)` argument, e.g. `@objc(MyView)` → `objc: "MyView"`.
    private func parseAttribute(at index: Int, into prefix: inout Prefix) -> Int {
        let name = String(stream.text(index).dropFirst())
        var next = index + 1
        var argument = ""
        if stream.isText(next, "("), stream[next].line == stream[index].line {
            let end = stream.after(next)
            argument = stream.text(of: (next + 1)..<max(next + 1, end - 1))
            next = end
        }
        prefix.addAttribute(name, argument: argument)
        return next
    }

    /// `#if cond`, `#elseif cond`: skips the condition (same line); `#else`, `#endif`: itself.
    /// Every branch is then indexed.
    private func skipDirective(at index: Int) -> Int {
        let word = stream.text(index)
        guard word == "#if" || word == "#elseif" else { return index + 1 }
        let line = stream[index].line
        var next = index + 1
        while next < stream.count, stream[next].line == line { next = stream.after(next) }
        return next
    }

    // MARK: - Types

    private mutating func parseType(at index: Int, prefix: Prefix, owner: Owner?, depth: Int) -> Int {
        let keyword = stream.text(index)
        var cursor = index + 1
        var name = stream.text(cursor)
        cursor += 1
        while stream.isText(cursor, "."), cursor + 1 < stream.count, stream[cursor + 1].isIdentifier {
            name += "." + stream.text(cursor + 1)
            cursor += 2
        }
        var generics: [String] = []
        if stream.isText(cursor, "<") {
            let (end, parameters) = parseGenericParameters(at: cursor)
            generics = parameters
            cursor = end
        }
        var inherited: [String] = []
        if stream.isText(cursor, ":") {
            (cursor, inherited) = parseTypeList(from: cursor + 1)
        }
        var selfConstraint: String?
        if stream.isText(cursor, "where") {
            (cursor, selfConstraint) = parseWhereClause(from: cursor + 1)
        }
        guard stream.isText(cursor, "{") else { return cursor }
        let bodyEnd = stream.after(cursor)
        let kind = SourceTypeDeclaration.Kind(rawValue: keyword) ?? .class
        let qualified = (owner.map { $0.name + "." } ?? "") + name
        let isClass = kind == .class
        let superclass = isClass ? inherited.first.flatMap { SwiftKnownNames.isProtocol($0) ? nil : $0 } : nil
        let conformances = superclass == nil ? inherited : Array(inherited.dropFirst())
        let declaration = SourceTypeDeclaration(
            kind: kind, language: .swift, name: kind == .extension && owner == nil ? name : qualified,
            location: stream.location(index + 1, path: path), superclass: superclass,
            conformances: conformances, runtimeName: prefix.attribute("objc").flatMap { $0.isEmpty ? nil : $0 },
            genericParameters: generics, categoryName: nil, selfConstraint: selfConstraint,
            isDesignable: prefix.has("IBDesignable"),
            outlets: [], actions: [], properties: [], methods: [])
        declarations.append(declaration)
        let owned = Owner(index: declarations.count - 1, name: declaration.name,
                          exposesMembers: prefix.has("objcMembers") || (kind == .extension && prefix.has("objc"))
                              || (infersObjCMembers && isClass && superclass != nil)
                              || (owner?.exposesMembers ?? false))
        contexts.append(ContextRange(range: cursor..<bodyEnd, context: SourceContext(typeName: declaration.name)))
        if depth < Self.maximumNesting {
            parseScope((cursor + 1)..<max(cursor + 1, bodyEnd - 1), owner: owned, depth: depth + 1)
        }
        return bodyEnd
    }

    /// `<T: UIView, U>` → names; returns the index after `>`.
    private func parseGenericParameters(at index: Int) -> (Int, [String]) {
        var names: [String] = []
        var depth = 0
        var cursor = index
        var expectName = true
        while cursor < stream.count {
            let text = stream.text(cursor)
            if text == "<" { depth += 1; expectName = depth == 1 }
            else if text == ">" { depth -= 1; if depth == 0 { return (cursor + 1, names) } }
            else if text == "," && depth == 1 { expectName = true }
            else if text == "{" || text == "(" && depth == 0 { return (cursor, names) }
            else if expectName && stream[cursor].isIdentifier { names.append(text); expectName = false }
            cursor += 1
        }
        return (cursor, names)
    }

    /// `A, B<C>, D.E` up to `{` or `where`: the names, generic arguments dropped.
    private func parseTypeList(from start: Int) -> (Int, [String]) {
        var names: [String] = []
        var cursor = start
        var current = ""
        var angle = 0
        while cursor < stream.count {
            let token = stream[cursor]
            if angle == 0 && (stream.isText(token, "{") || stream.isText(token, "where") || stream.isText(token, "}")) { break }
            if stream.isText(token, "<") { angle += 1 }
            else if stream.isText(token, ">") { angle -= 1 }
            else if angle == 0 && stream.isText(token, ",") {
                if !current.isEmpty { names.append(current) }
                current = ""
            } else if angle == 0 && (token.isIdentifier || stream.isText(token, ".")) {
                current += stream.isText(token, "class") ? "AnyObject" : stream.text(token)
            } else if stream.isText(token, "(") {
                cursor = stream.after(cursor)
                continue
            }
            cursor += 1
        }
        if !current.isEmpty { names.append(current) }
        return (cursor, names)
    }

    /// `where Self: UIView, T: P` up to `{`; returns the `Self` constraint if any.
    private func parseWhereClause(from start: Int) -> (Int, String?) {
        var cursor = start
        var constraint: String?
        while cursor < stream.count, !stream.isText(cursor, "{"), !stream.isText(cursor, "}") {
            if stream.isText(cursor, "Self"), stream.isText(cursor + 1, ":") || stream.isText(cursor + 1, "=="),
               cursor + 2 < stream.count, stream[cursor + 2].isIdentifier {
                constraint = stream.text(cursor + 2)
            }
            cursor += 1
        }
        return (cursor, constraint)
    }
}
