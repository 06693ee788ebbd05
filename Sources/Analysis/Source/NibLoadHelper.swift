/// A project-local method whose body loads a nib and that callers use as a loading API
/// (`tra_loadViewFromNibNamed:`, `instantiateViewFromNib<T>`, `+loadFromNib`, `newInstance`,
/// `loadNib`): followed one level to each caller, where the caller's nib-name argument and
/// receiver class make the resolved call.
struct NibLoadHelper: Sendable, Equatable {
    /// How the helper chooses the nib name.
    enum NameSource: Sendable, Equatable {
        /// From the argument at this position (falling back to `fallback` when it is
        /// absent or `nil`, as in `nibName ?? "\(self)"`).
        case parameter(Int, fallback: NibNameExpression.Resolution?)
        /// Independent of the caller's arguments: the load's own resolution, where
        /// `enclosingClass` means the receiver class at the caller.
        case fixed(NibNameExpression.Resolution)
    }

    /// Swift base name or Objective-C selector, as `CallSite.selector`/base name matching uses.
    var baseName: String
    var selector: String
    var isTypeMethod: Bool
    var isSwift: Bool
    var declaringType: String?
    /// Declared in an extension, category or protocol (a wrapper for many classes).
    var isInExtension: Bool
    var nameSource: NameSource
    /// The nib name expression inside the helper, and how it spells a class name.
    var expression: String
    var spelling: NibNameExpression.ClassNameSpelling
    var ownerIsSelf: Bool
    var load: SourceLocation
    var resultUse: NibLoadSite.ResultUse
    var cast: NibLoadSite.Cast?
    /// How the helper lays out the view it returns (`view.frame = self.bounds`), if at all.
    var returnedLayout: ContentViewAttachment.Layout?
}

/// The helpers known to the whole project, by base name, given to a second indexing pass
/// of the files that call them.
struct NibLoadHelperTable: Sendable {
    var byBaseName: [String: [NibLoadHelper]] = [:]
    /// Placeholder-copy methods by Objective-C selector or Swift base name.
    var copyHelpers: [String: PlaceholderCopyFacts] = [:]

    var isEmpty: Bool { byBaseName.isEmpty && copyHelpers.isEmpty }

    init(_ helpers: [NibLoadHelper] = [], copyHelpers: [String: PlaceholderCopyFacts] = [:]) {
        for helper in helpers { byBaseName[helper.baseName, default: []].append(helper) }
        self.copyHelpers = copyHelpers
    }

    /// The calls whose presence in a file means the file must be indexed again with this table.
    var callKeys: CallKeys {
        var keys = CallKeys()
        for helper in byBaseName.values.joined() { keys.add(helper.isSwift ? helper.baseName : helper.selector, isSwift: helper.isSwift) }
        for key in copyHelpers.keys { keys.add(key, isSwift: !key.contains(":")) }
        return keys
    }

    /// The helper a call goes to: Objective-C by full selector, Swift by base name and a
    /// parameter count that can take the call's arguments.
    func helper(for call: CallSite) -> NibLoadHelper? {
        guard !byBaseName.isEmpty, let candidates = byBaseName[call.baseName] else { return nil }
        guard call.isMessageSend else {
            return candidates.first { $0.isSwift && $0.selector.reduce(0) { $1 == ":" ? $0 + 1 : $0 } >= call.arguments.count }
        }
        let selector = call.selector
        return candidates.first { $0.selector == selector }
    }
}

/// What a method copies from a placeholder it receives (seed 000's
/// `copyPropertiesFromPrototype:`), to attribute to the `awakeAfter` that calls it.
struct PlaceholderCopyFacts: Sendable, Equatable {
    var attributes: Set<String> = []
    var movesSubviews = false
    var constraintCopy: AwakeAfterSummary.ConstraintCopy?

    var isEmpty: Bool { attributes.isEmpty && !movesSubviews && constraintCopy == nil }
}
