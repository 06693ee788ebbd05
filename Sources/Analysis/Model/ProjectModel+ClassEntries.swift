/// The report's `classes` section (SERVICE.md): every declared view, controller or cell
/// class and every class an Interface Builder file names, with nibs, placements and
/// strategies, sorted by name.
extension ProjectModel {
    /// - Parameter concurrency: threads that classify classes side by side; the order of
    ///   the result does not depend on it.
    public func classEntries(concurrency: Int = 1) -> [ClassEntry] {
        ThreadTeam.with(size: concurrency) { classEntries(team: $0) }
    }

    /// ``classEntries(concurrency:)`` on the threads of `team`.
    func classEntries(team: ThreadTeam) -> [ClassEntry] {
        let classifier = StrategyClassifier(model: self)
        // Dictionary positions are filtered and sorted rather than the classes themselves: a
        // `ProjectClass` is a large struct that copying into an array and sorting would copy
        // over and over.
        let reportedPositions = classes.indices
            .compactMap { position in
                reported(classes.values[position]) ? (name: classes.values[position].name, runtimeName: classes.values[position].runtimeName, position: position) : nil
            }
            .sorted { ($0.name, $0.runtimeName) < ($1.name, $1.runtimeName) }
        return ConcurrentMap.map(reportedPositions, team: team) { entry(for: classes.values[$0.position], classifier: classifier) }
    }

    private func reported(_ projectClass: ProjectClass) -> Bool {
        if !projectClass.interfaceBuilderReferences.isEmpty { return true }
        guard projectClass.type?.hasPrimaryDeclaration == true else { return false }
        // Below a superclass from a dependency the family comes from the class's name.
        return family(of: projectClass) != .other
    }

    private func entry(for projectClass: ProjectClass, classifier: StrategyClassifier) -> ClassEntry {
        let type = projectClass.type
        let references = projectClass.interfaceBuilderReferences
        let language: ClassEntry.Language
        if let type {
            language = type.language == .objc ? .objc : .swift
        } else {
            language = references.contains { customModule(of: $0) != nil || customModuleProvider(of: $0) != nil } ? .swift : .objc
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

    // The two attributes read straight from the document, without copying the whole object.
    private func customModule(of reference: IBObjectReference) -> String? {
        documents[reference.document].objects[reference.object].customModule
    }

    private func customModuleProvider(of reference: IBObjectReference) -> String? {
        documents[reference.document].objects[reference.object].customModuleProvider
    }

    /// The module IB names for the class; with "Inherit Module From Target" (or for a Swift
    /// class IB does not name) the module of the targets compiling its declaration when they
    /// build one, else the project's module when it builds exactly one.
    private func module(of projectClass: ProjectClass, language: ClassEntry.Language, references: [IBObjectReference]) -> String? {
        let declaringModules = projectClass.type.flatMap { build.targets(of: $0.location.path) }.map { build.modules(of: $0) } ?? []
        let onlyModule = declaringModules.count == 1 ? declaringModules.first
            : build.projectModules.count == 1 ? build.projectModules.first : nil
        if let explicit = references.first(where: { customModule(of: $0) != nil && customModuleProvider(of: $0) != "target" }) {
            return customModule(of: explicit)
        }
        if let inherited = references.first(where: { customModuleProvider(of: $0) == "target" }) {
            return onlyModule ?? customModule(of: inherited)
        }
        return language == .swift && projectClass.type != nil ? onlyModule : nil
    }

    /// Each nib once per role, by path and role: sorted first, so duplicates are neighbours.
    private func nibReferences(_ projectClass: ProjectClass) -> [ClassEntry.NibReference] {
        var all: [ClassEntry.NibReference] = []
        all.reserveCapacity(projectClass.rootViews.count + projectClass.filesOwners.count + projectClass.placements.count)
        for (references, role) in [(projectClass.rootViews, ClassEntry.NibReference.Role.rootView),
                                   (projectClass.filesOwners, .filesOwner), (projectClass.placements, .placed)] {
            for reference in references {
                all.append(ClassEntry.NibReference(path: documents[reference.document].path, role: role))
            }
        }
        all.sort { ($0.path, $0.role.rawValue) < ($1.path, $1.role.rawValue) }
        return all.removingAdjacentDuplicates()
    }

    private func placement(_ reference: IBObjectReference) -> ClassEntry.Placement {
        let document = documents[reference.document]
        let object = document.objects[reference.object]
        let own = document.selfConstraints(of: object).count { !$0.isPlaceholder }
        return ClassEntry.Placement(path: document.path, line: object.location.line, objectId: object.id,
                                    ownConstraints: own, subviews: object.subviews.count)
    }
}
