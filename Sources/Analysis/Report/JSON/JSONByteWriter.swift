import Foundation

/// Writes JSON as UTF-8 bytes into one `Data`, in exactly the layout Foundation's
/// `JSONEncoder` produces with `[.sortedKeys, .withoutEscapingSlashes]` (plus
/// `.prettyPrinted` when `pretty`): the report is large, and encoding it through `Codable`
/// cost more than building it. Callers write object keys in sorted (ordinal) order
/// themselves; `ReportJSONWriterTests` proves the output identical to `JSONEncoder`'s.
///
/// Foundation's layout, which this mirrors: pretty output indents by two spaces, separates
/// keys from values with `" : "`, writes an empty array as `[`, two newlines, indent, `]`,
/// and ends without a newline. Strings escape `"`, `\`, `\b \f \n \r \t` by name and other
/// control characters as `\u00xx` (lowercase hex); everything else, `/`, DEL, U+2028/2029
/// and non-ASCII included, is written as raw UTF-8.
struct JSONByteWriter {
    /// Bytes are gathered in a small array and moved to `output` in blocks: appending to an
    /// array is cheaper than to `Data`, and the finished JSON is not copied as a whole
    /// (for a large report, a second multi-megabyte buffer cost more in page faults than
    /// the writing itself).
    private var bytes: [UInt8] = []
    private var output: Data
    private static let blockSize = 1 << 16
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    private let pretty: Bool
    private var depth = 0
    /// Whether the innermost open container has no element yet (no separator needed).
    private var isFirstElement = true

    init(pretty: Bool, reservingCapacity capacity: Int = 0) {
        self.pretty = pretty
        output = Data(capacity: capacity)
        bytes.reserveCapacity(Self.blockSize + 1_024)
    }

    /// The JSON written so far.
    mutating func finish() -> Data {
        flush()
        return output
    }

    private mutating func flush() {
        output.append(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    // MARK: Containers

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    private mutating func beginArray() { open(UInt8(ascii: "[")) }
    private mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts the value of `key` in the open object. Keys are the contract's identifiers,
    /// written without escaping; the caller passes them in sorted order.
    mutating func key(_ key: StaticString) {
        startElement()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        if pretty {
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// `"key" : "value"` in the open object.
    mutating func field(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// `"key" : "value"`, or nothing when `value` is nil (as `Codable` omits nil optionals).
    mutating func field(_ key: StaticString, _ value: String?) {
        if let value { field(key, value) }
    }

    /// `"key" : number` in the open object.
    mutating func field<Value: BinaryInteger>(_ key: StaticString, _ value: Value) {
        self.key(key)
        integer(value)
    }

    /// `"key" : number`, or nothing when `value` is nil.
    mutating func field<Value: BinaryInteger>(_ key: StaticString, _ value: Value?) {
        if let value { field(key, value) }
    }

    /// A number as an array element.
    mutating func number<Value: BinaryInteger>(_ value: Value) {
        integer(value)
    }

    /// An array whose elements `write` writes, one call per element.
    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONByteWriter, Element) -> Void) {
        beginArray()
        for element in elements {
            startElement()
            write(&self, element)
        }
        endArray()
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        depth += 1
        isFirstElement = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            indent()
        }
        bytes.append(bracket)
        // The enclosing container now holds at least this one.
        isFirstElement = false
    }

    private mutating func startElement() {
        if bytes.count >= Self.blockSize { flush() }
        if isFirstElement {
            isFirstElement = false
        } else {
            bytes.append(UInt8(ascii: ","))
            if pretty { bytes.append(UInt8(ascii: "\n")) }
        }
        if pretty { indent() }
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    // MARK: Scalars

    private mutating func integer<Value: BinaryInteger>(_ value: Value) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        // 20 digits hold UInt64.max; digits are produced backwards, then copied forwards.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Copies runs that need no escaping in one go; only `"`, `\` and control characters
    /// (bytes below 0x20; UTF-8 continuation bytes are all above) are rewritten.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            appendEscape(of: byte)
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    private mutating func appendEscape(of byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Self.hexDigits
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }
    }
}
