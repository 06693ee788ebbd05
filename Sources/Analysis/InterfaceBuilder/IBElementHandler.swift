import CLibXML2

/// Receives the elements of one Interface Builder file in document order from the
/// streaming driver; one implementation per file format (document, legacy archive).
protocol IBElementHandler {
    /// An element opened; `node` is its start tag with the attributes.
    mutating func start(_ node: XMLStartElement, name: IBName?, location: IBLocation) throws(IBParseFailure)
    /// The most recently opened element closed (also sent for empty elements).
    mutating func end()
    /// Whether text inside the current element is read (``text(_:)`` is sent only then).
    var wantsText: Bool { get }
    /// Text content directly inside the current element (``XMLStreamReader/textValue``), in
    /// one or more pieces: a handler appends them.
    mutating func text(_ reader: XMLStreamReader)
    /// The finished model.
    func finish(path: String) -> IBDocument
}
