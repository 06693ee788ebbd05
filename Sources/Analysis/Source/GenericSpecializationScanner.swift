/// The generic types a Swift file specialises and with which arguments:
/// `typealias LoaderCell = ContainerCell<LoaderView>`, `ContainerCell<LoaderView>()`,
/// `register(ContainerCell<LoaderView>.self, …)` → `ContainerCell: [["LoaderView"]]`. The merge
/// binds a generic parameter of a project type (`T.fromNib()` inside `ContainerCell<T>`) to
/// the classes these lists give it. Only the generic types whose nib name is a parameter are
/// asked about, and only the Swift files whose text names one of them are read: most
/// projects have none, and a scan of every `<` of every file cost corona-warn-app 1.5%.
enum GenericSpecializationScanner {
    /// Type name → each argument list written, in path order and then file order, each list
    /// once per file, for the types `names` of the Swift `files`.
    static func specializations(of names: Set<String>, in files: [ProjectFile]) -> [String: [[String]]] {
        let needles = names.map(ByteSearch.Needle.init)
        var result: [String: [[String]]] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) where file.kind == .swift {
            guard let contents = file.contents, contents.count < SourceToken.maximumFileBytes,
                  needles.contains(where: { ByteSearch.contains($0, in: contents) }) else { continue }
            let stream = SourceTokenizer(language: .swift).stream([UInt8](contents))
            for (name, lists) in specializations(of: names, in: stream) { result[name, default: []] += lists }
        }
        return result
    }

    /// Type name → each argument list written, in file order, each list once, for the types
    /// `names`. Only lists of plain type names (`A`, `A.B`) count; a nested generic or a
    /// tuple is left out.
    static func specializations(of names: Set<String>, in stream: TokenStream) -> [String: [[String]]] {
        var result: [String: [[String]]] = [:]
        for open in stream.indices(where: { stream.isText($0, "<") }) where open >= 1 {
            let nameIndex = open - 1
            guard stream[nameIndex].isIdentifier else { continue }
            let name = stream.text(nameIndex)
            guard names.contains(name), let arguments = arguments(after: open, in: stream) else { continue }
            if !(result[name]?.contains(arguments) ?? false) { result[name, default: []].append(arguments) }
        }
        return result
    }

    /// `A, B.C>` after the `<` at `open`: the names, or `nil` when anything else comes first.
    private static func arguments(after open: Int, in stream: TokenStream) -> [String]? {
        var arguments: [String] = []
        var current = ""
        var cursor = open + 1
        while cursor < stream.count, cursor - open < 32 {
            let token = stream[cursor]
            if token.isIdentifier {
                guard current.isEmpty || current.hasSuffix(".") else { return nil }
                current += stream.text(token)
            } else if stream.isText(token, "."), !current.isEmpty {
                current += "."
            } else if stream.isText(token, ",") || stream.isText(token, ">"), !current.isEmpty, !current.hasSuffix(".") {
                arguments.append(current)
                current = ""
                if stream.isText(token, ">") { return arguments }
            } else {
                return nil
            }
            cursor += 1
        }
        return nil
    }
}
