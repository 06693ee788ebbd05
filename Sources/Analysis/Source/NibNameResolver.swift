import Foundation

/// Resolves a nib-name argument to a literal, the enclosing class, its superclass, a
/// named class, or `dynamic` (ANALYSIS.md §2), following local variables of the method a
/// few levels and noting when the name comes from a parameter.
struct NibNameResolver {
    let stream: TokenStream
    let method: ParsedMethod?
    let context: SourceContext

    /// The outcome: a resolution, plus the parameter the name comes from (alone, or on the
    /// left of `??` with the right side as the resolution).
    struct Resolved: Equatable {
        var resolution: NibNameExpression.Resolution
        var parameter: Int?
        var spelling: NibNameExpression.ClassNameSpelling = .bare
        /// A dynamic name made from a class held in a variable (`NSStringFromClass(cellClass)`).
        var namesRuntimeClass = false
    }

    /// Calls after which a qualified class name no longer carries its module.
    private static let moduleStrippers = TokenSet(["last", "lastObject", "pathExtension", "replacingOccurrences",
                                                   "stringByReplacingOccurrencesOfString", "dropFirst", "suffix"])

    private static let maximumDepth = 4
    /// How many local variables one resolution looks up, in all its levels: each level looks
    /// up every identifier of its expression, so without a bound `x2 = x1 x1 …; x3 = x2 x2 …`
    /// costs (identifiers per line) to the power of the depth look-ups. Real nib names need a
    /// few.
    private static let maximumLookups = 64
    /// How many tokens back a local variable's assignment is looked for.
    static let localSearchWindow = 600
    /// Properties and helpers that by convention return the class name.
    static let classNameHelpers: Set<String> = [
        "className", "nibName", "defaultNibName", "nibIdentifier", "reuseIdentifier", "identifier",
        "typeName", "classNameString", "nameOfClass", "stringFromClass",
    ]

    func resolve(_ range: Range<Int>) -> Resolved {
        var lookups = Self.maximumLookups
        return resolve(range, depth: 0, lookups: &lookups)
    }

    /// `lookups`: how many more local variables this resolution may look up.
    private func resolve(_ range: Range<Int>, depth: Int, lookups: inout Int) -> Resolved {
        let range = range.clamped(to: 0..<stream.count)
        guard !range.isEmpty, depth <= Self.maximumDepth else { return Resolved(resolution: .dynamic) }
        if let coalesce = range.first(where: { stream.isText($0, "??") && stream.partner[$0] < 0 }) {
            var right = resolve((coalesce + 1)..<range.upperBound, depth: depth + 1, lookups: &lookups)
            if coalesce - range.lowerBound == 1 { right.parameter = parameterIndex(stream.text(range.lowerBound)) }
            return right
        }
        if range.count == 1 || (range.count == 2 && stream.isText(range.lowerBound + 1, "!")) {
            if let single = resolveSingle(range.lowerBound, depth: depth, lookups: &lookups) { return single }
        }
        if let wrapped = nameWrapperArgument(range) { return resolve(wrapped, depth: depth + 1, lookups: &lookups) }
        let resolution = resolvePattern(range, depth: depth, lookups: &lookups)
        let parameter = resolution == .dynamic ? classParameter(in: range) : nil
        return Resolved(resolution: resolution, parameter: parameter, spelling: spelling(of: range),
                        namesRuntimeClass: resolution == .dynamic && parameter == nil && classVariable(in: range))
    }

    /// The argument of AppKit's name types: `NSNib.Name("Prefs")`, `NSNib.Name(rawValue: "Prefs")`
    /// (also `NSStoryboard.Name`, `UINib.Name`), which only wrap the string.
    private func nameWrapperArgument(_ range: Range<Int>) -> Range<Int>? {
        let start = range.lowerBound
        guard range.count >= 5, stream.isText(start + 1, "."), stream.isText(start + 2, "Name"), stream.isText(start + 3, "("),
              stream.partner[start + 3] == range.upperBound - 1 else { return nil }
        let argument = stream.isText(start + 4, "rawValue") && stream.isText(start + 5, ":") ? start + 6 : start + 4
        return argument < range.upperBound - 1 ? argument..<(range.upperBound - 1) : nil
    }

    /// `NSStringFromClass(x)` / `String(describing: x)` of a variable `x` other than `self`.
    private func classVariable(in range: Range<Int>) -> Bool {
        range.contains { index in
            stream[index].isIdentifier && stream.isText(index + 1, ")") && !stream.isText(index, "self")
                && (stream.isText(index - 1, "(") && stream.isText(index - 2, "NSStringFromClass")
                    || stream.isText(index - 1, ":") && stream.isText(index - 2, "describing"))
        }
    }

    /// The parameter whose class names the nib: `String.className(viewType)`,
    /// `NSStringFromClass(aClass)`, `String(describing: type)` with a parameter holding a
    /// class (`_ viewType: T.Type`); the caller's argument (`self` in a type method,
    /// `X.self`) then says which.
    private func classParameter(in range: Range<Int>) -> Int? {
        for index in range where stream[index].isIdentifier && stream.isText(index + 1, ")") {
            guard let parameter = parameterIndex(stream.text(index)) else { continue }
            let opener = stream.isText(index - 1, "(") ? index - 2 : stream.isText(index - 1, ":") && stream.isText(index - 3, "(") ? index - 2 : -1
            guard opener >= 0, stream.isText(opener, "NSStringFromClass") || stream.isText(opener, "describing")
                    || stream.isText(opener, "reflecting") || Self.classNameHelpers.contains(stream.text(opener)) else { continue }
            return parameter
        }
        return nil
    }

    /// `String(reflecting:)` or `NSStringFromClass` in the expression, unless the module is cut
    /// off afterwards.
    private func spelling(of range: Range<Int>) -> NibNameExpression.ClassNameSpelling {
        var spelling = NibNameExpression.ClassNameSpelling.bare
        for index in range {
            if stream.isText(index, "reflecting"), stream.isText(index + 1, ":") {
                spelling = .reflecting
            } else if stream.isText(index, "NSStringFromClass") || Self.isClassDescription(index, in: stream), spelling == .bare {
                spelling = .objcRuntimeName
            } else if spelling != .bare, Self.moduleStrippers.contains(index, in: stream) {
                return .bare
            }
        }
        return spelling
    }

    /// `X.description()` of a type name X: `+[NSObject description]`, the runtime class name
    /// (`Module.X` for a Swift class), as `NSStringFromClass` spells it.
    private static func isClassDescription(_ index: Int, in stream: TokenStream) -> Bool {
        stream.isText(index, "description") && stream.isText(index - 1, ".") && stream.isText(index + 1, "(")
            && stream.isText(index + 2, ")") && index >= 2 && isTypeName(stream.text(index - 2))
    }

    private func resolveSingle(_ index: Int, depth: Int, lookups: inout Int) -> Resolved? {
        let token = stream[index]
        if token.kind == .string {
            if let value = SourceLiteral.value(of: stream.text(token)) { return Resolved(resolution: .literal(value)) }
            return Resolved(resolution: resolveInterpolation(stream.text(token), depth: depth, lookups: &lookups))
        }
        guard token.isIdentifier else { return nil }
        if let parameter = parameterIndex(stream.text(token)) { return Resolved(resolution: .dynamic, parameter: parameter) }
        if let initializer = localInitializer(of: stream.text(token), before: index, lookups: &lookups) {
            return resolve(initializer, depth: depth + 1, lookups: &lookups)
        }
        if Self.classNameHelpers.contains(stream.text(token)) { return Resolved(resolution: .enclosingClass) }
        return nil
    }

    /// `"\(Self.self)"`, `"\(self)"` (type context), `"\(X.self)"`; anything else is dynamic.
    private func resolveInterpolation(_ literal: String, depth: Int, lookups: inout Int) -> NibNameExpression.Resolution {
        guard literal.hasPrefix("\"\\("), literal.hasSuffix(")\""), !literal.hasPrefix("\"\"\"") else { return .dynamic }
        let inner = String(literal.dropFirst(3).dropLast(2))
        let innerStream = SourceTokenizer(language: .swift).stream(Array(inner.utf8))
        guard innerStream.unbalanced == 0, innerStream.count > 0 else { return .dynamic }
        let resolver = NibNameResolver(stream: innerStream, method: nil, context: context)
        if innerStream.count == 1, innerStream.isText(0, "self") || innerStream.isText(0, "Self") {
            return context.isTypeMethod || innerStream.isText(0, "Self") ? .enclosingClass : .dynamic
        }
        return resolver.resolvePattern(0..<innerStream.count, depth: depth + 1, lookups: &lookups)
    }

    // MARK: - Patterns

    /// Class-of-self, superclass and named-class patterns anywhere in the expression.
    private func resolvePattern(_ range: Range<Int>, depth: Int, lookups: inout Int) -> NibNameExpression.Resolution {
        var texts = range.map { stream.text($0) }
        for (offset, index) in range.enumerated() where stream[index].isIdentifier {
            let text = texts[offset]
            if text == "self" || text == "Self" || stream.isText(index - 1, ".") || stream.isText(index + 1, "(")
                || parameterIndex(text) != nil { continue }
            if let initializer = localInitializer(of: text, before: index, lookups: &lookups),
               resolve(initializer, depth: depth + 1, lookups: &lookups).resolution == .enclosingClass {
                texts[offset] = "self"
            }
        }
        if Self.contains(texts, ["[", "self", "superclass", "]"]) || Self.contains(texts, ["self", ".", "superclass"])
            || Self.contains(texts, ["class", "]", "superclass", "]"]) {
            return .superclass
        }
        let selfPatterns: [[String]] = [
            ["[", "self", "class", "]"], ["self", ".", "class"], ["NSStringFromClass", "(", "self", ")"],
            ["Self", ".", "self"], ["type", "(", "of", ":", "self", ")"], ["object_getClass", "(", "self", ")"],
            ["self", ".", "classForCoder"], ["[", "self", "classForCoder", "]"], ["describing", ":", "Self", ")"],
            ["self", ".", "dynamicType"],
        ]
        if selfPatterns.contains(where: { Self.contains(texts, $0) }) { return .enclosingClass }
        if context.isTypeMethod, Self.contains(texts, ["describing", ":", "self", ")"]) { return .enclosingClass }
        if let last = texts.last, Self.classNameHelpers.contains(last), texts.count >= 3, texts[texts.count - 2] == "." {
            let receiver = texts[texts.count - 3]
            if receiver == "self" || receiver == "Self" || receiver == ")" { return .enclosingClass }
            if Self.isTypeName(receiver) { return .namedClass(receiver) }
        }
        if let named = Self.namedClass(in: texts) { return .namedClass(named) }
        return .dynamic
    }

    /// `[X class]`, `X.class`, `X.self`, `X.description()` (NSObject's class name) with a type name X.
    private static func namedClass(in texts: [String]) -> String? {
        for index in texts.indices {
            if index + 4 < texts.count, texts[index + 1] == ".", texts[index + 2] == "description", texts[index + 3] == "(",
               texts[index + 4] == ")", isTypeName(texts[index]), index == 0 || texts[index - 1] != "." { return texts[index] }
            if texts[index] == "[", index + 3 < texts.count, texts[index + 2] == "class", texts[index + 3] == "]",
               isTypeName(texts[index + 1]) { return texts[index + 1] }
            if index + 2 < texts.count, texts[index + 1] == ".", texts[index + 2] == "self" || texts[index + 2] == "class",
               isTypeName(texts[index]), index == 0 || texts[index - 1] != "." { return texts[index] }
        }
        return nil
    }

    /// Whether `text` reads as a type's name: it starts with an uppercase letter or `_`, and
    /// is not `Self`.
    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.utf8.first, text != "Self" else { return false }
        // ASCII, as nearly every name is, without asking the Unicode tables.
        guard first >= 0x80 else { return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) || first == UInt8(ascii: "_") }
        return text.unicodeScalars.first.map { CharacterSet.uppercaseLetters.contains($0) } ?? false
    }

    private static func contains(_ texts: [String], _ pattern: [String]) -> Bool {
        guard texts.count >= pattern.count else { return false }
        for start in 0...(texts.count - pattern.count) where texts[start] == pattern[0] {
            if (1..<pattern.count).allSatisfy({ texts[start + $0] == pattern[$0] }) { return true }
        }
        return false
    }

    // MARK: - Parameters and locals

    func parameterIndex(_ name: String) -> Int? {
        method?.parameters.firstIndex { $0.name == name }
    }

    /// ``localInitializer(of:before:)`` while `lookups` lasts (one spent per call); `nil` after.
    private func localInitializer(of name: String, before index: Int, lookups: inout Int) -> Range<Int>? {
        guard lookups > 0 else { return nil }
        lookups -= 1
        return localInitializer(of: name, before: index)
    }

    /// The initializer of the last `name = …` assignment before `index` in the method body.
    func localInitializer(of name: String, before index: Int) -> Range<Int>? {
        guard let body = method?.body else { return nil }
        var cursor = min(index, stream.count) - 1
        let stop = max(body.lowerBound, cursor - Self.localSearchWindow)
        while cursor > stop {
            if stream.isText(cursor, "="), stream.isText(cursor - 1, equalTo: name) {
                return SourceStatement.expression(in: stream, from: cursor + 1, limit: body.upperBound)
            }
            if stream.isText(cursor, "="), let typed = typedDeclarationName(before: cursor), typed == name {
                return SourceStatement.expression(in: stream, from: cursor + 1, limit: body.upperBound)
            }
            cursor -= 1
        }
        return nil
    }

    /// `let name: Type = …` → name (walks back over the type annotation on the same line).
    private func typedDeclarationName(before equals: Int) -> String? {
        var cursor = equals - 1
        let line = stream[equals].line
        while cursor > 0, stream[cursor].line == line {
            if stream.isText(cursor, ":"), stream[cursor - 1].isIdentifier,
               stream.isText(cursor - 2, "let") || stream.isText(cursor - 2, "var") {
                return stream.text(cursor - 1)
            }
            if stream.isText(cursor, "=") || stream.isText(cursor, ";") { return nil }
            cursor -= 1
        }
        return nil
    }
}
