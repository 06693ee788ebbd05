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
            result += label.prefix(1).uppercased() + label.dropFirst()
        }
        result += ":"
        for label in labels.dropFirst() { result += (label ?? "") + ":" }
        if throwing { result += "error:" }
        return result
    }

    /// The Swift name with labels, `tap(_:forEvent:)`.
    static func swiftName(baseName: String, labels: [String?]) -> String {
        baseName + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }

    private static func firstWord(_ camelCase: String) -> String {
        String(camelCase.prefix { !$0.isUppercase }).lowercased()
    }

    private static func lastWord(_ camelCase: String) -> String {
        guard let index = camelCase.lastIndex(where: { $0.isUppercase }) else { return camelCase.lowercased() }
        return camelCase[index...].lowercased()
    }
}
