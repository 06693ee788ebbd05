/// A method found by a declaration parser, with the token range of its body and its
/// parameters, waiting for body analysis.
struct ParsedMethod {
    /// One parameter: external label (`nil` for `_` or an Objective-C keyword-less first
    /// part), internal name and type text.
    struct Parameter: Equatable {
        var label: String?
        var name: String
        var typeText: String
        /// `label name: Type` rather than `name: Type` (Swift 1/2 spell a first label so).
        var labelWrittenTwice = false
    }

    /// Index into `SourceFileIndex.declarations`, `nil` for a free function.
    var declarationIndex: Int?
    var method: SourceMethod
    var parameters: [Parameter]
    var body: Range<Int>?
    var context: SourceContext
    var isAction: Bool
    /// Swift `private`/`fileprivate`: callable from its own file only.
    var isFilePrivate = false
    /// A Swift generic method's type parameters (`func load<T: UIView>(…)` → `["T"]`).
    var typeParameters: [String] = []
    /// A Swift method's declared result type when it is one name (`-> T`, `-> T?`, `-> Self`).
    var returnTypeName: String?

    /// The parameter that passes the class a type parameter stands for (`_: T.Type`).
    func metatypeParameter(of typeParameter: String) -> Int? {
        parameters.firstIndex { parameter in
            let type = parameter.typeText.filter { !$0.isWhitespace && $0 != "?" && $0 != "!" }
            return type == typeParameter + ".Type"
        }
    }
}

/// A token range that belongs to a type body or a method body, so that call sites can
/// be attributed to their enclosing type and method.
struct ContextRange {
    var range: Range<Int>
    var context: SourceContext
}
