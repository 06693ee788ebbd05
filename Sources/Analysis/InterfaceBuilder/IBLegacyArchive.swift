/// What a legacy `<archive>` xib holds, collected while streaming and turned into an
/// `IBDocument` (status `legacy`) at the end: archive references (`ref`/`id`) are mapped
/// to Interface Builder object ids through the object records.
struct IBLegacyArchive {
    /// One `IBObjectRecord`: the Interface Builder object id of an archived object.
    struct Record {
        var objectID: String?
        var objectRef: String?
        var parentRef: String?
        var name: String?
        var location: IBLocation
    }

    /// One outlet or action `IBConnectionRecord`.
    struct Connection {
        var kind: IBConnection.Kind
        var label: String?
        var sourceRef: String?
        var destinationRef: String?
        var eventType: String?
        var location: IBLocation
    }

    var documentType: String?
    var version: String?
    /// Archived class and position of every `<object class="…" id="…">`.
    var declarationByRef: [String: (className: String, location: IBLocation)] = [:]
    var nsClassNameByRef: [String: String] = [:]
    var proxyIdentifierByRef: [String: String] = [:]
    var records: [Record] = []
    var connections: [Connection] = []
    var rootObjectRefs: [String] = []
    var customClassByObjectID: [String: String] = [:]
    /// The 7.x form of `flattenedProperties`: keys and values as parallel arrays.
    var flattenedKeys: [String] = []
    var flattenedValues: [String?] = []

    /// The connection kind of an archived connection class; `nil` for bindings.
    static func connectionKind(_ className: String) -> IBConnection.Kind? {
        switch className {
        case "IBCocoaTouchOutletConnection", "IBOutletConnection": .outlet
        case "IBCocoaTouchEventConnection", "IBActionConnection": .action
        default: nil
        }
    }

    func model(path: String) -> IBDocument {
        let platform = IBDocument.Platform(documentType: documentType ?? "", targetRuntime: nil)
        var customClasses = customClassByObjectID
        for (key, value) in zip(flattenedKeys, flattenedValues) where key.hasSuffix(".CustomClassName") {
            if let value { customClasses[String(key.dropLast(".CustomClassName".count))] = value }
        }
        var objects: [IBObject] = []
        var indexByRef: [String: Int] = [:]
        var objectIDByRef: [String: String] = [:]
        for record in records {
            guard let objectID = record.objectID, objectID != "0" else { continue }
            let ref = record.objectRef
            let declaration = ref.flatMap { declarationByRef[$0] }
            let object = IBObject(
                index: objects.count, element: declaration?.className ?? "object", id: objectID,
                customClass: customClasses[objectID] ?? ref.flatMap { nsClassNameByRef[$0] },
                userLabel: record.name,
                placeholder: placeholderRole(objectID: objectID, ref: ref, platform: platform),
                location: declaration?.location ?? record.location)
            if let ref {
                indexByRef[ref] = object.index
                objectIDByRef[ref] = objectID
            }
            objects.append(object)
        }
        for (offset, record) in records.enumerated() {
            guard let ref = record.objectRef, let index = indexByRef[ref],
                  let parentRef = record.parentRef, let parent = indexByRef[parentRef] else { continue }
            objects[index].parent = parent
            objects[parent].children.append(index)
            _ = offset
        }
        let knownIDs = Set(objects.map(\.id))
        for (objectID, customClass) in customClasses.sorted(by: { $0.key < $1.key }) where !knownIDs.contains(objectID) {
            objects.append(IBObject(index: objects.count, element: "object", id: objectID, customClass: customClass,
                                    location: IBLocation(line: 1, column: 1)))
        }
        let modelConnections = connections.enumerated().map { offset, connection in
            let sourceID = connection.sourceRef.map { objectIDByRef[$0] ?? $0 } ?? ""
            return IBConnection(
                index: offset, kind: connection.kind, source: connection.sourceRef.flatMap { indexByRef[$0] }, sourceID: sourceID,
                property: connection.kind == .outlet ? connection.label : nil,
                selector: connection.kind == .action ? connection.label : nil,
                destination: connection.destinationRef.map { objectIDByRef[$0] ?? $0 },
                eventType: connection.eventType, location: connection.location)
        }
        return IBDocument(
            path: path, status: .legacy,
            reason: "legacy Interface Builder archive (version \(version ?? "unknown")): only custom classes and connections are read",
            format: .legacyArchive, platform: platform, documentType: documentType, version: version,
            objects: objects, topLevelObjects: rootObjectRefs.compactMap { indexByRef[$0] }, connections: modelConnections)
    }

    /// Proxies name their role; Cocoa archives use object ids -2/-1/-3 for File's Owner,
    /// First Responder and Application.
    private func placeholderRole(objectID: String, ref: String?, platform: IBDocument.Platform) -> IBPlaceholderRole? {
        if let ref, let identifier = proxyIdentifierByRef[ref] { return IBPlaceholderRole(placeholderIdentifier: identifier) }
        guard platform == .macOS else { return nil }
        switch objectID {
        case "-2": return .filesOwner
        case "-1": return .firstResponder
        case "-3": return .application
        default: return nil
        }
    }
}
