/// Initializers that load a nib through the class's own methods, followed across the
/// lineage (categories on `UIView` and protocol extensions of its conformances included), e.g. `initWithCoder:` → `loadContentsFromNib`
/// → `loadContentsFromNibNamed:` (UIView-NibLoading).
extension ProjectModel {
    /// A lifecycle method of the class or a superclass (`init(coder:)`, `init(frame:)`,
    /// `awakeFromNib`) and the chain of method names that leads from it to a nib load.
    public func nibLoadingInitializer(of runtimeName: String) -> (method: SourceMethod, chain: [String])? {
        let types = lineage(of: runtimeName).compactMap { declaration(of: $0) ?? sourceType(named: $0) }
        let protocols = Set(types.flatMap(\.conformances)).sorted().compactMap { sourceType(named: $0) }.filter(\.isProtocol)
        let methods = (types + protocols).flatMap(\.methods)
        // Decoding from Interface Builder first: init(coder:), then awakeFromNib, then init(frame:).
        for lifecycle in [SourceMethod.Lifecycle.initCoder, .awakeFromNib, .initFrame] {
            for start in methods where start.lifecycle == lifecycle && start.hasBody {
                if let chain = chainToNibLoad(from: start, methods: methods) { return (start, chain) }
            }
        }
        return nil
    }

    /// Breadth-first over `calledSelfMethods`, at most four calls deep.
    private func chainToNibLoad(from start: SourceMethod, methods: [SourceMethod]) -> [String]? {
        var queue: [(SourceMethod, [String])] = [(start, [start.name])]
        var seen: Set<String> = [start.selector]
        while !queue.isEmpty {
            let (method, chain) = queue.removeFirst()
            if method.loadsNib { return chain }
            guard chain.count <= 4 else { continue }
            for name in method.calledSelfMethods {
                guard let callee = methods.first(where: { $0.hasBody && ($0.selector == name || $0.name == name || $0.name.hasPrefix(name + "(")) }),
                      seen.insert(callee.selector).inserted else { continue }
                queue.append((callee, chain + [callee.name]))
            }
        }
        return nil
    }
}
