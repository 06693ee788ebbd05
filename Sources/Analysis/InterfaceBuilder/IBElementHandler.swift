import CLibXML2

/// Receives the elements of one Interface Builder file in document order from the
/// streaming driver; one implementation per file format (document, legacy archive).
protocol IBElementHandler: AnyObject {
    /// An element opened; `node` is libxml2's element with its attributes.
    func start(_ node: xmlNodePtr, name: IBName?, location: IBLocation) throws(IBParseFailure)
    /// The most recently opened element closed (also sent for empty elements).
    func end()
    /// Text content directly inside the current element.
    func text(_ reader: XMLStreamReader)
    /// The finished model.
    func finish(path: String) -> IBDocument
}

extension IBElementHandler {
    /// Calls `body` with every attribute of `node`, after enforcing the attribute limits.
    func forEachAttribute(
        of node: xmlNodePtr, reader: XMLStreamReader, limits: InterfaceBuilderLimits, location: IBLocation,
        _ body: (IBName, XMLAttributeValue) -> Void
    ) throws(IBParseFailure) {
        var property = node.pointee.properties
        while let attribute = property {
            property = attribute.pointee.next
            let value = XMLAttributeValue(attribute: attribute)
            if value.bytes == nil, value.hasEntityReference {
                throw IBParseFailure(reason: "entity reference in an attribute value; Interface Builder never writes one", line: location.line)
            }
            let byteCount = value.byteCount
            if byteCount > limits.maxAttributeBytes {
                let attributeName = attribute.pointee.name.map { String(cString: $0) } ?? "?"
                throw IBParseFailure(reason: "attribute \(attributeName) is \(byteCount) bytes long, over the limit of \(limits.maxAttributeBytes)", line: location.line)
            }
            if let name = reader.name(attribute.pointee.name) {
                body(name, value)
            }
        }
    }
}
