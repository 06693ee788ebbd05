import Foundation

/// Whether what a finding concerns ships and runs: the one question every rule's severity
/// depends on alike, answered here once (the review standard: a finding is real only on a
/// path that runs). The runner adds the answer to each finding's evidence.
extension ProjectModel {
    /// What the model read about whether the place a finding points at first ships and
    /// runs: a file no target builds or bundles, a file only test targets bundle, a
    /// storyboard scene nothing reaches. Empty when nothing limits it.
    func reach(of locations: [SourceLocation]) -> [Evidence] {
        guard let location = locations.first else { return [] }
        let path = location.path
        if build.isNotBuilt(path) {
            return [.limiting("\(path) is in no target", to: .info,
                              because: "no target builds or bundles it, so it does not ship")]
        }
        if let testTargets = onlyTestTargets(of: path) {
            return [.limiting("\(path) is built or bundled only by test target(s) \(testTargets.joined(separator: ", "))", to: .info,
                              because: "test inputs never ship in the app")]
        }
        if let unreached = unreachedScene(at: location) ?? unloadedNib(at: path) {
            return [unreached]
        }
        return []
    }

    /// The evidence that nothing loads the xib at `path`: no code names it by a literal,
    /// and the classes it is named after or made for (its name's class, File's Owner's,
    /// its top-level objects') are used by no source outside their own files and by no other
    /// Interface Builder file, so nothing that could load it runs. `nil` when something may
    /// load it, or when it names no project class to judge by.
    private func unloadedNib(at path: String) -> Evidence? {
        nibReachCache.value(for: path) {
            guard let document = analysedDocument(atPath: path), document.format == .xib,
                  let nibName = NibCatalog.loadName(ofPath: path), !["MainMenu", "MainWindow"].contains(nibName),
                  !loadSites(forNib: nibName).contains(where: { if case .literal = $0.nibName.resolution { true } else { false } }) else { return nil }
            let named = [nibName, document.filesOwner?.customClass] + document.topLevelObjects.map { document.objects[$0].customClass }
            let classes = Set(named.compactMap { $0 }.filter { declaredType(runtimeName: $0) != nil })
            guard !classes.isEmpty, classes.allSatisfy({ !isUsed($0, outside: path) }), !makesClassesFromComputedNames else { return nil }
            return .limiting("nothing loads \(path)", to: .info,
                             because: "no code names the nib, and no source outside their own files or other Interface Builder file uses \(classes.sorted().joined(separator: ", ")), which it is made for")
        }
    }

    /// Whether some code makes a class from a name it computes (`NSClassFromString(name)`,
    /// `Bundle.main.classNamed(name)`): then any class may be made, used or not by name.
    var makesClassesFromComputedNames: Bool {
        computedClassNamesCache.get {
            files.contains { file in
                guard file.kind == .swift || file.kind == .objc, let data = file.contents else { return false }
                return ComputedArgumentScan.hasComputedClassName(in: data)
            }
        }
    }

    /// Whether a source file other than the class's own (its declarations' files and their
    /// header or implementation), or an Interface Builder file other than `nib`, names `name`.
    private func isUsed(_ name: String, outside nib: String) -> Bool {
        if analysedDocuments.contains(where: { document in
            document.path != nib && document.objects.contains { $0.customClass == name }
        }) { return true }
        let own = Set((declaredType(runtimeName: name)?.declarations ?? []).flatMap { declaration -> [String] in
            let stem = declaration.path.split(separator: ".").dropLast().joined(separator: ".")
            return [declaration.path, stem + ".h", stem + ".m", stem + ".mm", stem + ".swift"]
        })
        let needle = ByteSearch.Needle(name)
        return files.contains { file in
            guard file.kind == .swift || file.kind == .objc, !own.contains(file.path), let contents = file.contents else { return false }
            return contents.withUnsafeBytes { raw in
                var start = 0
                let bytes = raw.bindMemory(to: UInt8.self)
                while let found = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
                    // A whole word: `CardView`, not `CardViewModel` or `MyCardView`.
                    let before = found == 0 ? UInt8(ascii: " ") : bytes[found - 1]
                    let after = found + needle.count < bytes.count ? bytes[found + needle.count] : UInt8(ascii: " ")
                    if !before.isASCIIWordByte && !after.isASCIIWordByte { return true }
                    start = found + 1
                }
                return false
            }
        }
    }

    /// The document read in full at `path`, found through a table built on first use (the
    /// runner asks for every finding's file).
    private func analysedDocument(atPath path: String) -> IBDocument? {
        let positions = analysedDocumentPositionsCache.get {
            Dictionary(analysedDocuments.indices.map { (analysedDocuments[$0].path, $0) }) { first, _ in first }
        }
        return positions[path].map { analysedDocuments[$0] }
    }

    /// The names of the test targets that build or bundle `path` when only test targets do.
    private func onlyTestTargets(of path: String) -> [String]? {
        guard let indices = build.targets(of: path), !indices.isEmpty,
              indices.allSatisfy({ build.targets[$0].kind == .test }) else { return nil }
        return build.names(of: indices)
    }

    /// The evidence that the storyboard scene holding `location` is reached by nothing, or
    /// `nil` when it is reached (or is not a scene of a storyboard).
    private func unreachedScene(at location: SourceLocation) -> Evidence? {
        guard let document = analysedDocument(atPath: location.path), document.format == .storyboard,
              let scene = document.scenes.last(where: { $0.location.line <= location.line }),
              let controllerIndex = scene.viewController else { return nil }
        let controller = document.objects[controllerIndex]
        // Only controllers are reached through segues and identifiers; a macOS storyboard's
        // application scene (menu, app delegate) is loaded with the storyboard itself.
        // A WatchKit `controller` is reached by its `identifier` (`pushController(withName:)`),
        // which the model does not keep: not judged.
        guard controller.element.hasSuffix("ontroller"), controller.element != "controller" else { return nil }
        if controller.id == document.initialViewController { return nil }
        if document.connections.contains(where: { $0.kind == .segue && $0.destination == controller.id }) { return nil }
        let storyboardName = NibCatalog.loadName(ofPath: document.path)
        if let identifier = controller.storyboardIdentifier {
            if storyboardIdentifiersUsed.literal.contains(identifier) || storyboardIdentifiersUsed.computed { return nil }
            if documents.contains(where: { other in
                other.storyboardReferences.contains { reference in
                    reference.referencedIdentifier == identifier
                        && (reference.storyboardName ?? (other.path == document.path ? storyboardName : nil)) == storyboardName
                }
            }) { return nil }
        }
        let name = controller.customClass ?? controller.element
        let why = controller.storyboardIdentifier.map { "no segue or relationship leads to it, it is not the initial controller, and no code or storyboard reference uses its Storyboard ID \"\($0)\"" }
            ?? "no segue or relationship leads to it, it is not the initial controller, and it has no Storyboard ID"
        return .limiting("the scene of \(name) (id \"\(controller.id)\", line \(scene.location.line)) is reached by nothing", to: .info,
                         because: why)
    }

    /// The Storyboard IDs code instantiates by literal, and whether any call computes one.
    var storyboardIdentifiersUsed: (literal: Set<String>, computed: Bool) {
        storyboardIdentifierUseCache.get {
            let literal = Set(sources.literalCalls.filter { $0.kind == .storyboardIdentifier }.map(\.value))
            let computed = files.contains { file in
                guard file.kind == .swift || file.kind == .objc, let data = file.contents else { return false }
                return ComputedArgumentScan.hasComputedStoryboardIdentifier(in: data)
            }
            return (literal, computed)
        }
    }
}
