/// Builds the merged ``SourceType`` per name from all declarations of the project.
enum SourceTypeBuilder {
    private static let primaryKinds: Set<SourceTypeDeclaration.Kind> = [.class, .struct, .enum, .protocol, .actor, .interface]

    static func types(from declarations: [SourceTypeDeclaration]) -> [String: SourceType] {
        var grouped: [String: [SourceTypeDeclaration]] = [:]
        for declaration in declarations { grouped[declaration.name, default: []].append(declaration) }
        return grouped.mapValues(merged)
    }

    private static func merged(_ group: [SourceTypeDeclaration]) -> SourceType {
        let primary = group.first { primaryKinds.contains($0.kind) } ?? group.first { $0.kind == .implementation }
        let anchor = primary ?? group[0]
        let classKinds: Set<SourceTypeDeclaration.Kind> = [.class, .interface, .implementation]
        var type = SourceType(
            name: anchor.name, language: anchor.language,
            isClass: primary.map { classKinds.contains($0.kind) } ?? (anchor.language == .objc),
            isProtocol: primary?.kind == .protocol, location: anchor.location,
            superclass: group.lazy.compactMap(\.superclass).first,
            conformances: Array(Set(group.flatMap(\.conformances))).sorted(),
            runtimeName: group.lazy.compactMap(\.runtimeName).first,
            genericParameters: anchor.genericParameters, isDesignable: group.contains { $0.isDesignable },
            declarations: group.map(\.location), outlets: [], actions: [], properties: [], methods: [])
        type.hasPrimaryDeclaration = primary != nil
        for declaration in group {
            for outlet in declaration.outlets where !type.outlets.contains(where: { $0.name == outlet.name }) {
                type.outlets.append(outlet)
            }
            for action in declaration.actions where !type.actions.contains(where: { $0.selector == action.selector }) {
                type.actions.append(action)
            }
            for property in declaration.properties {
                if let existing = type.properties.firstIndex(where: { $0.name == property.name }) {
                    type.properties[existing].isSettable = type.properties[existing].isSettable || property.isSettable
                } else {
                    type.properties.append(property)
                }
            }
            for method in declaration.methods {
                if let existing = type.methods.firstIndex(where: { $0.selector == method.selector && $0.isTypeMethod == method.isTypeMethod }) {
                    if method.hasBody && !type.methods[existing].hasBody { type.methods[existing] = method }
                } else {
                    type.methods.append(method)
                }
            }
        }
        return type
    }
}
