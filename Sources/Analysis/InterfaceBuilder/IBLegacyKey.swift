import Foundation

/// The `key` attribute values of a legacy archive that the reader acts on, recognised in
/// place so that the thousands of other keys never become Swift strings.
enum IBLegacyKey: Equatable {
    case rootObjects, connection, source, destination, object, parent
    case label, eventType, objectID, objectName, className, proxiedObjectIdentifier
    case flattenedProperties, sortedKeys, values
    /// `"<id>.CustomClassName"`, with the object id.
    case customClassName(objectID: String)

    /// The keys by length, so that a key is compared with at most three literals.
    private static let literalsByLength: [Int: [(StaticString, IBLegacyKey)]] = Dictionary(grouping: [
        ("IBDocument.RootObjects", .rootObjects), ("connection", .connection), ("source", .source),
        ("destination", .destination), ("object", .object), ("parent", .parent), ("label", .label),
        ("IBEventType", .eventType), ("objectID", .objectID), ("objectName", .objectName),
        ("NSClassName", .className), ("IBProxiedObjectIdentifier", .proxiedObjectIdentifier),
        ("flattenedProperties", .flattenedProperties), ("dict.sortedKeys", .sortedKeys), ("dict.values", .values),
    ] as [(StaticString, IBLegacyKey)], by: { $0.0.utf8CodeUnitCount })
    private static let longestLiteral = literalsByLength.keys.max() ?? 0
    static let customClassSuffix = ".CustomClassName"

    /// The key named by `value`, `nil` for keys the reader ignores.
    init?(_ value: XMLAttributeValue) {
        guard let bytes = value.bytes.baseAddress else { return nil }
        let length = value.byteCount
        if length <= Self.longestLiteral, let candidates = Self.literalsByLength[length] {
            for (literal, key) in candidates where memcmp(bytes, literal.utf8Start, length) == 0 {
                self = key
                return
            }
        }
        let suffix = Self.customClassSuffix.utf8.count
        guard length > suffix, memcmp(bytes + (length - suffix), Self.customClassSuffix, suffix) == 0 else { return nil }
        self = .customClassName(objectID: String(decoding: value.string.utf8.dropLast(suffix), as: UTF8.self))
    }

    /// Whether this key's element's text is read (class names, labels, ids).
    var carriesText: Bool {
        switch self {
        case .label, .eventType, .objectID, .objectName, .className, .proxiedObjectIdentifier, .customClassName: true
        default: false
        }
    }
}
