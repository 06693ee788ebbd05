/// How a placed instance of a class gets its content when a storyboard or xib decodes it.
extension ProjectModel {
    /// Whether decoding an instance of `runtimeName` brings its designed content: an
    /// `awakeAfter` substitution (own, inherited or XXNibBridge), an initializer or
    /// `awakeFromNib` that loads a nib (directly or through a method it calls), a
    /// content-view attachment, or an Objective-C `self = …` replacement.
    public func loadsContentWhenDecoded(_ runtimeName: String) -> Bool {
        let classifier = StrategyClassifier(model: self)
        if let (_, _, summary) = classifier.substitution(of: runtimeName), summary.returnsNibLoadedObject { return true }
        let lineage = lineage(of: runtimeName)
        let types = lineage.compactMap { declaration(of: $0) ?? sourceType(named: $0) }
        if types.contains(where: { $0.conformances.contains { $0.hasSuffix("NibBridge") || $0 == "NibOwnerLoadable" } }) { return true }
        let methods = types.flatMap(\.methods)
        for method in methods where [.initCoder, .awakeFromNib].contains(method.lifecycle) {
            if method.loadsNib { return true }
            let called = method.calledSelfMethods.compactMap { name in
                methods.first { $0.selector == name || $0.name == name || $0.name.hasPrefix(name + "(") }
            }
            if called.contains(where: \.loadsNib) { return true }
        }
        for name in lineage {
            if loadSites(inType: name).contains(where: { $0.owner == .selfObject || $0.api == .nibOwnerLoadable }) { return true }
            if attachmentsByType[name]?.isEmpty == false { return true }
        }
        return !classifier.initReplacementStrategies(ProjectClass(name: runtimeName, runtimeName: runtimeName, type: nil)).isEmpty
    }
}
