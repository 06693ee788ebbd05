/// The modules a source file imports: Swift `import UIKit` / `@testable import App` /
/// `import class Foo.Bar`, Objective-C `@import Foo;` and `#import <Foo/Foo.h>`. The project
/// model treats a class from an imported module as coming from a dependency.
enum ImportScanner {
    /// Module names in file order, each once.
    static func modules(in stream: TokenStream, language: SourceLanguage) -> [String] {
        var modules: [String] = []
        // The candidates in one pass over the tokens; only they are looked at further.
        let candidates = language == .swift
            ? Self.importKeyword.indices(of: .identifier, in: stream)
            : stream.indices { $0.kind == .attribute || $0.kind == .directive }
        for index in candidates {
            let token = stream.tokens[index]
            let module: String?
            switch (language, token.kind) {
            case (.swift, .identifier):  // `import`
                var next = index + 1
                if next < stream.count, Self.importKinds.contains(stream.text(next)) { next += 1 }
                module = next < stream.count && stream.tokens[next].isIdentifier ? stream.text(next) : nil
            case (.objc, .attribute) where stream.isText(token, "@import"):
                module = index + 1 < stream.count && stream.tokens[index + 1].isIdentifier ? stream.text(index + 1) : nil
            case (.objc, .directive) where stream.hasPrefix(token, "#import <") || stream.hasPrefix(token, "#include <"):
                let text = stream.text(token)
                module = text.firstIndex(of: "<").flatMap { open in
                    let path = text[text.index(after: open)...]
                    return path.firstIndex(of: "/").map { String(path[..<$0]) }
                }
            default:
                module = nil
            }
            if let module, !module.isEmpty, !modules.contains(module) { modules.append(module) }
        }
        return modules
    }

    private static let importKeyword = TokenSet(["import"])
    /// `import class Foo.Bar` and its siblings.
    private static let importKinds: Set<String> = ["class", "struct", "enum", "protocol", "typealias", "func", "var", "let"]
}
