/// What the storyboard literal rules share: the storyboards of the project and which of
/// them a call site addresses.
extension ProjectModel {
    /// The parsed storyboards, with their names.
    var storyboardDocuments: [(name: String, document: IBDocument)] {
        storyboardDocumentsCache.get {
            nibCatalog.storyboards.sorted { $0.key < $1.key }.flatMap { name, indices in
                indices.map { (name, documents[$0]) }.filter { $0.1.status == .analysed }
            }
        }
    }

    /// Whether the call at `site` is sent to `self` (explicitly or implicitly).
    func isSentToSelf(_ site: LiteralCallSite) -> Bool {
        guard let before = textBefore(site.location) else { return false }
        if site.language == .objc {
            guard let bracket = before.lastIndex(of: "[") else { return false }
            return before[before.index(after: bracket)...].trimmingCharacters(in: .whitespaces) == "self"
        }
        guard before.hasSuffix(".") else { return true }
        let receiver = before.dropLast()
        let token = String(receiver.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
        let rest = receiver.dropLast(token.count)
        return token == "self" && !rest.hasSuffix(".") && !rest.hasSuffix("?")
    }

    /// The scenes (document, scene index) whose view controller has the class `typeName`.
    func scenes(ofControllerClass typeName: String) -> [(IBDocument, Int)] {
        let runtimeName = sourceType(named: typeName)?.runtimeName ?? typeName
        return storyboardDocuments.flatMap { _, document in
            document.scenes.indices.compactMap { index -> (IBDocument, Int)? in
                guard let controller = document.scenes[index].viewController,
                      document.objects[controller].customClass == runtimeName else { return nil }
                return (document, index)
            }
        }
    }

    /// Literal storyboard calls are judged only when the project holds storyboards, and a
    /// call that passes a bundle other than the main one may address a dependency's.
    func judgesStoryboardLiteral(_ site: LiteralCallSite) -> Bool {
        guard !storyboardDocuments.isEmpty else { return false }
        guard let call = callText(at: site.location), let range = call.range(of: "bundle") else { return true }
        let argument = call[range.upperBound...].drop { $0 == ":" || $0 == " " }
        return ["nil", "Bundle.main", ".main", "[NSBundle mainBundle]", "NSBundle.mainBundle"].contains { argument.hasPrefix($0) }
    }
}
