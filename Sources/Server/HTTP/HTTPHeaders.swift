import Foundation

/// The header fields of a request or response, in arrival order, with case-insensitive
/// lookup. Repeated fields are kept apart so that framing rules (one `Host`, one
/// `Content-Length`) can be checked.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    /// One field line.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, or `nil`.
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Every value of `name`, one per field line.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
    }

    /// The comma-separated list elements of every `name` field (RFC 9110 §5.6.1), trimmed
    /// and lower-cased, empty elements dropped.
    public func listElements(for name: String) -> [String] {
        values(for: name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every `name` field by one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

/// RFC 9110 grammar checks shared by the parser and the response writer.
enum HTTPGrammar {
    /// `tchar` of RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    static func isToken<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        !bytes.isEmpty && bytes.allSatisfy(isTokenByte)
    }

    /// `field-vchar`, SP or HTAB: anything but control characters (obs-text allowed).
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    static func isValidFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy(isFieldValueByte)
    }
}
