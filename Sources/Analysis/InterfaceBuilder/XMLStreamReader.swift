import CLibXML2

/// A thin, single-use wrapper around libxml2's `xmlTextReader` configured for untrusted
/// input: no entity substitution, no DTD loading, no network, default (non-huge) limits.
/// Errors are captured per reader (never through libxml2's global handlers).
final class XMLStreamReader {
    /// The first error libxml2 reported: its message and line.
    struct ParseError {
        var message: String
        var line: Int
        var code: Int32

        /// The reason a document shows: libxml2's message, said plainly.
        var reason: String {
            code == Int32(XML_ERR_UNSUPPORTED_ENCODING.rawValue) ? "unknown or unsupported encoding: \(message)" : "malformed XML: \(message)"
        }
    }

    private static let libraryInitialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Parser options: never substitute entities (`XML_PARSE_NOENT` unset), never load or
    /// apply a DTD (`DTDLOAD`/`DTDATTR`/`DTDVALID` unset), never touch the network, keep
    /// libxml2's default limits (`HUGE` unset); no text nodes for indentation (`NOBLANKS`,
    /// `COMPACT`), CDATA as text, line numbers past 65535 (`BIG_LINES`).
    static let options: Int32 = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_COMPACT.rawValue)

    private let reader: xmlTextReaderPtr
    private(set) var firstError: ParseError?
    private let names: IBNameTable
    private let idName: UnsafePointer<xmlChar>?

    /// Longest attribute value `checkAttributes(of:at:)` accepts.
    let maxAttributeBytes: Int

    /// `nil` when libxml2 cannot take the buffer (over 2 GiB) or create a reader.
    init?(bytes: UnsafeRawBufferPointer, encoding: String?, extraOptions: Int32 = 0, maxAttributeBytes: Int) {
        self.maxAttributeBytes = maxAttributeBytes
        _ = Self.libraryInitialised
        guard bytes.count <= Int(Int32.max), let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
              let reader = xmlReaderForMemory(base, Int32(bytes.count), nil, encoding, Self.options | extraOptions)
        else { return nil }
        self.reader = reader
        names = IBNameTable { xmlTextReaderConstString(reader, $0) }
        idName = xmlTextReaderConstString(reader, IBName.id.rawValue)
        xmlTextReaderSetStructuredErrorHandler(reader, { context, error in
            guard let context, let error else { return }
            let owner = Unmanaged<XMLStreamReader>.fromOpaque(context).takeUnretainedValue()
            owner.record(error.pointee)
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    private func record(_ error: xmlError) {
        guard firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "malformed XML"
        while message.last?.isWhitespace == true { message.removeLast() }
        firstError = ParseError(message: message, line: Int(error.line), code: Int32(error.code))
    }

    /// Advances to the next node: `true` on a node, `false` at the end, `nil` on error.
    func read() -> Bool? {
        switch xmlTextReaderRead(reader) {
        case 1: true
        case 0: false
        default: nil
        }
    }

    var nodeType: xmlReaderTypes { xmlReaderTypes(UInt32(xmlTextReaderNodeType(reader))) }
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }
    var currentNode: xmlNodePtr? { xmlTextReaderCurrentNode(reader) }

    /// The known name behind an interned libxml2 name pointer.
    func name(_ pointer: UnsafePointer<xmlChar>?) -> IBName? {
        guard let pointer else { return nil }
        return names.name(pointer)
    }

    /// Refuses an element whose attribute holds an entity reference or is longer than
    /// `maxAttributeBytes`; the driver checks every element before any handler reads it.
    func checkAttributes(of node: xmlNodePtr, at location: IBLocation) throws(IBParseFailure) {
        var property = node.pointee.properties
        while let attribute = property {
            property = attribute.pointee.next
            guard let value = XMLAttributeValue(attribute) else {
                throw IBParseFailure(reason: "entity reference in an attribute value; Interface Builder never writes one", line: location.line)
            }
            let byteCount = value.byteCount
            if byteCount > maxAttributeBytes {
                let attributeName = attribute.pointee.name.map { String(cString: $0) } ?? "?"
                throw IBParseFailure(reason: "attribute \(attributeName) is \(byteCount) bytes long, over the limit of \(maxAttributeBytes)", line: location.line)
            }
        }
    }

    /// Calls `body` with every recognised attribute of `node` (checked by
    /// `checkAttributes(of:at:)`).
    func attributes(of node: xmlNodePtr, _ body: (IBName, XMLAttributeValue) -> Void) {
        var property = node.pointee.properties
        while let attribute = property {
            property = attribute.pointee.next
            if let pointer = attribute.pointee.name, let name = names.name(pointer), let value = XMLAttributeValue(attribute) {
                body(name, value)
            }
        }
    }

    /// Whether `node` has an `id` attribute (a pointer comparison per attribute).
    func hasIDAttribute(_ node: xmlNodePtr) -> Bool {
        var property = node.pointee.properties
        while let attribute = property {
            if attribute.pointee.name == idName { return true }
            property = attribute.pointee.next
        }
        return false
    }

    /// The current text node's content.
    var textValue: String? {
        xmlTextReaderConstValue(reader).map { String(cString: $0) }
    }
}
