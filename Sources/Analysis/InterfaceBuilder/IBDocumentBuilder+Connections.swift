import CLibXML2

/// Connections (outlets, outlet collections, actions, segues) and user-defined runtime
/// attributes.
extension IBDocumentBuilder {
    /// Adds an outlet, outlet collection, action or segue held by `source`.
    mutating func addConnection(_ node: xmlNodePtr, name: IBName, source: Int, location: IBLocation) {
        let kind: IBConnection.Kind = switch name {
        case .outletCollection: .outletCollection
        case .action: .action
        case .segue: .segue
        default: .outlet
        }
        var connection = IBConnection(index: connections.count, kind: kind, source: source, sourceID: objects[source].id, location: location)
        reader.attributes(of: node) { name, value in
            switch name {
            case .id: connection.id = value.string
            case .property: connection.property = value.string
            case .selector: connection.selector = value.string
            case .destination, .target: connection.destination = value.string
            case .eventType: connection.eventType = value.string
            case .collectionClass: connection.collectionClass = value.string
            case .identifier: connection.identifier = value.string
            case .kind: connection.segueKind = value.string
            case .relationship: connection.relationship = value.string
            default: break
            }
        }
        connections.append(connection)
    }

    /// Adds a `<userDefinedRuntimeAttribute>` of `owner`.
    mutating func addRuntimeAttribute(_ node: xmlNodePtr, owner: Int, location: IBLocation) {
        var attribute = IBRuntimeAttribute(keyPath: "", object: owner, location: location)
        reader.attributes(of: node) { name, value in
            switch name {
            case .keyPath: attribute.keyPath = value.string
            case .type: attribute.type = value.string
            case .value: attribute.value = value.string
            default: break
            }
        }
        runtimeAttributes.append(attribute)
    }
}
