import CLibXML2

/// Receives the elements of one Interface Builder file in document order from the
/// streaming driver; one implementation per file format (document, legacy archive).
protocol IBElementHandler {
    /// An element opened; `node` is libxml2's element with its attributes.
    mutating func start(_ node: xmlNodePtr, name: IBName?, location: IBLocation) throws(IBParseFailure)
    /// The most recently opened element closed (also sent for empty elements).
    mutating func end()
    /// Text content directly inside the current element.
    mutating func text(_ reader: XMLStreamReader)
    /// The finished model.
    func finish(path: String) -> IBDocument
}
