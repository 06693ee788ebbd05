@testable import Analysis

/// A token with its text read from the stream, for tokenizer assertions.
struct TokenText: Equatable {
    var kind: SourceToken.Kind
    var text: String
    var line: Int
    var column: Int
}

enum TokenizerFixture {
    static func tokens(_ text: String, language: SourceLanguage) -> [TokenText] {
        let stream = SourceTokenizer(language: language).stream(Array(text.utf8))
        return stream.tokens.map { TokenText(kind: $0.kind, text: stream.text($0), line: $0.line, column: $0.column) }
    }
}
