/// Every substitution of the project and the placements it replaces, derived once per
/// analysis (``ProjectModel/substitutionIndex``) instead of once per §4.1/§4.2 rule.
struct SubstitutionIndex: Sendable {
    /// ``ProjectModel/substitutions()``: overrides that return a nib-loaded view, by type name.
    var substitutions: [Substitution]
    /// ``ProjectModel/substitutionPlacements()``, in document order.
    var placements: [SubstitutionPlacement]
    /// Class name → the override its nearest `awakeAfter` is (`Type|method`), for every
    /// class of the model that has one.
    var nearestOverride: [String: String]
    /// The class names `nearestOverride` was computed for (with or without an override).
    var indexedClasses: Set<String>
    /// `Type|method` → the view-like placements of every class inheriting that override, sorted.
    var placementsByOverride: [String: [IBObjectReference]]
    /// Whether any project type overrides `awakeAfter` at all; when none does (most
    /// projects), no class has a nearest override and nothing above was computed.
    var hasOverrides = true

    static func key(_ type: SourceType, _ method: SourceMethod) -> String {
        "\(type.name)|\(method.name)"
    }
}

extension ProjectModel {
    /// The substitution index, built by the first rule that needs it.
    var substitutionIndex: SubstitutionIndex {
        substitutionIndexCache.get { buildSubstitutionIndex() }
    }

    /// Every override in the project that returns a nib-loaded view, by type name.
    func substitutions() -> [Substitution] {
        substitutionIndex.substitutions
    }

    /// Every placement replaced by a substitution, in document order.
    func substitutionPlacements() -> [SubstitutionPlacement] {
        substitutionIndex.placements
    }

    /// The `Type|method` of the nearest `awakeAfter` override in the lineage of `name`.
    func nearestAwakeAfterKey(of name: String) -> String? {
        let index = substitutionIndex
        guard index.hasOverrides else { return nil }
        if index.indexedClasses.contains(name) { return index.nearestOverride[name] }
        return StrategyClassifier(model: self).substitution(of: name).map { SubstitutionIndex.key($0.0, $0.1) }
    }

    private func buildSubstitutionIndex() -> SubstitutionIndex {
        // `StrategyClassifier.substitution(of:)` only ever returns a type's first bodied
        // `awakeAfter` with a summary: without any such method, every lineage walk is skipped.
        // Declarations are read in place (a `SourceType` copy retains a dozen arrays).
        let types = sources.types
        let hasOverrides = types.indices.contains { index in
            types.values[index].methods.contains { $0.lifecycle == .awakeAfter && $0.hasBody && $0.awakeAfter != nil }
        }
        guard hasOverrides else {
            return SubstitutionIndex(substitutions: [], placements: [], nearestOverride: [:], indexedClasses: [],
                                     placementsByOverride: [:], hasOverrides: false)
        }
        let substitutions = computeSubstitutions()
        let classifier = StrategyClassifier(model: self)
        var nearest: [String: String] = [:]
        var byOverride: [String: [IBObjectReference]] = [:]
        for projectClass in classes.values {
            guard let (type, method, _) = classifier.substitution(of: projectClass.name) else { continue }
            let key = SubstitutionIndex.key(type, method)
            nearest[projectClass.name] = key
            byOverride[key, default: []] += projectClass.placements.filter { object($0).isViewLike }
        }
        let byKey = Dictionary(substitutions.map { (SubstitutionIndex.key($0.type, $0.method), $0) }) { first, _ in first }
        return SubstitutionIndex(substitutions: substitutions,
                                 placements: computeSubstitutionPlacements(byKey: byKey, nearest: nearest),
                                 nearestOverride: nearest,
                                 indexedClasses: Set(classes.values.map(\.name)),
                                 placementsByOverride: byOverride.mapValues { $0.sorted() })
    }
}
