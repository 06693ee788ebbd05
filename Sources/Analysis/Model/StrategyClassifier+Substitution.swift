/// `awake-after-substitution` with its guard variant, and `init-coder-replacement`.
extension StrategyClassifier {
    /// The substitution the class performs (its own or inherited `awakeAfter`), XXNibBridge
    /// style swizzling, and the substitution a placeholder subclass performs for it.
    func substitutionStrategies(_ projectClass: ProjectClass) -> [Strategy] {
        var strategies: [Strategy] = []
        if let (owner, method, summary) = substitution(of: projectClass.name), summary.mayReturnAnotherObject {
            let inherited = owner.name != projectClass.name
            let origin = inherited ? "Inherits \(method.name) from \(owner.name), which" : "\(method.name)"
            var notes: [Evidence] = []
            if summary.returnsNibLoadedObject {
                notes.append(Evidence(path: method.location.path, line: method.location.line,
                                      note: "\(origin) returns a view loaded from a nib instead of the decoded one."))
                notes += model.loadSites(inType: owner.name).filter(isSubstitution).map {
                    evidence($0, "Loads \($0.nibName.candidates.first ?? $0.nibName.expression) with owner \(ownerText($0.owner)).")
                }
                let (variant, guardNote) = Self.variant(of: summary.guardKind)
                notes.append(Evidence(path: summary.location.path, line: summary.location.line, note: guardNote))
                strategies.append(Strategy(id: "awake-after-substitution", variant: variant, evidence: notes))
            } else {
                notes.append(Evidence(path: method.location.path, line: method.location.line,
                                      note: "\(origin) returns the result of another call rather than self (a loader helper); the guard and the copies it makes are not visible here."))
                strategies.append(Strategy(id: "awake-after-substitution", evidence: notes))
            }
        }
        if let (type, how) = model.nibBridging(of: projectClass.runtimeName) {
            strategies.append(Strategy(id: "awake-after-substitution", variant: "subviews-count", evidence: [
                Evidence(path: type.location.path, line: type.location.line,
                         note: "\(type.name) \(how): XXNibBridge swizzles awakeAfterUsingCoder: and loads the nib named after the class when the placeholder has no subviews."),
            ]))
        }
        strategies += placeholderSubclassStrategies(projectClass)
        return strategies
    }

    /// The nearest `awakeAfter` override in the project lineage of `name`.
    func substitution(of name: String) -> (SourceType, SourceMethod, AwakeAfterSummary)? {
        for ancestor in model.lineage(of: name) {
            guard let type = model.declaration(of: ancestor) else { continue }
            if let method = type.methods.first(where: { $0.lifecycle == .awakeAfter && $0.hasBody }), let summary = method.awakeAfter {
                return (type, method, summary)
            }
        }
        return nil
    }

    /// Seed 000 (e) and 001: project subclasses of the class that substitute themselves with
    /// an instance of it; the class is placed in storyboards through them.
    private func placeholderSubclassStrategies(_ projectClass: ProjectClass) -> [Strategy] {
        let subclasses = Set((model.hierarchy.subclasses[projectClass.name] ?? []) + (model.hierarchy.subclasses[projectClass.runtimeName] ?? []))
            .compactMap { model.declaration(of: $0) }
            .sorted { $0.name < $1.name }
        var seen: Set<String> = []
        return subclasses.filter { seen.insert($0.name).inserted }.compactMap { subclass in
            guard let method = subclass.methods.first(where: { $0.lifecycle == .awakeAfter }), let summary = method.awakeAfter,
                  summary.returnsNibLoadedObject, case .placeholderSubclass = summary.guardKind else { return nil }
            return Strategy(id: "awake-after-substitution", variant: "placeholder-subclass", evidence: [
                Evidence(path: method.location.path, line: method.location.line,
                         note: "\(subclass.name) is placed in Interface Builder and replaces itself with a \(projectClass.name) loaded from its nib."),
            ])
        }
    }

    /// The report's variant id and a sentence about the guard.
    static func variant(of guardKind: AwakeAfterSummary.Guard) -> (String, String) {
        switch guardKind {
        case .none:
            ("unguarded", "Nothing stops the nib-loaded copy from substituting itself again.")
        case .staticFlag(let name):
            ("static-flag", "A shared static flag (\(name)) is set around the load.")
        case .subviewsCount:
            ("subviews-count", "Substitutes only when the decoded view has no subviews.")
        case .propertyFlag(let name):
            ("nib-flag-property", "Checks the property \(name), meant to be set by a user-defined runtime attribute of the nib.")
        case .privateSubclass(let name):
            ("nib-private-subclass", "The nib's root uses the private subclass \(name), whose awakeAfter returns self.")
        case .placeholderSubclass(let name):
            ("placeholder-subclass", "The placeholder subclass loads the nib of its superclass \(name), whose instances do not substitute.")
        }
    }

    /// Objective-C `self = <nib-loaded>` in an initialiser (`initWithCoder:`, `initWithFrame:`,
    /// `initWithEvent:`…) of the class, or inherited from a superclass whose replacement
    /// loads the nib of the receiver's own class (`[[self class] nib]`).
    func initReplacementStrategies(_ projectClass: ProjectClass) -> [Strategy] {
        let assignments = nibReplacements(of: projectClass)
        guard !assignments.isEmpty else { return [] }
        return [Strategy(id: "init-coder-replacement", evidence: assignments.map { assignment in
            let owner = assignment.context.typeName ?? projectClass.name
            let origin = owner == projectClass.name ? "" : "Inherited from \(owner): "
            return Evidence(path: assignment.location.path, line: assignment.location.line,
                            note: "\(origin)\(assignment.context.methodName ?? "An initializer") assigns self = \(assignment.expression).")
        })]
    }

    /// The `self = <nib-loaded>` assignments that create an instance of the class: its own,
    /// and a superclass's when the load names the class of `self` rather than a fixed nib
    /// (then only when a nib of the class's name exists, as the load needs).
    func nibReplacements(of projectClass: ProjectClass) -> [SelfAssignment] {
        // Only Objective-C initialisers assign `self`: a project without one has nothing to
        // look up along any lineage.
        guard !model.selfAssignmentsByType.isEmpty else { return [] }
        let ownNib = !model.nibCatalog.nibDocuments(named: projectClass.runtimeName).isEmpty
        let lineage = [projectClass.name] + model.lineage(of: projectClass.runtimeName).filter { $0 != projectClass.name && $0 != projectClass.runtimeName }
        for (depth, type) in lineage.enumerated() {
            let replacements = (model.selfAssignmentsByType[type] ?? []).filter { assignment in
                // A load of `[self class]`'s nib replaces self only when that nib exists.
                let loadsNibOfSelf = Self.namesClassOfSelf(assignment.expression)
                switch assignment.source {
                case .nibLoad, .factory: return loadsNibOfSelf ? ownNib : depth == 0
                case .superInit, .other: return false
                }
            }
            if !replacements.isEmpty { return replacements }
        }
        return []
    }

    /// `[self class]`, `self.class`, `[self classForCoder]`: the class the instance really is.
    private static func namesClassOfSelf(_ expression: String) -> Bool {
        ["[self class]", "self.class", "[self classForCoder]", "NSStringFromClass(self.class)"].contains { ASCIIText.contains(expression, $0) }
    }
}
