import CLibXML2

/// Connections (outlets, outlet collections, actions, segues), Cocoa bindings and
/// user-defined runtime attributes.
extension IBDocumentBuilder {
    /// Adds an outlet, outlet collection, action or segue held by `source`.
    mutating func addConnection(_ node: XMLStartElement, name: IBName, source: Int, location: IBLocation) {
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
            case .customClass: connection.customClass = value.string
            case .customModule: connection.customModule = value.string
            case .customModuleProvider: connection.customModuleProvider = value.string
            default: break
            }
        }
        connections.append(connection)
    }

    /// Adds a `<userDefinedRuntimeAttribute>` of `owner`.
    mutating func addRuntimeAttribute(_ node: XMLStartElement, owner: Int, location: IBLocation) {
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

    /// Adds a `<binding>` held by `owner`; returns its index.
    mutating func addBinding(_ node: XMLStartElement, owner: Int, location: IBLocation) -> Int {
        var binding = IBBinding(index: bindings.count, name: "", object: owner, destination: "", keyPath: "", location: location)
        reader.attributes(of: node) { name, value in
            switch name {
            case .id: binding.id = value.string
            case .name: binding.name = value.string
            case .destination: binding.destination = value.string
            case .keyPath: binding.keyPath = value.string
            case .previousBinding: binding.previousBinding = value.string
            default: break
            }
        }
        bindings.append(binding)
        return binding.index
    }

    /// One entry of a binding's options dictionary: `<bool key="…" value="NO"/>`,
    /// `<integer …/>`, or `<string key="…">text</string>` (read by `text`).
    mutating func readBindingOption(_ node: XMLStartElement, name element: IBName?, binding: Int) {
        var key: String?
        var value: String?
        reader.attributes(of: node) { name, attribute in
            if name == .key { key = attribute.string }
            if name == .value { value = attribute.string }
        }
        guard let key else { return }
        bindings[binding].options[key] = value ?? ""
        if value == nil, element == .string {
            bindingOptionKey = (binding, key)
        }
    }
}
