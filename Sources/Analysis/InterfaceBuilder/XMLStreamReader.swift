import CLibXML2

/// One start tag as libxml2's SAX2 parser reports it: the interned name and the attributes,
/// five pointers each (local name, prefix, namespace, value start, value end). Valid only
/// during the callback that delivers it.
struct XMLStartElement {
    let name: UnsafePointer<xmlChar>?
    fileprivate let attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    fileprivate let attributeCount: Int

    /// The attributes in document order: each name pointer and its value.
    fileprivate func forEachAttribute(_ body: (UnsafePointer<xmlChar>?, XMLAttributeValue) -> Void) {
        guard let attributes else { return }
        for index in 0..<attributeCount {
            let quintuple = attributes + 5 * index
            guard let start = quintuple[3], let end = quintuple[4] else { continue }
            body(quintuple[0], XMLAttributeValue(start: start, end: end))
        }
    }
}

/// What the parser reports, in document order, to the one object reading a document.
protocol XMLEventSink: AnyObject {
    func startElement(_ element: XMLStartElement)
    func endElement()
    /// Text directly inside the current element (``XMLStreamReader/textValue``), in one
    /// or more pieces; sent only while ``wantsText`` holds.
    func text()
    /// Whether text at this point of the document is read at all (most is indentation).
    var wantsText: Bool { get }
    /// A document type declaration (`<!DOCTYPE`) starts.
    func documentType()
    /// An entity reference libxml2 leaves unexpanded.
    func entityReference()
}

/// A thin, single-use wrapper around libxml2's SAX2 parser configured for untrusted input:
/// no entity substitution, no DTD loading, no network, default (non-huge) limits. Events
/// go straight to an ``XMLEventSink``, with no tree built and freed behind them (libxml2's
/// `xmlTextReader` does that, for about 40% more work per document). Errors are captured
/// per parser (never through libxml2's global handlers).
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
    /// libxml2's default limits (`HUGE` unset); CDATA as text, line numbers past 65535
    /// (`BIG_LINES`).
    static let options: Int32 = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_COMPACT.rawValue)

    private let context: xmlParserCtxtPtr
    private let names: IBNameTable
    private let idName: UnsafePointer<xmlChar>?

    /// What changes during a parse, behind a pointer: the callbacks reach it without the
    /// dynamic exclusivity checks every access to a class's `var` costs (they were 5% of
    /// the parse of a large document).
    private struct State {
        /// Receives the events of ``parse(into:)``; set only while it runs.
        unowned(unsafe) var sink: (any XMLEventSink)?
        /// The text ``XMLEventSink/text()`` delivers, for ``textValue``.
        var currentText: UnsafeBufferPointer<UInt8>?
        var firstError: ParseError?
    }
    private let state: UnsafeMutablePointer<State>

    var firstError: ParseError? { state.pointee.firstError }

    /// Longest attribute value `checkAttributes(of:at:)` accepts.
    let maxAttributeBytes: Int

    /// `nil` when libxml2 cannot take the buffer (over 2 GiB) or create a parser.
    init?(bytes: UnsafeRawBufferPointer, encoding: String?, extraOptions: Int32 = 0, maxAttributeBytes: Int) {
        self.maxAttributeBytes = maxAttributeBytes
        _ = Self.libraryInitialised
        guard bytes.count <= Int(Int32.max), let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
              let context = xmlCreateMemoryParserCtxt(base, Int32(bytes.count)), let handler = context.pointee.sax
        else { return nil }
        self.context = context
        _ = xmlCtxtUseOptions(context, Self.options | extraOptions)
        if let encoding, let converter = xmlFindCharEncodingHandler(encoding) {
            _ = xmlSwitchToEncoding(context, converter)
        }
        let dictionary = context.pointee.dict
        names = IBNameTable { xmlDictLookup(dictionary, $0, -1) }
        idName = xmlDictLookup(dictionary, IBName.id.rawValue, -1)
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        Self.install(handler)
        context.pointee.userData = UnsafeMutableRawPointer(state)
    }

    deinit {
        xmlFreeParserCtxt(context)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Parses the whole document into `sink`; afterwards ``firstError`` tells whether
    /// libxml2 found it malformed.
    func parse(into sink: any XMLEventSink) {
        state.pointee.sink = sink
        defer { state.pointee.sink = nil }
        withExtendedLifetime(sink) { _ = xmlParseDocument(context) }
    }

    /// Whether libxml2 found the document well-formed (after ``parse(into:)``).
    var isWellFormed: Bool { context.pointee.wellFormed != 0 }

    /// Stops the parse: no event follows the current one.
    func stop() {
        xmlStopParser(context)
    }

    /// The SAX2 callbacks, replacing libxml2's tree-building defaults; only the events the
    /// reading needs (no document, comments or processing instructions).
    private static func install(_ handler: UnsafeMutablePointer<xmlSAXHandler>) {
        var events = xmlSAXHandler()
        events.initialized = UInt32(XML_SAX2_MAGIC)
        events.startElementNs = { context, name, _, _, _, _, count, _, attributes in
            XMLStreamReader.state(context).pointee.sink?.startElement(
                XMLStartElement(name: name, attributes: attributes, attributeCount: Int(count)))
        }
        events.endElementNs = { context, _, _, _ in XMLStreamReader.state(context).pointee.sink?.endElement() }
        events.characters = { context, characters, length in
            let state = XMLStreamReader.state(context)
            guard let sink = state.pointee.sink, sink.wantsText, let characters, length > 0 else { return }
            state.pointee.currentText = UnsafeBufferPointer(start: UnsafePointer<UInt8>(characters), count: Int(length))
            sink.text()
            state.pointee.currentText = nil
        }
        events.internalSubset = { context, _, _, _ in XMLStreamReader.state(context).pointee.sink?.documentType() }
        events.reference = { context, _ in XMLStreamReader.state(context).pointee.sink?.entityReference() }
        events.serror = { context, error in
            guard let error else { return }
            XMLStreamReader.record(error.pointee, in: XMLStreamReader.state(context))
        }
        handler.pointee = events
    }

    private static func state(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<State> {
        // `userData` is set before any parse, so every callback has it.
        context!.assumingMemoryBound(to: State.self)
    }

    private static func record(_ error: xmlError, in state: UnsafeMutablePointer<State>) {
        guard state.pointee.firstError == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "malformed XML"
        while message.last?.isWhitespace == true { message.removeLast() }
        state.pointee.firstError = ParseError(message: message, line: Int(error.line), code: Int32(error.code))
    }

    /// The known name behind an interned libxml2 name pointer.
    func name(_ pointer: UnsafePointer<xmlChar>?) -> IBName? {
        guard let pointer else { return nil }
        return names.name(pointer)
    }

    /// Refuses an element with an attribute longer than `maxAttributeBytes`; the driver
    /// checks every element before any handler reads it.
    func checkAttributes(of element: XMLStartElement, at location: IBLocation) throws(IBParseFailure) {
        var overLimit: (name: UnsafePointer<xmlChar>?, bytes: Int)?
        element.forEachAttribute { name, value in
            // Decoding only shrinks a value: the stored length bounds the decoded one.
            if overLimit == nil, value.storedByteCount > maxAttributeBytes, value.byteCount > maxAttributeBytes {
                overLimit = (name, value.byteCount)
            }
        }
        if let (name, byteCount) = overLimit {
            let attributeName = name.map { String(cString: $0) } ?? "?"
            throw IBParseFailure(reason: "attribute \(attributeName) is \(byteCount) bytes long, over the limit of \(maxAttributeBytes)", line: location.line)
        }
    }

    /// Calls `body` with every recognised attribute of `element` (checked by
    /// `checkAttributes(of:at:)`).
    func attributes(of element: XMLStartElement, _ body: (IBName, XMLAttributeValue) -> Void) {
        element.forEachAttribute { pointer, value in
            if let pointer, let name = names.name(pointer) { body(name, value) }
        }
    }

    /// Whether `element` has an `id` attribute (a pointer comparison per attribute).
    func hasIDAttribute(_ element: XMLStartElement) -> Bool {
        guard let attributes = element.attributes else { return false }
        for index in 0..<element.attributeCount where attributes[5 * index] == idName { return true }
        return false
    }

    /// The text being delivered to ``XMLEventSink/text(_:)``.
    var textValue: String? {
        state.pointee.currentText.map { String(decoding: $0, as: UTF8.self) }
    }
}
