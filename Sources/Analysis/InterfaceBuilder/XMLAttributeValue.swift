import CLibXML2
import Foundation

/// The value of one attribute of the current libxml2 element, read in place: a Swift
/// `String` is only made for the attributes the model keeps.
struct XMLAttributeValue {
    let attribute: xmlAttrPtr

    /// The value's bytes when libxml2 holds it as one text node (always, for documents
    /// without entity declarations), `nil` otherwise.
    var bytes: UnsafePointer<xmlChar>? {
        guard let child = attribute.pointee.children, child.pointee.next == nil,
              child.pointee.type == XML_TEXT_NODE else { return nil }
        return UnsafePointer(child.pointee.content)
    }

    /// `true` when the value contains an entity reference node (never in IB documents).
    var hasEntityReference: Bool {
        var child = attribute.pointee.children
        while let node = child {
            if node.pointee.type == XML_ENTITY_REF_NODE { return true }
            child = node.pointee.next
        }
        return false
    }

    /// Length in bytes.
    var byteCount: Int {
        if let bytes { return strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)) }
        var total = 0
        var child = attribute.pointee.children
        while let node = child {
            if let content = node.pointee.content {
                total += strlen(UnsafeRawPointer(content).assumingMemoryBound(to: CChar.self))
            }
            child = node.pointee.next
        }
        return total
    }

    var string: String {
        if let bytes { return String(cString: bytes) }
        var result = ""
        var child = attribute.pointee.children
        while let node = child {
            if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content {
                result += String(cString: content)
            }
            child = node.pointee.next
        }
        return result
    }

    /// `YES` (Interface Builder's true).
    var isYes: Bool {
        guard let bytes else { return false }
        return bytes[0] == UInt8(ascii: "Y") && bytes[1] == UInt8(ascii: "E") && bytes[2] == UInt8(ascii: "S") && bytes[3] == 0
    }

    /// `YES`/`NO` as a Bool; `nil` for any other text.
    var bool: Bool? {
        if isYes { return true }
        guard let bytes else { return nil }
        return bytes[0] == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "O") && bytes[2] == 0 ? false : nil
    }

    /// Whether the value is exactly `literal`, compared in place.
    func equals(_ literal: StaticString) -> Bool {
        guard let bytes else { return false }
        return strcmp(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self),
                      UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// The value as a number (Swift's parser is locale-independent; IB writes `0.5`, `1e-05`).
    var double: Double? { Double(string) }

    var int: Int? { Int(string) }
}
