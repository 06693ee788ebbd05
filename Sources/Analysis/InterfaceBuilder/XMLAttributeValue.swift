import CLibXML2
import Foundation

/// The value of one attribute of the current libxml2 element, read in place: a Swift
/// `String` is only made for the attributes the model keeps.
struct XMLAttributeValue {
    /// The value's bytes, NUL-terminated.
    let bytes: UnsafePointer<xmlChar>

    /// `nil` when libxml2 does not hold the value as one text node, which only an entity
    /// reference causes (never written by Interface Builder, refused by the reader).
    init?(_ attribute: xmlAttrPtr) {
        guard let child = attribute.pointee.children else {
            bytes = ("" as StaticString).utf8Start
            return
        }
        guard child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE, let content = child.pointee.content else { return nil }
        bytes = UnsafePointer(content)
    }

    private var cString: UnsafePointer<CChar> { UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self) }

    /// Length in bytes.
    var byteCount: Int { strlen(cString) }

    var string: String { String(cString: bytes) }

    /// `YES` (Interface Builder's true).
    var isYes: Bool { equals("YES") }

    /// `YES`/`NO` as a Bool; `nil` for any other text.
    var bool: Bool? {
        if isYes { return true }
        return equals("NO") ? false : nil
    }

    /// Whether the value is exactly `literal`, compared in place.
    func equals(_ literal: StaticString) -> Bool {
        strcmp(cString, UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// The value as a number (Swift's parser is locale-independent; IB writes `0.5`, `1e-05`).
    var double: Double? { Double(string) }

    var int: Int? { Int(string) }
}
