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
    /// `"<id>.CustomClassName"` entries of the 8.x dictionary form, with their position.
    var customClassByObjectID: [String: (name: String, location: IBLocation)] = [:]
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
        let (objects, indexByRef, objectIDByRef) = makeObjects(platform: platform)
        let modelConnections = connections.enumerated().map { offset, connection in
            IBConnection(
                index: offset, kind: connection.kind, source: connection.sourceRef.flatMap { indexByRef[$0] },
                sourceID: connection.sourceRef.map { objectIDByRef[$0] ?? $0 } ?? "",
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

    /// The custom class of each object id, from both forms of `flattenedProperties`.
    private var customClasses: [String: (name: String, location: IBLocation?)] {
        var classes = customClassByObjectID.mapValues { (name: $0.name, location: Optional($0.location)) }
        for (key, value) in zip(flattenedKeys, flattenedValues) where key.hasSuffix(IBLegacyKey.customClassSuffix) {
            if let value { classes[String(key.dropLast(IBLegacyKey.customClassSuffix.count))] = (value, nil) }
        }
        return classes
    }

    /// One object per record (and per custom class without a record), with parents, and
    /// the maps from archive references to object indices and ids.
    private func makeObjects(platform: IBDocument.Platform) -> ([IBObject], [String: Int], [String: String]) {
        let customClasses = customClasses
        var objects: [IBObject] = []
        var indexByRef: [String: Int] = [:]
        var objectIDByRef: [String: String] = [:]
        for record in records {
            guard let objectID = record.objectID, objectID != "0" else { continue }
            let ref = record.objectRef
            let declaration = ref.flatMap { declarationByRef[$0] }
            let object = IBObject(
                index: objects.count, element: declaration?.className ?? "object", id: objectID,
                customClass: customClasses[objectID]?.name ?? ref.flatMap { nsClassNameByRef[$0] },
                userLabel: record.name,
                placeholder: placeholderRole(objectID: objectID, ref: ref, platform: platform),
                location: declaration?.location ?? record.location)
            if let ref {
                indexByRef[ref] = object.index
                objectIDByRef[ref] = objectID
            }
            objects.append(object)
        }
        for record in records {
            guard let ref = record.objectRef, let index = indexByRef[ref],
                  let parentRef = record.parentRef, let parent = indexByRef[parentRef] else { continue }
            objects[index].parent = parent
            objects[parent].children.append(index)
        }
        let knownIDs = Set(objects.map(\.id))
        for (objectID, customClass) in customClasses.sorted(by: { $0.key < $1.key }) where !knownIDs.contains(objectID) {
            objects.append(IBObject(index: objects.count, element: "object", id: objectID, customClass: customClass.name,
                                    location: customClass.location ?? IBLocation(line: 1, column: 1)))
        }
        return (objects, indexByRef, objectIDByRef)
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
