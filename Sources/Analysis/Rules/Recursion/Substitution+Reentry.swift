/// Whether the view a substitution loads runs the same substitution again.
extension Substitution {
    /// The loaded nib roots whose class's nearest `awakeAfter` is this very override: decoding
    /// them calls it again.
    func reentrantRoots(in model: ProjectModel) -> [IBObjectReference] {
        let key = SubstitutionIndex.key(type, method)
        return loadedRoots.filter { reference in
            guard let runtimeName = model.object(reference).customClass, !runtimeName.isEmpty else { return false }
            return model.nearestAwakeAfterKey(of: model.projectClass(runtimeName)?.name ?? runtimeName) == key
        }
    }

    /// Every placement of a class that inherits (or declares) this override, whatever its guard.
    func placements(in model: ProjectModel) -> [IBObjectReference] {
        model.substitutionIndex.placementsByOverride[SubstitutionIndex.key(type, method)] ?? []
    }

    /// The identity of a finding about the override itself.
    var identity: [String] { [type.location.path, type.name, method.name] }

    /// `MyCustomView.xib (line 12)` for a root view.
    static func rootDescription(_ reference: IBObjectReference, in model: ProjectModel) -> String {
        let object = model.object(reference)
        return "\(model.document(reference).path) (root \(object.element) \(object.customClass ?? ""), line \(object.location.line))"
    }
}
