import CLibXML2

/// Reads what the analysis needs from a pre-Xcode-5 `<archive>` xib (versions 7.x/8.x):
/// the object records, custom class names (`flattenedProperties` `"<id>.CustomClassName"`
/// in both the 8.x dictionary and the 7.x parallel-arrays form, and `NSClassName`), the
/// root objects in order, and outlet/action connection records.
final class IBLegacyArchiveBuilder: IBElementHandler {
    private let reader: XMLStreamReader
    private let limits: InterfaceBuilderLimits
    private var stack: [IBLegacyElement] = []
    private var archive = IBLegacyArchive()

    init(reader: XMLStreamReader, limits: InterfaceBuilderLimits) {
        self.reader = reader
        self.limits = limits
    }

    func start(_ node: xmlNodePtr, name: IBName?, location: IBLocation) throws(IBParseFailure) {
        var element = IBLegacyElement(name: name, location: location)
        try forEachAttribute(of: node, reader: reader, limits: limits, location: location) { name, value in
            switch name {
            case .key: element.key = value.string
            case .class: element.className = value.string
            case .id: element.id = value.string
            case .ref: element.ref = value.string
            case .type where stack.isEmpty: archive.documentType = value.string
            case .version where stack.isEmpty: archive.version = value.string
            default: break
            }
        }
        if let id = element.id, let className = element.className {
            archive.classByRef[id] = className
            archive.locationByRef[id] = location
        }
        if element.className == "IBObjectRecord" {
            element.record = archive.records.count
            archive.records.append(IBLegacyArchive.Record(location: location))
        } else {
            element.record = stack.last?.record
        }
        if element.key == "connection", let kind = element.className.flatMap(IBLegacyArchive.connectionKind) {
            element.connection = archive.connections.count
            archive.connections.append(IBLegacyArchive.Connection(kind: kind, location: location))
        } else {
            element.connection = stack.last?.connection
        }
        noteReference(element)
        stack.append(element)
    }

    /// Handles `ref`/`id` links: record object and parent, connection ends, root objects.
    private func noteReference(_ element: IBLegacyElement) {
        guard let target = element.ref ?? element.id, let parent = stack.last else { return }
        if parent.key == "IBDocument.RootObjects", element.key == nil {
            archive.rootObjectRefs.append(target)
        }
        if let connection = parent.connection, parent.key == "connection" {
            switch element.key {
            case "source": archive.connections[connection].sourceRef = target
            case "destination": archive.connections[connection].destinationRef = target
            default: break
            }
        } else if let record = parent.record, parent.className == "IBObjectRecord" {
            switch element.key {
            case "object": archive.records[record].objectRef = target
            case "parent": archive.records[record].parentRef = target
            default: break
            }
        }
    }

    func text(_ reader: XMLStreamReader) {
        guard let value = reader.textValue, !stack.isEmpty else { return }
        stack[stack.count - 1].text += value
    }

    func end() {
        guard let element = stack.popLast() else { return }
        guard let parent = stack.last else { return }
        let text = element.text.trimmingWhitespace
        if parent.key == "dict.sortedKeys" || parent.key == "dict.values", element.key == nil,
           stack.count >= 2, stack[stack.count - 2].key == "flattenedProperties" {
            if parent.key == "dict.sortedKeys" {
                archive.flattenedKeys.append(text)
            } else {
                archive.flattenedValues.append(element.name == .string ? text : nil)
            }
            return
        }
        guard let key = element.key else { return }
        switch key {
        case "NSClassName":
            if let ref = parent.id { archive.nsClassNameByRef[ref] = text }
        case "IBProxiedObjectIdentifier":
            if let ref = parent.id { archive.proxyIdentifierByRef[ref] = text }
        case "label", "IBEventType":
            if let connection = parent.connection, parent.key == "connection" {
                if key == "label" { archive.connections[connection].label = text } else { archive.connections[connection].eventType = text }
            }
        case "objectID", "objectName":
            if let record = parent.record, parent.className == "IBObjectRecord" {
                if key == "objectID" { archive.records[record].objectID = text } else { archive.records[record].name = text }
            }
        default:
            if parent.key == "flattenedProperties", key.hasSuffix(".CustomClassName") {
                archive.customClassByObjectID[String(key.dropLast(".CustomClassName".count))] = text
            }
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
    var key: String?
    var className: String?
    var id: String?
    var ref: String?
    var text = ""
    /// Index of the `IBObjectRecord` being read.
    var record: Int?
    /// Index of the connection being read.
    var connection: Int?
}

private extension String {
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
