import CLibXML2
import Foundation

/// The value of one attribute of the current element, read in place in libxml2's buffer:
/// a Swift `String` is only made for the attributes the model keeps.
///
/// libxml2 decodes character references and the predefined entities, except `&`: without
/// entity substitution its SAX2 parser hands `&amp;` (and `&#38;`) on as `&#38;`, for a
/// tree builder to decode. Every `&` in a value therefore starts `&#38;` (another entity
/// needs a DTD, which the reader refuses before any is declared), and ``string`` and
/// ``byteCount`` decode it.
struct XMLAttributeValue {
    /// The value's bytes as libxml2 holds them (`&` as `&#38;`).
    let bytes: UnsafeBufferPointer<UInt8>

    init(start: UnsafePointer<xmlChar>, end: UnsafePointer<xmlChar>) {
        bytes = UnsafeBufferPointer(start: UnsafePointer<UInt8>(start), count: max(0, end - start))
    }

    private static let escapedAmpersand = Array("&#38;".utf8)

    /// Whether the bytes hold an `&` (then `&#38;`) to decode.
    private var holdsAmpersand: Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, Int32(UInt8(ascii: "&")), bytes.count) != nil
    }

    /// Length in bytes of the decoded value.
    var byteCount: Int {
        holdsAmpersand ? decoded.count : bytes.count
    }

    /// Length in bytes before `&#38;` is decoded: never less than ``byteCount``.
    var storedByteCount: Int { bytes.count }

    var string: String { holdsAmpersand ? String(decoding: decoded, as: UTF8.self) : String(decoding: bytes, as: UTF8.self) }

    /// The bytes with each `&#38;` turned back into `&`.
    private var decoded: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), bytes[index...].starts(with: Self.escapedAmpersand) {
                result.append(UInt8(ascii: "&"))
                index += Self.escapedAmpersand.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// `YES` (Interface Builder's true).
    var isYes: Bool { equals("YES") }

    /// `YES`/`NO` as a Bool; `nil` for any other text.
    var bool: Bool? {
        if isYes { return true }
        return equals("NO") ? false : nil
    }

    /// Whether the value is exactly `literal` (which holds no `&`), compared in place.
    func equals(_ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
        return memcmp(base, literal.utf8Start, bytes.count) == 0
    }

    /// The value as a number (Swift's parser is locale-independent; IB writes `0.5`, `1e-05`).
    var double: Double? { Double(string) }

    var int: Int? { Int(string) }
}
