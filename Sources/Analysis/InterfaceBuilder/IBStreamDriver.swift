import CLibXML2

/// Takes the parser's events, enforces the element limits, locates each start tag, refuses
/// DTDs and entity references, and hands elements to the handler chosen by the root
/// element (`<document>` or `<archive>`). A failure stops the parse at once.
final class IBStreamDriver: XMLEventSink {
    private let reader: XMLStreamReader
    private let limits: InterfaceBuilderLimits
    private let byteCount: Int

    /// What changes while events arrive, behind a pointer: an event then reaches it without
    /// the dynamic exclusivity checks each access to a class's `var` costs.
    private struct State {
        var locator: IBStartTagLocator
        var depth = 0
        var elements = 0
        var lastLocation = IBLocation(line: 1, column: 1)
        var format: IBDocument.Format = .unknown
        /// The handler the root element chose; at most one is set (mutated in place).
        var document: IBDocumentBuilder?
        var archive: IBLegacyArchiveBuilder?
        /// The first failure, which stopped the parse.
        var failure: IBParseFailure?
    }
    private let state: UnsafeMutablePointer<State>

    var format: IBDocument.Format { state.pointee.format }

    init(reader: XMLStreamReader, bytes: UnsafeRawBufferPointer, limits: InterfaceBuilderLimits) {
        self.reader = reader
        self.limits = limits
        self.byteCount = bytes.count
        state = .allocate(capacity: 1)
        state.initialize(to: State(locator: IBStartTagLocator(bytes: bytes)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    func run(path: String) throws(IBParseFailure) -> IBDocument {
        reader.parse(into: self)
        if let failure = state.pointee.failure { throw failure }
        if let error = reader.firstError { throw IBParseFailure(reason: error.reason, line: error.line) }
        if !reader.isWellFormed { throw IBParseFailure(reason: "malformed XML", line: state.pointee.lastLocation.line) }
        if let document = state.pointee.document { return document.finish(path: path) }
        if let archive = state.pointee.archive { return archive.finish(path: path) }
        throw IBParseFailure(reason: "no root element", line: state.pointee.lastLocation.line)
    }

    private func fail(_ reason: String, line: Int) {
        fail(IBParseFailure(reason: reason, line: line))
    }

    private func fail(_ failure: IBParseFailure) {
        guard state.pointee.failure == nil else { return }
        state.pointee.failure = failure
        reader.stop()
    }

    // MARK: - Events

    func startElement(_ element: XMLStartElement) {
        guard state.pointee.failure == nil else { return }
        let location = state.pointee.locator.next()
        state.pointee.lastLocation = location
        state.pointee.elements += 1
        state.pointee.depth += 1
        if state.pointee.elements > limits.maxElements {
            return fail("more than \(limits.maxElements) elements", line: location.line)
        }
        if state.pointee.depth > limits.maxDepth {
            return fail("elements nested deeper than \(limits.maxDepth) levels", line: location.line)
        }
        do throws(IBParseFailure) {
            try reader.checkAttributes(of: element, at: location)
            let name = reader.name(element.name)
            if state.pointee.elements == 1 { try chooseHandler(root: element, name: name, location: location) }
            if state.pointee.document != nil {
                try state.pointee.document?.start(element, name: name, location: location)
            } else {
                state.pointee.archive?.start(element, name: name, location: location)
            }
        } catch {
            fail(error)
        }
    }

    func endElement() {
        guard state.pointee.failure == nil else { return }
        if state.pointee.document != nil { state.pointee.document?.end() } else { state.pointee.archive?.end() }
        state.pointee.depth -= 1
    }

    var wantsText: Bool { state.pointee.failure == nil && (state.pointee.document?.wantsText ?? state.pointee.archive?.wantsText ?? false) }

    func text() {
        if state.pointee.document != nil { state.pointee.document?.text(reader) } else { state.pointee.archive?.text(reader) }
    }

    func documentType() {
        fail("document type declaration (DOCTYPE) found; Interface Builder never writes one and it is not read",
             line: (state.pointee.locator.peek("<!DOCTYPE") ?? state.pointee.lastLocation).line)
    }

    func entityReference() {
        fail("entity reference found; entities are never expanded", line: state.pointee.lastLocation.line)
    }

    private func chooseHandler(root: XMLStartElement, name: IBName?, location: IBLocation) throws(IBParseFailure) {
        switch name {
        case .document:
            state.pointee.format = .xib
            state.pointee.document = IBDocumentBuilder(reader: reader, byteCount: byteCount)
        case .archive:
            state.pointee.format = .legacyArchive
            state.pointee.archive = IBLegacyArchiveBuilder(reader: reader)
        default:
            let name = root.name.map { String(cString: $0) } ?? "?"
            throw IBParseFailure(reason: "root element <\(name)> is not an Interface Builder <document> or <archive>", line: location.line)
        }
    }
}
