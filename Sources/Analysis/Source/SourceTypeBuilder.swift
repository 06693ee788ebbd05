/// Builds the merged ``SourceType`` per name from all declarations of the project.
enum SourceTypeBuilder {
    private static let primaryKinds: Set<SourceTypeDeclaration.Kind> = [.class, .struct, .enum, .protocol, .actor, .interface]
    private static let classKinds: Set<SourceTypeDeclaration.Kind> = [.class, .interface, .implementation]

    static func types(from declarations: [SourceTypeDeclaration]) -> [String: SourceType] {
        var grouped: [String: [Int]] = [:]
        for position in declarations.indices { grouped[declarations[position].name, default: []].append(position) }
        return grouped.mapValues { merged($0, of: declarations) }
    }

    /// One type from the declarations at `group` (file order), read in place.
    private static func merged(_ group: [Int], of declarations: [SourceTypeDeclaration]) -> SourceType {
        let primary = group.first { primaryKinds.contains(declarations[$0].kind) }
            ?? group.first { declarations[$0].kind == .implementation }
        let anchor = primary ?? group[0]
        let conformances = group.count == 1 && declarations[group[0]].conformances.count < 2
            ? declarations[group[0]].conformances
            : Array(Set(group.flatMap { declarations[$0].conformances })).sorted()
        var type = SourceType(
            name: declarations[anchor].name, language: declarations[anchor].language,
            isClass: primary.map { classKinds.contains(declarations[$0].kind) } ?? (declarations[anchor].language == .objc),
            isProtocol: primary.map { declarations[$0].kind == .protocol } ?? false, location: declarations[anchor].location,
            superclass: group.lazy.compactMap { declarations[$0].superclass }.first,
            conformances: conformances,
            runtimeName: group.lazy.compactMap { declarations[$0].runtimeName }.first,
            genericParameters: declarations[anchor].genericParameters, isDesignable: group.contains { declarations[$0].isDesignable },
            declarations: group.map { declarations[$0].location }, outlets: [], actions: [], properties: [], methods: [])
        type.hasPrimaryDeclaration = primary != nil
        // Each list is merged on its own; a single declaration without repeated members
        // gives its lists as they are (shared, not copied element by element).
        let single = group.count == 1 ? group[0] : nil
        if let single, !hasRepeats(declarations[single].outlets, { $0.name == $1.name }) {
            type.outlets = declarations[single].outlets
        } else {
            for position in group {
                for outlet in declarations[position].outlets where !type.outlets.contains(where: { $0.name == outlet.name }) {
                    type.outlets.append(outlet)
                }
            }
        }
        if let single, !hasRepeats(declarations[single].actions, { $0.selector == $1.selector }) {
            type.actions = declarations[single].actions
        } else {
            for position in group {
                for action in declarations[position].actions where !type.actions.contains(where: { $0.selector == action.selector }) {
                    type.actions.append(action)
                }
            }
        }
        if let single, !hasRepeats(declarations[single].properties, { $0.name == $1.name }) {
            type.properties = declarations[single].properties
        } else {
            for position in group {
                for property in declarations[position].properties {
                    if let existing = type.properties.firstIndex(where: { $0.name == property.name }) {
                        type.properties[existing].isSettable = type.properties[existing].isSettable || property.isSettable
                    } else {
                        type.properties.append(property)
                    }
                }
            }
        }
        if let single, !hasRepeats(declarations[single].methods, { $0.selector == $1.selector && $0.isTypeMethod == $1.isTypeMethod }) {
            type.methods = declarations[single].methods
        } else {
            for position in group {
                for method in declarations[position].methods {
                    if let existing = type.methods.firstIndex(where: { $0.selector == method.selector && $0.isTypeMethod == method.isTypeMethod }) {
                        if method.hasBody && !type.methods[existing].hasBody { type.methods[existing] = method }
                    } else {
                        type.methods.append(method)
                    }
                }
            }
        }
        return type
    }

    /// Does some element of `list` match an earlier one?
    private static func hasRepeats<Element>(_ list: [Element], _ same: (Element, Element) -> Bool) -> Bool {
        for later in list.indices.dropFirst() where list[..<later].contains(where: { same($0, list[later]) }) { return true }
        return false
    }
}
