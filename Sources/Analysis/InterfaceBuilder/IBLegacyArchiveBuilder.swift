import CLibXML2

/// Reads what the analysis needs from a pre-Xcode-5 `<archive>` xib (versions 7.x/8.x):
/// the object records, custom class names (`flattenedProperties` `"<id>.CustomClassName"`
/// in both the 8.x dictionary and the 7.x parallel-arrays form, and `NSClassName`), the
/// root objects in order, and outlet/action connection records.
struct IBLegacyArchiveBuilder: IBElementHandler {
    private let reader: XMLStreamReader
    private var stack: [IBLegacyElement] = []
    private var archive = IBLegacyArchive()
    /// Text of the open element that reads text (such elements hold no elements).
    private var text = ""

    init(reader: XMLStreamReader) {
        self.reader = reader
    }

    mutating func start(_ node: XMLStartElement, name: IBName?, location: IBLocation) {
        var element = IBLegacyElement(name: name, location: location)
        var className: XMLAttributeValue?
        var ref: String?
        let isRoot = stack.isEmpty
        reader.attributes(of: node) { name, value in
            switch name {
            case .key: element.key = IBLegacyKey(value)
            case .class: className = value
            case .id: element.id = value.string
            case .ref: ref = value.string
            case .type where isRoot: archive.documentType = value.string
            case .version where isRoot: archive.version = value.string
            default: break
            }
        }
        if let id = element.id, let className {
            archive.declarationByRef[id] = (className.string, location)
        }
        if className?.equals("IBObjectRecord") == true {
            element.isRecord = true
            element.record = archive.records.count
            archive.records.append(IBLegacyArchive.Record(location: location))
        } else {
            element.record = stack.last?.record
        }
        if element.key == .connection, let kind = className.flatMap({ IBLegacyArchive.connectionKind($0.string) }) {
            element.connection = archive.connections.count
            archive.connections.append(IBLegacyArchive.Connection(kind: kind, location: location))
        } else {
            element.connection = stack.last?.connection
        }
        element.readsText = element.key?.carriesText == true || isFlattenedArrayEntry(element)
        if element.readsText { text = "" }
        if let target = ref ?? element.id { noteReference(to: target, from: element) }
        stack.append(element)
    }

    /// An unkeyed child of the 7.x `flattenedProperties` keys or values array.
    private func isFlattenedArrayEntry(_ element: IBLegacyElement) -> Bool {
        guard element.key == nil, stack.count >= 2, let parentKey = stack[stack.count - 1].key,
              parentKey == .sortedKeys || parentKey == .values else { return false }
        return stack[stack.count - 2].key == .flattenedProperties
    }

    /// Handles `ref`/`id` links: record object and parent, connection ends, root objects.
    private mutating func noteReference(to target: String, from element: IBLegacyElement) {
        guard let parent = stack.last else { return }
        if parent.key == .rootObjects, element.key == nil {
            archive.rootObjectRefs.append(target)
        }
        if let connection = parent.connection, parent.key == .connection {
            switch element.key {
            case .source: archive.connections[connection].sourceRef = target
            case .destination: archive.connections[connection].destinationRef = target
            default: break
            }
        } else if let record = parent.record, parent.isRecord {
            switch element.key {
            case .object: archive.records[record].objectRef = target
            case .parent: archive.records[record].parentRef = target
            default: break
            }
        }
    }

    var wantsText: Bool { stack.last?.readsText == true }

    mutating func text(_ reader: XMLStreamReader) {
        guard wantsText, let value = reader.textValue else { return }
        text += value
    }

    mutating func end() {
        guard let element = stack.popLast(), element.readsText, let parent = stack.last else { return }
        let text = text.trimmingASCIIWhitespace
        switch element.key {
        case nil:
            if parent.key == .sortedKeys {
                archive.flattenedKeys.append(text)
            } else {
                archive.flattenedValues.append(element.name == .string ? text : nil)
            }
        case .className:
            if let ref = parent.id { archive.nsClassNameByRef[ref] = text }
        case .proxiedObjectIdentifier:
            if let ref = parent.id { archive.proxyIdentifierByRef[ref] = text }
        case .label, .eventType:
            if let connection = parent.connection, parent.key == .connection {
                if element.key == .label { archive.connections[connection].label = text } else { archive.connections[connection].eventType = text }
            }
        case .objectID, .objectName:
            if let record = parent.record, parent.isRecord {
                if element.key == .objectID { archive.records[record].objectID = text } else { archive.records[record].name = text }
            }
        case .customClassName(let objectID):
            if parent.key == .flattenedProperties { archive.customClassByObjectID[objectID] = (text, element.location) }
        default:
            break
        }
    }

    func finish(path: String) -> IBDocument {
        archive.model(path: path)
    }
}

/// One open element of a legacy archive and what it links to.
struct IBLegacyElement {
    var name: IBName?
    var location: IBLocation
    var key: IBLegacyKey?
    var id: String?
    /// Whether the element's text is collected (a class name, label, id…).
    var readsText = false
    /// Whether the element is an `IBObjectRecord`.
    var isRecord = false
    /// Index of the `IBObjectRecord` being read.
    var record: Int?
    /// Index of the connection being read.
    var connection: Int?
}

private extension String {
    /// Without leading and trailing ASCII whitespace (archive text is ASCII-indented).
    var trimmingASCIIWhitespace: String {
        let isContent = { (byte: UInt8) in byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: isContent), let last = bytes.lastIndex(where: isContent) else { return "" }
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return self }
        return String(self[first...last])
    }
}
