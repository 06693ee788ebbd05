/// The report's `classes` section (SERVICE.md): every declared view, controller or cell
/// class and every class an Interface Builder file names, with nibs, placements and
/// strategies, sorted by name.
extension ProjectModel {
    /// - Parameter concurrency: threads that classify classes side by side; the order of
    ///   the result does not depend on it.
    public func classEntries(concurrency: Int = 1) -> [ClassEntry] {
        let classifier = StrategyClassifier(model: self)
        let reportedClasses = classes.values
            .filter { reported($0) }
            .sorted { ($0.name, $0.runtimeName) < ($1.name, $1.runtimeName) }
        return ConcurrentMap.map(reportedClasses, concurrency: concurrency) { entry(for: $0, classifier: classifier) }
    }

    private func reported(_ projectClass: ProjectClass) -> Bool {
        if !projectClass.interfaceBuilderReferences.isEmpty { return true }
        guard projectClass.type?.hasPrimaryDeclaration == true else { return false }
        return family(of: projectClass.runtimeName) != .other
    }

    private func entry(for projectClass: ProjectClass, classifier: StrategyClassifier) -> ClassEntry {
        let type = projectClass.type
        let references = projectClass.interfaceBuilderReferences.map { object($0) }
        let language: ClassEntry.Language
        if let type {
            language = type.language == .objc ? .objc : .swift
        } else {
            language = references.contains { $0.customModule != nil || $0.customModuleProvider != nil } ? .swift : .objc
        }
        return ClassEntry(
            name: projectClass.name,
            objcName: projectClass.runtimeName == projectClass.name ? nil : projectClass.runtimeName,
            language: language,
            superclass: type?.superclass,
            module: module(of: projectClass, language: language, references: references),
            declared: type.flatMap { $0.hasPrimaryDeclaration ? ClassEntry.Declaration(path: $0.location.path, line: $0.location.line) : nil },
            nibs: nibReferences(projectClass),
            placements: projectClass.placements.map(placement),
            strategies: classifier.strategies(for: projectClass)
        )
    }

    /// The module IB names for the class; with "Inherit Module From Target" (or for a Swift
    /// class IB does not name) the project's module when it builds exactly one.
    private func module(of projectClass: ProjectClass, language: ClassEntry.Language, references: [IBObject]) -> String? {
        let onlyModule = modules.projectModules.count == 1 ? modules.projectModules.first : nil
        if let explicit = references.first(where: { $0.customModule != nil && $0.customModuleProvider != "target" }) {
            return explicit.customModule
        }
        if let inherited = references.first(where: { $0.customModuleProvider == "target" }) {
            return onlyModule ?? inherited.customModule
        }
        return language == .swift && projectClass.type != nil ? onlyModule : nil
    }

    private func nibReferences(_ projectClass: ProjectClass) -> [ClassEntry.NibReference] {
        var seen: Set<String> = []
        let all = projectClass.rootViews.map { (document($0).path, ClassEntry.NibReference.Role.rootView) }
            + projectClass.filesOwners.map { (document($0).path, .filesOwner) }
            + projectClass.placements.map { (document($0).path, .placed) }
        return all
            .filter { seen.insert("\($0.0)|\($0.1.rawValue)").inserted }
            .sorted { ($0.0, $0.1.rawValue) < ($1.0, $1.1.rawValue) }
            .map { ClassEntry.NibReference(path: $0.0, role: $0.1) }
    }

    private func placement(_ reference: IBObjectReference) -> ClassEntry.Placement {
        let document = document(reference)
        let object = object(reference)
        let own = document.selfConstraints(of: object).filter { !$0.isPlaceholder }
        return ClassEntry.Placement(path: document.path, line: object.location.line, objectId: object.id,
                                    ownConstraints: own.count, subviews: object.subviews.count)
    }
}
