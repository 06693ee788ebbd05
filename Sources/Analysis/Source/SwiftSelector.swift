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
        "awakeAfter(using:)": "awakeAfterUsingCoder:", "awakeAfterUsingCoder(_:)": "awakeAfterUsingCoder:",
        "encode(with:)": "encodeWithCoder:", "draw(_:)": "drawRect:",
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
        let firstLabel = first ?? ""
        let with = !firstLabel.isEmpty && !startsWithPreposition(firstLabel) && !endsWithPreposition(baseName)
        guard isASCII(baseName), labels.allSatisfy({ $0.map(isASCII) ?? true }) else {
            return unicodeSelector(baseName: baseName, labels: labels, with: with, throwing: throwing)
        }
        // ASCII (nearly every name): the selector's bytes are written straight into a string
        // of the exact length, without intermediate strings or regrowth.
        let length = labels.reduce(baseName.utf8.count + (with ? 4 : 0) + (throwing ? 6 : 0)) { $0 + ($1?.utf8.count ?? 0) + 1 }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var sink = ASCIISink(buffer: buffer)
            sink.append(baseName)
            if with { sink.append("With") }
            for (position, label) in labels.enumerated() {
                if position == 0, let initial = firstLabel.utf8.first, initial >= 0x61 && initial <= 0x7A {
                    sink.append(initial - 0x20)
                    withBytes(firstLabel) { sink.append($0.dropFirst()) }
                } else if let label {
                    sink.append(label)
                }
                sink.append(UInt8(ascii: ":"))
            }
            if throwing { sink.append("error:") }
            return sink.count
        }
    }

    /// ``selector(baseName:labels:throwing:)`` for names with non-ASCII characters, cased by
    /// Unicode rules.
    private static func unicodeSelector(baseName: String, labels: [String?], with: Bool, throwing: Bool) -> String {
        var result = baseName
        if let label = labels.first ?? nil, !label.isEmpty {
            if with { result += "With" }
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
        guard isASCII(baseName), labels.allSatisfy({ $0.map(isASCII) ?? true }) else {
            var name = baseName + "("
            for label in labels { name += (label ?? "_") + ":" }
            return name + ")"
        }
        let length = labels.reduce(baseName.utf8.count + 2) { $0 + ($1?.utf8.count ?? 1) + 1 }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var sink = ASCIISink(buffer: buffer)
            sink.append(baseName)
            sink.append(UInt8(ascii: "("))
            for label in labels {
                sink.append(label ?? "_")
                sink.append(UInt8(ascii: ":"))
            }
            sink.append(UInt8(ascii: ")"))
            return sink.count
        }
    }

    /// Appends bytes to the uninitialized storage of a new string whose length was computed
    /// beforehand from the same parts (so every write is in bounds).
    private struct ASCIISink {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func append(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }

        /// Copies the bytes of a string from its storage (iterating its `utf8` view would
        /// decode the string's representation byte by byte).
        mutating func append(_ text: String) {
            withBytes(text) { append($0[...]) }
        }

        mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
            for byte in bytes { append(byte) }
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text` where they lie (native strings, small or
    /// not, are contiguous); a string without contiguous storage is copied first.
    private static func withBytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Is the first camel-case word of `label` a preposition (`for` in `forEvent`)?
    private static func startsWithPreposition(_ label: String) -> Bool {
        guard isASCII(label) else { return prepositions.contains(firstWord(label)) }
        return withBytes(label) { bytes in isPreposition(bytes[..<(bytes.firstIndex(where: isUppercase) ?? bytes.endIndex)]) }
    }

    /// Is the last camel-case word of `name` a preposition (`to` in `moveTo`)?
    private static func endsWithPreposition(_ name: String) -> Bool {
        guard isASCII(name) else { return prepositions.contains(lastWord(name)) }
        return withBytes(name) { bytes in isPreposition(bytes[(bytes.lastIndex(where: isUppercase) ?? bytes.startIndex)...]) }
    }

    /// Is the ASCII `word`, lowercased, one of ``prepositions``? Compared on bytes, without
    /// making a `String` or hashing.
    private static func isPreposition(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let count = word.count
        guard count > 0, count < prepositionsByLength.count else { return false }
        let first = isUppercase(word[word.startIndex]) ? word[word.startIndex] + 0x20 : word[word.startIndex]
        return prepositionsByLength[count].contains { candidate in
            candidate[0] == first && candidate.indices.dropFirst().allSatisfy { offset in
                let byte = word[word.startIndex + offset]
                return candidate[offset] == (isUppercase(byte) ? byte + 0x20 : byte)
            }
        }
    }

    // ASCII names (nearly all) are cased on bytes; others by Unicode rules per Character.

    private static func isASCII(_ text: String) -> Bool { withBytes(text) { $0.allSatisfy { $0 < 0x80 } } }
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
