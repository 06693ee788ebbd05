/// How a placed instance of a class gets its content when a storyboard or xib decodes it.
extension ProjectModel {
    /// Whether decoding an instance of `runtimeName` brings its designed content: an
    /// `awakeAfter` substitution (own, inherited or XXNibBridge), an initializer or
    /// `awakeFromNib` that loads a nib (directly or through a method it calls), a
    /// content-view attachment, or an Objective-C `self = …` replacement.
    public func loadsContentWhenDecoded(_ runtimeName: String) -> Bool {
        let classifier = StrategyClassifier(model: self)
        if let (_, _, summary) = classifier.substitution(of: runtimeName), summary.mayReturnAnotherObject { return true }
        let lineage = lineage(of: runtimeName)
        let types = lineage.compactMap { declaration(of: $0) ?? sourceType(named: $0) }
        if nibBridging(of: runtimeName) != nil { return true }
        if types.contains(where: { $0.conformances.contains("NibOwnerLoadable") }) { return true }
        if nibLoadingInitializer(of: runtimeName) != nil { return true }
        for name in lineage {
            if loadSites(inType: name).contains(where: { $0.owner == .selfObject || $0.api == .nibOwnerLoadable }) { return true }
            if attachmentsByType[name]?.isEmpty == false { return true }
        }
        return !classifier.initReplacementStrategies(ProjectClass(name: runtimeName, runtimeName: runtimeName, type: nil)).isEmpty
    }

    /// How the class opts into XXNibBridge-style swizzling of `awakeAfterUsingCoder:` (a
    /// library that substitutes every opted-in view with its nib): conforming to a
    /// `…NibBridge` protocol, or overriding `+xx_shouldApplyNibBridging`. `nil` if it does not.
    public func nibBridging(of runtimeName: String) -> (type: SourceType, how: String)? {
        for name in lineage(of: runtimeName) {
            guard let type = declaration(of: name) else { continue }
            if let bridge = type.conformances.first(where: { $0.hasSuffix("NibBridge") }) {
                return (type, "conforms to \(bridge)")
            }
            if let opt = type.methods.first(where: { $0.isTypeMethod && $0.selector.hasSuffix("shouldApplyNibBridging") }) {
                return (type, "overrides +\(opt.selector)")
            }
        }
        return nil
    }
}
