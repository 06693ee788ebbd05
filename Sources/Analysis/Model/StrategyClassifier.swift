/// Establishes the loading strategies of ANALYSIS.md §3 for one class, each with its
/// evidence: the nib elements, load sites, overrides and placements that show it.
struct StrategyClassifier {
    typealias Strategy = ClassEntry.Strategy
    typealias Evidence = ClassEntry.Strategy.Evidence

    let model: ProjectModel

    /// Every strategy of `projectClass`, in a fixed order; `unknown` (with the reason)
    /// when Interface Builder names the class but nothing explains how it gets loaded.
    func strategies(for projectClass: ProjectClass) -> [Strategy] {
        let family = model.family(of: projectClass)
        guard family != .other else { return [] }
        var strategies: [Strategy] = []
        strategies += rootNibStrategies(projectClass, family: family)
        strategies += ownerNibStrategies(projectClass, family: family)
        strategies += substitutionStrategies(projectClass)
        strategies += initReplacementStrategies(projectClass)
        if family == .viewController { strategies += implicitControllerNib(projectClass, existing: strategies) }
        strategies += topLevelObjectStrategies(projectClass, existing: strategies)
        strategies += placementOnlyStrategies(projectClass, existing: strategies)
        if strategies.isEmpty, let unknown = unknownStrategy(projectClass) { strategies.append(unknown) }
        return merged(strategies)
    }

    // MARK: Nibs whose root is the class

    private func rootNibStrategies(_ projectClass: ProjectClass, family: ProjectModel.ClassFamily) -> [Strategy] {
        // A load whose result replaces `self` in an initialiser is `init-coder-replacement`.
        let replacements = nibReplacements(of: projectClass)
        return projectClass.rootViews.compactMap { root in
            let document = model.document(root)
            guard let nibName = NibCatalog.loadName(ofPath: document.path) else { return nil }
            let object = model.object(root)
            let sites = model.loadSites(forNib: nibName)
            let rootEvidence = Evidence(path: document.path, line: object.location.line,
                                        note: "The top-level \(object.element) of \(nibName) has class \(projectClass.runtimeName).")
            // A load whose owner is not the loaded object itself takes the root out of the nib:
            // owner nil, another expression, `self` in a type method (the metatype) or `self`
            // in another class's method (that other object).
            // A `UINib` made and not instantiated here (a `+nib` getter) registers a cell, or
            // is instantiated by the getter's callers (an overridden getter of a subclass).
            let replacing = sites.filter { site in replacements.contains { $0.location.path == site.location.path && $0.location.line == site.location.line } }
            // A nib getter (`+nib`) whose only callers replace self is part of the replacement.
            let getter = { (caller: NibLoadSite) in caller.helperLoad.flatMap { load in sites.first { $0.location == load }?.context } }
            let gettersOfReplacements = Set(replacing.compactMap(getter)).filter { context in
                sites.allSatisfy { getter($0) != context || replacing.contains($0) }
            }
            let factories = sites.filter { site in
                // A load in a protocol extension named after `Self` loads a conformer's nib only
                // where a caller binds `Self` to it (a call site of its own, `CardView.fromNib()`).
                guard !site.nibName.isNamedAfterEachConformer else { return false }
                guard site.api != .viewControllerNibName, site.api != .registerNib, !replacing.contains(site),
                      !(isRegisteredNibOnly(site) && gettersOfReplacements.contains(site.context)) else { return false }
                if isRegisteredNibOnly(site) { return family != .cell && ProjectModel.family(ofElement: object) != .cell }
                return site.owner != .selfObject || site.context.isTypeMethod
                    || !(site.context.typeName.map { model.isKind($0, of: projectClass.runtimeName) || model.isKind(projectClass.runtimeName, of: $0) } ?? false)
            }
            if family == .cell || ProjectModel.family(ofElement: object) == .cell {
                let registrations = sites.filter { $0.api == .registerNib || isRegisteredNibOnly($0) }
                // A cell nib nothing registers but a factory instantiates is a root-class factory.
                if registrations.isEmpty, !factories.isEmpty {
                    return Strategy(id: "root-class-factory", evidence: [rootEvidence] + factories.map {
                        evidence($0, "Loads \(nibName) with owner \(ownerText($0.owner)) and takes the \(projectClass.runtimeName) it holds; nothing registers it.")
                    })
                }
                // Registered by class and made from its nib by an initialiser that replaces self.
                if registrations.isEmpty, !replacements.isEmpty { return nil }
                // Nothing registers nor names it, but a loader takes the first object of the
                // nib named after a class it is given at run time (a cell-class registry).
                let byClass = registrations.isEmpty && nibName == projectClass.runtimeName ? runtimeClassLoads() : []
                if !byClass.isEmpty {
                    return Strategy(id: "root-class-factory", evidence: [rootEvidence] + byClass.map {
                        evidence($0, "Loads the nib named after a class chosen at run time (\($0.nibName.expression)) and takes its first object; nothing registers \(nibName).")
                    })
                }
                return Strategy(id: "cell-nib", evidence: [rootEvidence] + registrations.map {
                    evidence($0, "Registers or instantiates the cell nib \(nibName).")
                })
            }
            if !factories.isEmpty {
                return Strategy(id: "root-class-factory", evidence: [rootEvidence] + factories.map {
                    evidence($0, "Loads \(nibName) with owner \(ownerText($0.owner)) and takes the \(projectClass.runtimeName) it holds.")
                })
            }
            let why = unknownReason(projectClass, nibName: nibName, loadedBy: "no source loads \(nibName)")
            return Strategy(id: "unknown", evidence: [Evidence(path: document.path, line: object.location.line,
                                                               note: "\(projectClass.runtimeName) is the root of \(nibName), but \(why).")])
        }
    }

    // MARK: Nibs whose File's Owner is the class

    private func ownerNibStrategies(_ projectClass: ProjectClass, family: ProjectModel.ClassFamily) -> [Strategy] {
        let unlabelled = family == .view ? unlabelledOwnerNibs(of: projectClass) : []
        return (projectClass.filesOwners + unlabelled).compactMap { owner in
            let document = model.document(owner)
            guard let nibName = NibCatalog.loadName(ofPath: document.path) else { return nil }
            let ownerEvidence = Evidence(path: document.path, line: model.object(owner).location.line,
                                         note: unlabelled.contains(owner)
                                            ? "\(nibName).xib is named after the class \(projectClass.runtimeName), and its File's Owner has no class (a design-time label only)."
                                            : "File's Owner of \(nibName) has class \(projectClass.runtimeName).")
            let sites = model.loadSites(forNib: nibName)
            if family == .viewController {
                // A label on a nib that no code names and the default lookup never finds.
                if isUnloadedControllerNib(nibName, sites: sites, of: projectClass) { return nil }
                return Strategy(id: "view-controller-nib", evidence: [ownerEvidence] + sites.map {
                    evidence($0, "Loads \(nibName) for the controller.")
                })
            }
            let lineage = Set(model.lineage(of: projectClass.name) + [projectClass.runtimeName])
            let ownSites = sites.filter { $0.owner == .selfObject || $0.api == .nibOwnerLoadable }
            let attachments = lineage.sorted().flatMap { model.attachmentsByType[$0] ?? [] }
            let initializer = model.nibLoadingInitializer(of: projectClass.runtimeName)
            if !ownSites.isEmpty || !attachments.isEmpty || initializer != nil
                || projectClass.type?.conformances.contains("NibOwnerLoadable") == true {
                return Strategy(id: "files-owner-content-view", evidence: [ownerEvidence]
                    + ownSites.map { evidence($0, "Loads \(nibName) with owner \(ownerText($0.owner)) from \($0.context.methodName ?? "a method").") }
                    + attachments.map { Evidence(path: $0.location.path, line: $0.location.line, note: "Adds \($0.viewExpression) as a subview (\($0.layout.rawValue)).") }
                    + (initializer.map { [Evidence(path: $0.method.location.path, line: $0.method.location.line,
                                                   note: "Loads a nib while initialising: \($0.chain.joined(separator: " → ")).")] } ?? []))
            }
            // A classless owner is the class's only when its code loads the xib as owner.
            if unlabelled.contains(owner) { return nil }
            let why = unknownReason(projectClass, nibName: nibName, loadedBy: "no source loads \(nibName) with owner self")
            return Strategy(id: "unknown", evidence: [Evidence(path: ownerEvidence.path, line: ownerEvidence.line,
                                                               note: "\(ownerEvidence.note) But \(why).")])
        }
    }

    /// The File's Owners of the xibs named after a view class whose owner Interface Builder
    /// leaves without a class and whose top-level objects do not name the class: the class
    /// is the owner whenever its own code loads the xib with `self` as owner (the label only
    /// lets IB offer outlets; at run time the owner is whatever the code passes, and key-value
    /// coding sets any outlet it has).
    private func unlabelledOwnerNibs(of projectClass: ProjectClass) -> [IBObjectReference] {
        guard projectClass.filesOwners.isEmpty, projectClass.rootViews.isEmpty else { return [] }
        return model.nibCatalog.nibDocuments(named: projectClass.runtimeName).compactMap { position in
            let document = model.documents[position]
            guard document.format != .storyboard, document.status == .analysed,
                  let owner = document.topLevelObjects.first(where: { document.objects[$0].placeholder == .filesOwner }),
                  document.objects[owner].customClass == nil else { return nil }
            return IBObjectReference(document: position, object: owner)
        }
    }

    // MARK: Helpers

    /// Why no strategy could be established for a nib of the class.
    private func unknownReason(_ projectClass: ProjectClass, nibName: String, loadedBy fallback: String) -> String {
        guard model.hasSources else { return "the project has no sources to show how \(nibName) is loaded" }
        if projectClass.type != nil, !model.isLineageComplete(of: projectClass.runtimeName),
           case let outside = model.lineageTop(of: projectClass.runtimeName) {
            return "its superclass \(outside) comes from outside the project and may load it"
        }
        return fallback
    }

    /// Loads of the nib named after a class held in a variable, owner nil, first object taken.
    private func runtimeClassLoads() -> [NibLoadSite] {
        model.sources.nibLoads.filter {
            $0.nibName.namesRuntimeClass && $0.owner == .none && ($0.resultUse == .first || $0.resultUse == .indexed && $0.resultIndex == 0)
        }
    }

    /// A `UINib` made and never instantiated in its method (kept for a `register…` call).
    private func isRegisteredNibOnly(_ site: NibLoadSite) -> Bool {
        site.api == .uiNib && site.owner == .notApplicable
    }

    /// A load inside `awakeAfter(using:)` / `awakeAfterUsingCoder:`.
    func isSubstitution(_ site: NibLoadSite) -> Bool {
        let method = site.context.methodName ?? ""
        return method.hasPrefix("awakeAfter")
    }

    /// Evidence at a load site; the note says which method the call sits in.
    func evidence(_ site: NibLoadSite, _ note: String) -> Evidence {
        let place = [site.context.typeName, site.context.methodName].compactMap { $0 }.joined(separator: ".")
        let sentence = place.isEmpty ? note : "\(place): \(note)"
        return Evidence(path: site.location.path, line: site.location.line, note: sentence)
    }

    func ownerText(_ owner: NibLoadSite.Owner) -> String {
        switch owner {
        case .none: "nil"
        case .selfObject: "self"
        case .expression(let text): text
        case .notApplicable: "set later"
        }
    }

    /// One entry per strategy id and variant, evidence deduplicated and in path/line order.
    /// A class has a handful of strategies, so a linear search beats a dictionary here, and
    /// sorting first lets duplicates be dropped as neighbours without building keys.
    private func merged(_ strategies: [Strategy]) -> [Strategy] {
        var result: [Strategy] = []
        result.reserveCapacity(strategies.count)
        for strategy in strategies {
            if let position = result.firstIndex(where: { $0.id == strategy.id && ($0.variant ?? "") == (strategy.variant ?? "") }) {
                result[position].evidence += strategy.evidence
            } else {
                result.append(strategy)
            }
        }
        if result.contains(where: { $0.id != "unknown" }) {
            result.removeAll { $0.id == "unknown" }
        }
        for position in result.indices where result[position].evidence.count > 1 {
            result[position].evidence = Self.sortedUnique(result[position].evidence)
        }
        return result
    }

    private static func sortedUnique(_ evidence: [Evidence]) -> [Evidence] {
        evidence.sorted { ($0.path, $0.line, $0.note) < ($1.path, $1.line, $1.note) }.removingAdjacentDuplicates()
    }
}
