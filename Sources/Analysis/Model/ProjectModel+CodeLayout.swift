/// The layout the project's code gives a class's views (``CodeLayoutFact``), across the
/// class's project superclasses: what Interface Builder cannot see when it judges a view.
extension ProjectModel {
    /// The code-layout facts written in `typeName`'s lineage (runtime or source name),
    /// nearest class first.
    func codeLayout(ofClass typeName: String, in table: CodeLayoutTable) -> [CodeLayoutFact] {
        let start = declaredType(runtimeName: typeName)?.name ?? typeName
        return lineage(of: start).flatMap { table.facts(inType: $0) }
    }

    /// Where the class (or a project superclass) overrides `intrinsicContentSize`, if it does.
    func intrinsicContentSizeOverride(of typeName: String) -> SourceLocation? {
        let start = declaredType(runtimeName: typeName)?.name ?? typeName
        for name in lineage(of: start) {
            guard let type = sourceType(named: name) else { continue }
            if let property = type.properties.first(where: { $0.name == "intrinsicContentSize" && !$0.isStatic }) { return property.location }
            if let method = type.methods.first(where: { $0.selector == "intrinsicContentSize" && !$0.isTypeMethod && $0.hasBody }) {
                return method.location
            }
        }
        return nil
    }
}

/// ``SourceIndex/codeLayout`` grouped by the type whose methods hold them, built once per
/// rule run.
struct CodeLayoutTable {
    private let byType: [String: [CodeLayoutFact]]
    /// Some code of the project sizes table rows from their content.
    let sizesRowsAutomatically: Bool

    init(_ sources: SourceIndex) {
        var grouped: [String: [CodeLayoutFact]] = [:]
        var automatic = false
        for fact in sources.codeLayout {
            if fact.kind == .automaticRowHeight { automatic = true }
            guard let typeName = fact.context.typeName else { continue }
            grouped[typeName, default: []].append(fact)
        }
        byType = grouped
        sizesRowsAutomatically = automatic
    }

    func facts(inType typeName: String) -> [CodeLayoutFact] {
        byType[typeName] ?? []
    }
}
