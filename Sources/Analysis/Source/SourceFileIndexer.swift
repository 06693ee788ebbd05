/// Indexes one source file: tokens → declarations (per language) → method bodies and
/// call sites (shared by both languages).
struct SourceFileIndexer {
    let path: String
    let bytes: [UInt8]
    let language: SourceLanguage
    var helpers = NibLoadHelperTable()
    /// The Swift the file is written in (`nil`: current Swift).
    var swiftVersion: SwiftLanguageVersion?

    /// What a declaration parser hands to the body analysis.
    private struct Declarations {
        var declarations: [SourceTypeDeclaration]
        var methods: [ParsedMethod]
        var contexts: [ContextRange]
        var sharedVariables: Set<String>
    }

    func run() -> SourceFileIndex {
        var result = SourceFileIndex(path: path, language: language)
        guard bytes.count < SourceToken.maximumFileBytes else {
            result.problems.append(SourceProblem(
                path: path, code: "source.too-large",
                message: "\(path): \(bytes.count) bytes, over the \(SourceToken.maximumFileBytes - 1)-byte limit of one source file; not indexed"))
            return result
        }
        let stream = SourceTokenizer(language: language).stream(bytes)
        result.imports = ImportScanner.modules(in: stream, language: language)
        result.registersReuseIdentifiersDynamically = DynamicReuseRegistration.occurs(in: bytes)
        var parsed: Declarations
        switch language {
        case .swift:
            var parser = SwiftDeclarationParser(stream: stream, path: path, swiftVersion: swiftVersion)
            parser.parse()
            result.typealiases = parser.typealiases
            parsed = Declarations(declarations: take(&parser.declarations), methods: take(&parser.methods),
                                  contexts: parser.contexts, sharedVariables: parser.sharedVariables)
        case .objc:
            var parser = ObjCDeclarationParser(stream: stream, path: path)
            parser.parse()
            parsed = Declarations(declarations: take(&parser.declarations), methods: take(&parser.methods),
                                  contexts: parser.contexts, sharedVariables: parser.sharedVariables)
        }
        var body = BodyAnalyzer(stream: stream, path: path, language: language, helpers: helpers,
                                declarations: parsed.declarations, sharedVariables: parsed.sharedVariables)
        parsed.declarations = []  // the analyzer appends methods to its own, unshared list
        let methods = parsed.methods
        parsed.methods = []
        // Consumed: the analyzer owns the only reference and fills the methods in place (a
        // second reference alive during the call would make its first write copy them all).
        body.analyze(methods: consume methods, contexts: parsed.contexts)
        body.fill(&result)
        // Asked only of files that dequeue with a literal identifier: the one reader's question.
        if result.literalCalls.contains(where: { $0.kind == .dequeue }) {
            result.namesReuseIdentifierLabel = ReuseIdentifierLabel.occurs(in: bytes)
        }
        if stream.unbalanced > 0 {
            result.problems.append(SourceProblem(
                path: path, code: "source.unbalanced-brackets",
                message: "\(path): \(stream.unbalanced) unbalanced bracket(s); declarations after them may be missed"))
        }
        return result
    }

    /// Moves a list out of a parser, leaving it empty: the parser may live until the end of
    /// its scope, and a second reference would make the analyzer's first write to the list
    /// copy it whole.
    private func take<Element>(_ list: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &list)
        return taken
    }
}
