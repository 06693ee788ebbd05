import CLibXML2

/// Pulls nodes from the libxml2 reader, enforces the element limits, locates each start
/// tag, refuses DTDs and entity references, and hands elements to the handler chosen by
/// the root element (`<document>` or `<archive>`).
struct IBStreamDriver {
    private let reader: XMLStreamReader
    private let limits: InterfaceBuilderLimits
    private var locator: IBStartTagLocator
    private let byteCount: Int
    private var depth = 0
    private var elements = 0
    private var lastLocation = IBLocation(line: 1, column: 1)
    private(set) var format: IBDocument.Format = .unknown

    init(reader: XMLStreamReader, bytes: UnsafeRawBufferPointer, limits: InterfaceBuilderLimits) {
        self.reader = reader
        self.limits = limits
        self.locator = IBStartTagLocator(bytes: bytes)
        self.byteCount = bytes.count
    }

    mutating func run(path: String) throws(IBParseFailure) -> IBDocument {
        guard let (root, location) = try nextElement() else {
            throw IBParseFailure(reason: "no root element", line: lastLocation.line)
        }
        switch reader.name(root.pointee.name) {
        case .document:
            format = .xib
            var builder = IBDocumentBuilder(reader: reader, byteCount: byteCount)
            return try read(root, at: location, into: &builder, path: path)
        case .archive:
            format = .legacyArchive
            var builder = IBLegacyArchiveBuilder(reader: reader)
            return try read(root, at: location, into: &builder, path: path)
        default:
            let name = root.pointee.name.map { String(cString: $0) } ?? "?"
            throw IBParseFailure(reason: "root element <\(name)> is not an Interface Builder <document> or <archive>", line: location.line)
        }
    }

    /// Streams the rest of the document into `handler`, starting with the root element.
    private mutating func read<Handler: IBElementHandler>(
        _ root: xmlNodePtr, at rootLocation: IBLocation, into handler: inout Handler, path: String
    ) throws(IBParseFailure) -> IBDocument {
        let reader = reader
        var element: (xmlNodePtr, IBLocation)? = (root, rootLocation)
        while let (node, location) = element {
            try handler.start(node, name: reader.name(node.pointee.name), location: location)
            if reader.isEmptyElement {
                handler.end()
                depth -= 1
            }
            element = try nextElement { handler.end() } text: { handler.text(reader) }
        }
        return handler.finish(path: path)
    }

    /// Advances to the next start tag, reporting end tags and text on the way; `nil` at
    /// the end of the document.
    private mutating func nextElement(
        onEnd: () -> Void = {}, text: () -> Void = {}
    ) throws(IBParseFailure) -> (xmlNodePtr, IBLocation)? {
        while true {
            guard let advanced = reader.read() else { throw failure() }
            guard advanced else { break }
            switch reader.nodeType {
            case XML_READER_TYPE_ELEMENT:
                guard let node = reader.currentNode else { throw failure() }
                let location = locator.next()
                lastLocation = location
                elements += 1
                depth += 1
                if elements > limits.maxElements {
                    throw IBParseFailure(reason: "more than \(limits.maxElements) elements", line: location.line)
                }
                if depth > limits.maxDepth {
                    throw IBParseFailure(reason: "elements nested deeper than \(limits.maxDepth) levels", line: location.line)
                }
                try reader.checkAttributes(of: node, at: location)
                return (node, location)
            case XML_READER_TYPE_END_ELEMENT:
                onEnd()
                depth -= 1
            case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA:
                text()
            case XML_READER_TYPE_DOCUMENT_TYPE:
                throw IBParseFailure(reason: "document type declaration (DOCTYPE) found; Interface Builder never writes one and it is not read",
                                     line: (locator.peek("<!DOCTYPE") ?? lastLocation).line)
            case XML_READER_TYPE_ENTITY_REFERENCE:
                throw IBParseFailure(reason: "entity reference found; entities are never expanded", line: lastLocation.line)
            default:
                break
            }
        }
        if let error = reader.firstError {
            throw IBParseFailure(reason: error.reason, line: error.line)
        }
        return nil
    }

    private func failure() -> IBParseFailure {
        if let error = reader.firstError {
            return IBParseFailure(reason: error.reason, line: error.line)
        }
        return IBParseFailure(reason: "malformed XML", line: lastLocation.line)
    }
}
