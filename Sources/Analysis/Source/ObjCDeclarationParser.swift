/// Finds the declarations of an Objective-C file: `@interface` (with superclass,
/// protocols, class extensions and categories), `@protocol`, `@implementation`,
/// `@property`, `IBOutlet` instance variables, methods (with body ranges) and file-level
/// `static` variables.
struct ObjCDeclarationParser {
    let stream: TokenStream
    let path: String
    var declarations: [SourceTypeDeclaration] = []
    var methods: [ParsedMethod] = []
    var contexts: [ContextRange] = []
    var sharedVariables: Set<String> = []

    init(stream: TokenStream, path: String) {
        self.stream = stream
        self.path = path
    }

    mutating func parse() {
        var index = 0
        var designable = false
        while index < stream.count {
            let token = stream[index]
            if stream.isText(token, "@interface") || stream.isText(token, "@implementation") || stream.isText(token, "@protocol") {
                index = parseContainer(at: index, designable: designable)
                designable = false
            } else if stream.isText(token, "IB_DESIGNABLE") {
                designable = true
                index += 1
            } else if stream.isText(token, "static") {
                index = parseStatic(at: index)
            } else if stream.isText(token, "{") {
                index = stream.after(index)
            } else {
                index += 1
            }
        }
    }

    /// `static BOOL _loadingXib = NO;` → `_loadingXib`.
    private mutating func parseStatic(at index: Int) -> Int {
        var cursor = index + 1
        while cursor < stream.count, cursor < index + 12 {
            if stream[cursor].isIdentifier, stream.isText(cursor + 1, "=") || stream.isText(cursor + 1, ";") {
                sharedVariables.insert(stream.text(cursor))
                return cursor + 1
            }
            if stream.isText(cursor, "(") || stream.isText(cursor, "{") || stream.isText(cursor, ";") { return cursor }
            cursor += 1
        }
        return cursor
    }

    private mutating func parseContainer(at index: Int, designable: Bool) -> Int {
        let keyword = stream.text(index)
        guard index + 1 < stream.count, stream[index + 1].isIdentifier else { return index + 1 }
        let name = stream.text(index + 1)
        var cursor = index + 2
        if keyword == "@protocol", stream.isText(cursor, ";") || stream.isText(cursor, ",") { return cursor + 1 }  // forward declaration
        var kind: SourceTypeDeclaration.Kind = keyword == "@interface" ? .interface : keyword == "@protocol" ? .protocol : .implementation
        var superclass: String?
        var category: String?
        if stream.isText(cursor, ":"), cursor + 1 < stream.count, stream[cursor + 1].isIdentifier {
            superclass = stream.text(cursor + 1)
            cursor += 2
        } else if stream.isText(cursor, "(") {
            let end = stream.after(cursor)
            let inner = stream.text(of: (cursor + 1)..<max(cursor + 1, end - 1))
            category = inner.isEmpty ? nil : inner
            kind = inner.isEmpty ? .classExtension : .category
            cursor = end
        }
        var conformances: [String] = []
        if stream.isText(cursor, "<") {
            cursor += 1
            while cursor < stream.count, !stream.isText(cursor, ">"), !stream.isText(cursor, "@end") {
                if stream[cursor].isIdentifier { conformances.append(stream.text(cursor)) }
                cursor += 1
            }
            cursor += 1
        }
        let end = containerEnd(from: cursor)
        declarations.append(SourceTypeDeclaration(
            kind: kind, language: .objc, name: name, location: stream.location(index + 1, path: path),
            superclass: superclass, conformances: conformances, runtimeName: nil, genericParameters: [],
            categoryName: category, selfConstraint: nil, isDesignable: designable,
            outlets: [], actions: [], properties: [], methods: []))
        let owner = declarations.count - 1
        contexts.append(ContextRange(range: index..<end, context: SourceContext(typeName: name)))
        parseMembers(cursor..<end, owner: owner)
        return end
    }

    /// The index after the matching `@end` (or the end of the file).
    private func containerEnd(from start: Int) -> Int {
        var cursor = start
        while cursor < stream.count {
            if stream.isText(cursor, "@end") { return cursor + 1 }
            if stream.isText(cursor, "@interface") || stream.isText(cursor, "@implementation") { return cursor }
            cursor = stream.isText(cursor, "{") ? stream.after(cursor) : cursor + 1
        }
        return cursor
    }

    private mutating func parseMembers(_ range: Range<Int>, owner: Int) {
        var index = range.lowerBound
        while index < range.upperBound {
            let token = stream[index]
            if stream.isText(token, "@property") {
                index = parseProperty(at: index, owner: owner)
            } else if (stream.isText(token, "-") || stream.isText(token, "+")) && stream.isText(index + 1, "(") {
                index = parseMethod(at: index, owner: owner)
            } else if stream.isText(token, "{") && (index == range.lowerBound || !stream[index - 1].isIdentifier) {
                parseInstanceVariables((index + 1)..<max(index + 1, stream.after(index) - 1), owner: owner)
                index = stream.after(index)
            } else if stream.isText(token, "static") {
                index = parseStatic(at: index)
            } else if stream.isText(token, "{") {
                index = stream.after(index)
            } else {
                index += 1
            }
        }
    }
}
