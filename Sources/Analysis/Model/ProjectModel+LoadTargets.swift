/// The documents a load site reaches, when its nib name is known precisely enough to
/// judge: a literal, or a name resolved to a single class.
extension ProjectModel {
    public func definiteNibDocuments(of site: NibLoadSite) -> [(name: String, document: IBDocument)] {
        let candidates = site.nibName.candidates.filter { !$0.isEmpty }
        guard candidates.count == 1 else { return [] }
        let name = candidates[0]
        return nibCatalog.nibDocuments(named: name).map { (name, documents[$0]) }.filter { $0.document.status == .analysed }
    }

    /// The class `self` is at a load site inside an instance method of a class (not a
    /// protocol extension, where `self` is any conforming type).
    public func selfClass(at site: NibLoadSite) -> String? {
        guard !site.context.isTypeMethod, let typeName = site.context.typeName,
              let type = sourceType(named: typeName), type.isClass, !type.isProtocol else { return nil }
        return type.runtimeName ?? type.name
    }
}
