/// Strategies established from what is absent: no nib of its own, no IB reference at all.
extension StrategyClassifier {
    /// A controller whose nib UIKit/AppKit finds by its class name (`nibName` nil).
    func implicitControllerNib(_ projectClass: ProjectClass, existing: [Strategy]) -> [Strategy] {
        guard !existing.contains(where: { $0.id == "view-controller-nib" }) else { return [] }
        // Runs for every controller over every load site: fields are read in place and only
        // the matches copied, since a `NibLoadSite` is a large struct.
        let loads = model.sources.nibLoads
        let sites = loads.indices.filter {
            loads[$0].api == .viewControllerNibName
                && (loads[$0].owner == .selfObject && loads[$0].context.typeName == projectClass.name
                    || loads[$0].receiverType == projectClass.name)
        }.map { loads[$0] }.filter {
            // `initWithNibName:nil` with no nib of the class's name loads none: the view is made in code.
            $0.nibName.expression != "nil" || !model.definiteNibDocuments(of: $0).isEmpty
        }
        guard !sites.isEmpty else { return defaultLookupNib(projectClass) }
        return [Strategy(id: "view-controller-nib", evidence: sites.map {
            evidence($0, "Initialised with nib \($0.nibName.candidates.first ?? $0.nibName.expression).")
        })]
    }

    /// A top-level object of a xib that belongs to another class (its File's Owner names
    /// that class: a document, a representer, an app context) is still created by each load
    /// of that xib, and the loader takes it from the top-level objects or an outlet: a
    /// root-class factory whose owner is that other object. A placement inside a view of the
    /// xib, or a xib nothing loads, is not.
    func topLevelObjectStrategies(_ projectClass: ProjectClass, existing: [Strategy]) -> [Strategy] {
        guard existing.isEmpty, projectClass.rootViews.isEmpty, projectClass.filesOwners.isEmpty else { return [] }
        var evidence: [Evidence] = []
        for reference in projectClass.placements {
            let document = model.document(reference)
            guard document.format != .storyboard, document.topLevelObjects.contains(reference.object),
                  let nibName = NibCatalog.loadName(ofPath: document.path) else { continue }
            let loads = model.loadSites(forNib: nibName).filter {
                $0.api != .viewControllerNibName && $0.api != .registerNib && $0.owner != .notApplicable
            }
            guard !loads.isEmpty else { continue }
            let object = model.object(reference)
            evidence.append(Evidence(path: document.path, line: object.location.line,
                                     note: "A top-level \(object.element) of \(nibName) has class \(projectClass.runtimeName)."))
            evidence += loads.map {
                self.evidence($0, "Loads \(nibName) with owner \(ownerText($0.owner)), which creates the \(projectClass.runtimeName) it holds.")
            }
        }
        return evidence.isEmpty ? [] : [Strategy(id: "root-class-factory", evidence: evidence)]
    }

    /// The nib names UIKit's and AppKit's `loadView` look for when a controller of the class
    /// (or of a subclass, which inherits nothing of the name) is made with no nib name:
    /// the class name without `Controller`, then the class name.
    func defaultNibNames(of projectClass: ProjectClass) -> Set<String> {
        let names = [projectClass.name, projectClass.runtimeName]
        return Set(names + names.compactMap { $0.hasSuffix("Controller") ? String($0.dropLast("Controller".count)) : nil })
    }

    /// A controller with no File's Owner nib, no scene and no `initWithNibName:` of its own,
    /// whose default lookup finds a xib named after it (whatever its File's Owner label says,
    /// a design-time name only): `init` / `[[X alloc] init]` loads that xib. Not when the
    /// class builds its view in `loadView`.
    private func defaultLookupNib(_ projectClass: ProjectClass) -> [Strategy] {
        guard projectClass.filesOwners.isEmpty, projectClass.placements.isEmpty, projectClass.rootViews.isEmpty,
              let type = projectClass.type, !type.methods.contains(where: { $0.selector == "loadView" && $0.hasBody }) else { return [] }
        let documents = defaultNibNames(of: projectClass).sorted().flatMap { model.nibCatalog.nibDocuments(named: $0) }
            .map { model.documents[$0] }.filter { $0.format != .storyboard && $0.status == .analysed }
        guard !documents.isEmpty else { return [] }
        return [Strategy(id: "view-controller-nib", evidence: documents.map { document in
            Evidence(path: document.path, line: document.filesOwner?.location.line ?? 1,
                     note: "UIViewController's default nib lookup finds \(NibCatalog.loadName(ofPath: document.path) ?? document.path) for \(projectClass.runtimeName) made with no nib name.")
        })]
    }

    /// A view controller nib that names the class as File's Owner but that nothing loads: no
    /// load site names it and it is not a default nib name of the class or a subclass (a
    /// stale or misspelt copy). Its label alone makes no strategy. Window controllers name
    /// their nibs through `initWithWindowNibName:` and `windowNibName`, and a controller may
    /// override `nibName`: those keep their nibs.
    func isUnloadedControllerNib(_ nibName: String, sites: [NibLoadSite], of projectClass: ProjectClass) -> Bool {
        guard sites.isEmpty, !model.isKind(projectClass.runtimeName, of: "NSWindowController"),
              !model.lineage(of: projectClass.runtimeName).contains(where: { name in
                  guard let type = model.declaration(of: name) else { return false }
                  return (type.methods.map(\.name) + type.properties.map(\.name)).contains { $0.hasPrefix("nibName") || $0.hasPrefix("windowNibName") }
              }) else { return false }
        let subclasses = (model.hierarchy.subclasses[projectClass.runtimeName] ?? []).compactMap { model.projectClass($0) }
        return !([projectClass] + subclasses).contains { defaultNibNames(of: $0).contains(NibCatalog.stripped(nibName)) }
    }

    /// `storyboard-only` for a class placed in IB without a nib of its own, `code-only`
    /// for a declared view never named by IB nor loaded from a nib.
    func placementOnlyStrategies(_ projectClass: ProjectClass, existing: [Strategy]) -> [Strategy] {
        guard existing.isEmpty, projectClass.rootViews.isEmpty, projectClass.filesOwners.allSatisfy({ isUnloadedOwnerNib($0, of: projectClass) }) else { return [] }
        if !projectClass.placements.isEmpty {
            let evidence = projectClass.placements.prefix(3).map { reference in
                Evidence(path: model.document(reference).path, line: model.object(reference).location.line,
                         note: "Placed as a \(model.object(reference).element) and decoded with init(coder:); it has no nib of its own.")
            }
            return [Strategy(id: "storyboard-only", evidence: Array(evidence))]
        }
        guard let type = projectClass.type else { return [] }
        let labels = projectClass.filesOwners.map { model.document($0).path }
        let named = labels.isEmpty ? "No Interface Builder file names \(projectClass.runtimeName)"
            : "Only \(labels.joined(separator: ", ")), which nothing loads, names \(projectClass.runtimeName) as File's Owner,"
        return [Strategy(id: "code-only", evidence: [
            Evidence(path: type.location.path, line: type.location.line, note: "\(named) and no nib load creates it."),
        ])]
    }

    private func isUnloadedOwnerNib(_ owner: IBObjectReference, of projectClass: ProjectClass) -> Bool {
        guard model.family(of: projectClass) == .viewController, let nibName = NibCatalog.loadName(ofPath: model.document(owner).path) else { return false }
        return isUnloadedControllerNib(nibName, sites: model.loadSites(forNib: nibName), of: projectClass)
    }

    /// Why a class IB names has no strategy.
    func unknownStrategy(_ projectClass: ProjectClass) -> Strategy? {
        guard let reference = projectClass.interfaceBuilderReferences.first else { return nil }
        return Strategy(id: "unknown", evidence: [
            Evidence(path: model.document(reference).path, line: model.object(reference).location.line,
                     note: "Interface Builder names \(projectClass.runtimeName), but no nib, load site or substitution explains how it is created."),
        ])
    }
}
