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

    /// ``prepositions`` as bytes, grouped by length (index = length), for ASCII words.
    private static let prepositionsByLength: [[[UInt8]]] = {
        var groups = [[[UInt8]]](repeating: [], count: (prepositions.map(\.utf8.count).max() ?? 0) + 1)
        for word in prepositions.sorted() { groups[word.utf8.count].append(Array(word.utf8)) }
        return groups
    }()

    static func selector(baseName: String, labels: [String?], throwing: Bool = false) -> String {
        guard let first = labels.first else {
            return throwing ? baseName + "AndReturnError:" : baseName
        }
        var result = baseName
        // Sized once (at most the `With` too many) instead of growing label by label; text
        // that fits a small string is left to it.
        let longest = labels.reduce(baseName.utf8.count + 4 + (throwing ? 6 : 0)) { $0 + ($1?.utf8.count ?? 0) + 1 }
        if longest > 15 { result.reserveCapacity(longest) }
        if let label = first, !label.isEmpty {
            if !startsWithPreposition(label) && !endsWithPreposition(baseName) {
                result += "With"
            }
            appendCapitalized(label, to: &result)
        }
        result += ":"
        for label in labels.dropFirst() {
            if let label { result += label }
            result += ":"
        }
        if throwing { result += "error:" }
        return result
    }

    /// The Swift name with labels, `tap(_:forEvent:)`.
    static func swiftName(baseName: String, labels: [String?]) -> String {
        var name = baseName
        let length = labels.reduce(baseName.utf8.count + 2) { $0 + ($1?.utf8.count ?? 1) + 1 }
        if length > 15 { name.reserveCapacity(length) }
        name += "("
        for label in labels {
            name += label ?? "_"
            name += ":"
        }
        name += ")"
        return name
    }

    /// Is the first camel-case word of `label` a preposition (`for` in `forEvent`)?
    private static func startsWithPreposition(_ label: String) -> Bool {
        guard isASCII(label) else { return prepositions.contains(firstWord(label)) }
        return isPreposition(label.utf8.prefix { !isUppercase($0) })
    }

    /// Is the last camel-case word of `name` a preposition (`to` in `moveTo`)?
    private static func endsWithPreposition(_ name: String) -> Bool {
        guard isASCII(name) else { return prepositions.contains(lastWord(name)) }
        let bytes = name.utf8
        return isPreposition(bytes[(bytes.lastIndex(where: isUppercase) ?? bytes.startIndex)...])
    }

    /// Is the ASCII `word`, lowercased, one of ``prepositions``? Compared on bytes, without
    /// making a `String` or hashing.
    private static func isPreposition(_ word: Substring.UTF8View) -> Bool {
        let count = word.count
        guard count < prepositionsByLength.count else { return false }
        return prepositionsByLength[count].contains { candidate in
            candidate.elementsEqual(word.lazy.map { isUppercase($0) ? $0 + 0x20 : $0 })
        }
    }

    // ASCII names (nearly all) are cased on bytes; others by Unicode rules per Character.

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
    private static func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

    /// Appends `label` with its first letter uppercased (in place: no intermediate strings
    /// for ASCII labels).
    private static func appendCapitalized(_ label: String, to result: inout String) {
        guard isASCII(label), let first = label.utf8.first else {
            result += label.prefix(1).uppercased() + label.dropFirst()
            return
        }
        guard first >= 0x61 && first <= 0x7A else {
            result += label
            return
        }
        result.unicodeScalars.append(Unicode.Scalar(first - 0x20))
        result += label[label.utf8.index(after: label.utf8.startIndex)...]
    }

    /// The first word of non-ASCII camel-case text, lowercased by Unicode rules.
    private static func firstWord(_ camelCase: String) -> String {
        String(camelCase.prefix { !$0.isUppercase }).lowercased()
    }

    /// The last word of non-ASCII camel-case text, lowercased by Unicode rules.
    private static func lastWord(_ camelCase: String) -> String {
        guard let index = camelCase.lastIndex(where: { $0.isUppercase }) else { return camelCase.lowercased() }
        return camelCase[index...].lowercased()
    }
}
