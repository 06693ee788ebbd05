import CLibXML2

/// Pulls nodes from the libxml2 reader, enforces the element limits, locates each start
/// tag, refuses DTDs and entity references, and hands elements to the handler chosen by
/// the root element (`<document>` or `<archive>`).
struct IBStreamDriver {
    private let reader: XMLStreamReader
    private let limits: InterfaceBuilderLimits
    private var locator: IBStartTagLocator
    private var handler: (any IBElementHandler)?
    private(set) var format: IBDocument.Format = .unknown

    init(reader: XMLStreamReader, bytes: UnsafeRawBufferPointer, limits: InterfaceBuilderLimits) {
        self.reader = reader
        self.limits = limits
        self.locator = IBStartTagLocator(bytes: bytes)
    }

    mutating func run(path: String) throws(IBParseFailure) -> IBDocument {
        var depth = 0
        var elements = 0
        var lastLocation = IBLocation(line: 1, column: 1)
        while true {
            guard let advanced = reader.read() else { throw failure(near: lastLocation) }
            guard advanced else { break }
            switch reader.nodeType {
            case XML_READER_TYPE_ELEMENT:
                guard let node = reader.currentNode else { throw failure(near: lastLocation) }
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
                let handler: any IBElementHandler
                if let existing = self.handler {
                    handler = existing
                } else {
                    handler = try makeHandler(for: node, location: location)
                }
                try handler.start(node, name: reader.name(node.pointee.name), location: location)
                if reader.isEmptyElement {
                    handler.end()
                    depth -= 1
                }
            case XML_READER_TYPE_END_ELEMENT:
                handler?.end()
                depth -= 1
            case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA:
                handler?.text(reader)
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
        guard let handler else { throw IBParseFailure(reason: "no root element", line: lastLocation.line) }
        return handler.finish(path: path)
    }

    private mutating func makeHandler(for root: xmlNodePtr, location: IBLocation) throws(IBParseFailure) -> any IBElementHandler {
        let made: any IBElementHandler
        switch reader.name(root.pointee.name) {
        case .document:
            made = IBDocumentBuilder(reader: reader, limits: limits)
            format = .xib
        case .archive:
            made = IBLegacyArchiveBuilder(reader: reader, limits: limits)
            format = .legacyArchive
        default:
            let name = root.pointee.name.map { String(cString: $0) } ?? "?"
            throw IBParseFailure(reason: "root element <\(name)> is not an Interface Builder <document> or <archive>", line: location.line)
        }
        handler = made
        return made
    }

    private func failure(near location: IBLocation) -> IBParseFailure {
        if let error = reader.firstError {
            return IBParseFailure(reason: error.reason, line: error.line)
        }
        return IBParseFailure(reason: "malformed XML", line: location.line)
    }
}
