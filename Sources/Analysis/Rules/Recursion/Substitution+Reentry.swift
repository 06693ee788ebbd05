/// Whether the view a substitution loads runs the same substitution again.
extension Substitution {
    /// The loaded nib roots whose class's nearest `awakeAfter` is this very override: decoding
    /// them calls it again.
    func reentrantRoots(in model: ProjectModel) -> [IBObjectReference] {
        let classifier = StrategyClassifier(model: model)
        return loadedRoots.filter { reference in
            guard let runtimeName = model.object(reference).customClass, !runtimeName.isEmpty else { return false }
            let name = model.projectClass(runtimeName)?.name ?? runtimeName
            guard let (type, method, _) = classifier.substitution(of: name) else { return false }
            return type.name == self.type.name && method.name == self.method.name
        }
    }

    /// Every placement of a class that inherits (or declares) this override, whatever its guard.
    func placements(in model: ProjectModel) -> [IBObjectReference] {
        let classifier = StrategyClassifier(model: model)
        return model.classes.values.flatMap { projectClass -> [IBObjectReference] in
            guard let (type, method, _) = classifier.substitution(of: projectClass.name),
                  type.name == self.type.name, method.name == self.method.name else { return [] }
            return projectClass.placements.filter { model.object($0).isViewLike }
        }.sorted()
    }

    /// The identity of a finding about the override itself.
    var identity: [String] { [type.location.path, type.name, method.name] }

    /// `MyCustomView.xib (line 12)` for a root view.
    static func rootDescription(_ reference: IBObjectReference, in model: ProjectModel) -> String {
        let object = model.object(reference)
        return "\(model.document(reference).path) (root \(object.element) \(object.customClass ?? ""), line \(object.location.line))"
    }
}
