/// Swift's rules for the Objective-C selector of a method (`@objc` / `@IBAction`):
/// `tap()` → `tap`, `tap(_:)` → `tap:`, `tap(sender:)` → `tapWithSender:`,
/// `tap(_:forEvent:)` → `tap:forEvent:`, `init(coder:)` → `initWithCoder:`, `throws` adds
/// `AndReturnError:` / `error:`.
enum SwiftSelector {
    /// English prepositions Swift checks before inserting `With` (PartsOfSpeech.def).
    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following",
        "for", "from", "given", "in", "including", "inside", "into", "like", "of", "on", "onto",
        "out", "over", "since", "than", "through", "to", "towards", "under", "until", "upon", "via",
        "with", "within", "without",
    ]

    /// UIKit/AppKit methods whose Swift names were renamed on import: an override keeps
    /// the Objective-C selector.
    static let importedOverrides: [String: String] = [
        "awakeAfter(using:)": "awakeAfterUsingCoder:", "encode(with:)": "encodeWithCoder:", "draw(_:)": "drawRect:",
        "willMove(toSuperview:)": "willMoveToSuperview:", "didMoveToSuperview()": "didMoveToSuperview",
        "willMove(toWindow:)": "willMoveToWindow:", "sizeThatFits(_:)": "sizeThatFits:",
    ]

    static func selector(baseName: String, labels: [String?], throwing: Bool = false) -> String {
        guard let first = labels.first else {
            return throwing ? baseName + "AndReturnError:" : baseName
        }
        var result = baseName
        if let label = first, !label.isEmpty {
            if !prepositions.contains(firstWord(label)) && !prepositions.contains(lastWord(baseName)) {
                result += "With"
            }
            result += capitalized(label)
        }
        result += ":"
        for label in labels.dropFirst() { result += (label ?? "") + ":" }
        if throwing { result += "error:" }
        return result
    }

    /// The Swift name with labels, `tap(_:forEvent:)`.
    static func swiftName(baseName: String, labels: [String?]) -> String {
        var name = baseName + "("
        for label in labels { name += (label ?? "_") + ":" }
        return name + ")"
    }

    // ASCII names (nearly all) are cased on bytes; others by Unicode rules per Character.

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
    private static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    private static func lowercased(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: bytes.map { isUppercase($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private static func capitalized(_ label: String) -> String {
        guard isASCII(label), let first = label.utf8.first else { return label.prefix(1).uppercased() + label.dropFirst() }
        guard first >= 0x61 && first <= 0x7A else { return label }
        return String(decoding: [first - 0x20] + label.utf8.dropFirst(), as: UTF8.self)
    }

    private static func firstWord(_ camelCase: String) -> String {
        guard isASCII(camelCase) else { return String(camelCase.prefix { !$0.isUppercase }).lowercased() }
        return String(decoding: camelCase.utf8.prefix { !isUppercase($0) }, as: UTF8.self)
    }

    private static func lastWord(_ camelCase: String) -> String {
        guard isASCII(camelCase) else {
            guard let index = camelCase.lastIndex(where: { $0.isUppercase }) else { return camelCase.lowercased() }
            return camelCase[index...].lowercased()
        }
        guard let index = camelCase.utf8.lastIndex(where: isUppercase) else { return lowercased(camelCase.utf8) }
        return lowercased(camelCase.utf8[index...])
    }
}
