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
        /// Named after the class the helper's generic parameter stands for (`T.nibName`,
        /// `String(describing: T.self)` in `func load<T: UIView>(…) -> T`): at the caller, the
        /// class passed for it (`load(CardView.self)`, the argument at `argument`) or, for a
        /// helper that returns `T`, the type the caller gives the result
        /// (`let card: CardView = load()`).
        case typeParameter(argument: Int?, returned: Bool)
    }

    /// Swift base name or Objective-C selector, as `CallSite.selector`/base name matching uses.
    var baseName: String
    var selector: String
    var isTypeMethod: Bool
    var isSwift: Bool
    /// A Swift helper's argument labels, "" for `_` (Objective-C helpers match by selector).
    var labels: [String] = []
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
    /// Swift `private`/`fileprivate`: only calls in the helper's own file reach it.
    var isFilePrivate = false
    /// The helper makes a `UINib`/`NSNib` and returns it without instantiating it (`+nib`,
    /// `static var nib: UINib`): a call loads only when its result is instantiated, and a
    /// call passed to `register…` registers the nib.
    var returnsNib = false
    /// What the helper's body carries over from `self` to the view it loads, for an
    /// `awakeAfter` that returns `self.helper(…)` or `super.helper(…)`: `self` in the helper
    /// is then the placeholder.
    var selfCopies = PlaceholderCopyFacts()
    /// What the body carries over from each parameter, for an `awakeAfter` that hands the
    /// placeholder over as an argument (`return UIView.replace(self)`), by position.
    var parameterCopies: [PlaceholderCopyFacts] = []
    /// How the body avoids recursion (a `subviews` check, a flag) for the placeholder it is
    /// handed, as `self` or as an argument.
    var placeholderGuard: AwakeAfterSummary.Guard = .none
}

extension NibLoadHelper {
    /// Can a Swift call with these argument labels reach this helper? Its labels must appear
    /// in the helper's, in order (the parameters left out having defaults): `load(layout:)`
    /// is not `load(_:)` nor `load(named:)`.
    func accepts(labels callLabels: [String]) -> Bool {
        var remaining = labels[...]
        for label in callLabels {
            guard let position = remaining.firstIndex(of: label) else { return false }
            remaining = remaining[(position + 1)...]
        }
        return true
    }
}

/// The helpers known to the whole project, by base name, given to a second indexing pass
/// of the files that call them, with the class hierarchy that decides which helper a call
/// reaches.
struct NibLoadHelperTable: Sendable {
    var byBaseName: [String: [NibLoadHelper]] = [:]
    /// Placeholder-copy methods by Objective-C selector or Swift base name.
    var copyHelpers: [String: PlaceholderCopyFacts] = [:]
    /// Superclass of every project class that names one (`class A: B`, `@interface A : B`).
    var superclasses: [String: String] = [:]
    /// The classes the project declares (not only extends).
    var projectClasses: Set<String> = []

    var isEmpty: Bool { byBaseName.isEmpty && copyHelpers.isEmpty }

    init(_ helpers: [NibLoadHelper] = [], copyHelpers: [String: PlaceholderCopyFacts] = [:],
         declarations: [SourceTypeDeclaration] = []) {
        for helper in helpers { byBaseName[helper.baseName, default: []].append(helper) }
        self.copyHelpers = copyHelpers
        for declaration in declarations {
            switch declaration.kind {
            case .class, .interface, .implementation:
                projectClasses.insert(declaration.name)
                if let superclass = declaration.superclass, superclasses[declaration.name] == nil {
                    superclasses[declaration.name] = superclass
                }
            default:
                continue
            }
        }
    }

    /// Which files must be indexed again with this table after being indexed with
    /// `previous` (a smaller table of an earlier round, or none): those that call a helper
    /// whose entries differ between the two, or a placeholder-copy method whose facts
    /// differ. A file calling only unchanged names would be indexed exactly as before.
    func reindexFilter(since previous: NibLoadHelperTable) -> ReindexFilter {
        var helperKeys = CallKeys()
        for (name, entries) in byBaseName where previous.byBaseName[name] != entries {
            for helper in entries { helperKeys.add(helper.isSwift ? helper.baseName : helper.selector, isSwift: helper.isSwift) }
        }
        var copyKeys = CallKeys()
        for (key, facts) in copyHelpers where previous.copyHelpers[key] != facts { copyKeys.add(key, isSwift: !key.contains(":")) }
        return ReindexFilter(helperCalls: helperKeys, copyCalls: copyKeys)
    }

    /// `type` and its superclasses, nearest first (bounded; cycles stop).
    func lineage(of type: String) -> [String] {
        var result = [type]
        var current = type
        while result.count < 32, let superclass = superclasses[current], !result.contains(superclass) {
            result.append(superclass)
            current = superclass
        }
        return result
    }

    /// Where a call is made and what it is sent to, as far as the file shows it.
    struct CallContext {
        var path: String
        /// The class the receiver is (or, for a type method call, the class it is sent to);
        /// `nil` when the receiver is an expression whose type the file does not show.
        var receiverType: String?
        /// The receiver is `super`: the lookup starts above `receiverType`.
        var isSuper = false
    }

    /// The helper a call reaches: Objective-C by full selector, Swift by base name and a
    /// parameter count that can take the call's arguments; among those, the one declared by
    /// the receiver's class or its nearest superclass, else one declared on a type outside
    /// the project's classes (a `UIView` extension or category, a protocol extension) that
    /// any receiver may reach. A `private`/`fileprivate` helper is reached from its own file
    /// only. A receiver of unknown type reaches a helper only when no other could be meant.
    func helper(for call: CallSite, in context: CallContext) -> NibLoadHelper? {
        guard !byBaseName.isEmpty, let named = byBaseName[call.baseName] else { return nil }
        let reachable = named.filter { helper in
            guard !helper.isFilePrivate || helper.load.path == context.path else { return false }
            guard call.isMessageSend else {
                return helper.isSwift && helper.selector.reduce(0) { $1 == ":" ? $0 + 1 : $0 } >= call.arguments.count
                    && helper.accepts(labels: call.labels)
            }
            return helper.selector == call.selector
        }
        // A helper taking exactly the call's arguments before one that fills the rest with defaults.
        let exact = reachable.filter { $0.selector.reduce(0) { $1 == ":" ? $0 + 1 : $0 } == call.arguments.count }
        let candidates = call.isMessageSend || exact.isEmpty ? reachable : exact + reachable.filter { !exact.contains($0) }
        guard let first = candidates.first else { return nil }
        let shared = candidates.first { helper in helper.declaringType.map { !projectClasses.contains($0) } ?? true }
        guard let receiverType = context.receiverType else {
            let owners = Set(candidates.map { $0.declaringType ?? "" })
            return shared ?? (owners.count == 1 ? first : nil)
        }
        var types = lineage(of: receiverType)
        if context.isSuper { types.removeFirst() }
        for type in types {
            if let declared = candidates.first(where: { $0.declaringType == type }) { return declared }
        }
        return shared
    }
}

/// What a method copies from a placeholder it receives (seed 000's
/// `copyPropertiesFromPrototype:`), to attribute to the `awakeAfter` that calls it.
struct PlaceholderCopyFacts: Sendable, Equatable {
    var attributes: Set<String> = []
    var movesSubviews = false
    var constraintCopy: AwakeAfterSummary.ConstraintCopy?
    /// Attributes set to a boolean literal on the new view, by UIKit name.
    var literalFlags: [String: Bool] = [:]

    var isEmpty: Bool { attributes.isEmpty && !movesSubviews && constraintCopy == nil && literalFlags.isEmpty }

    /// Adds what another body (a helper's) copies; what this body does first wins.
    mutating func merge(_ other: PlaceholderCopyFacts) {
        attributes.formUnion(other.attributes)
        movesSubviews = movesSubviews || other.movesSubviews
        constraintCopy = constraintCopy ?? other.constraintCopy
        literalFlags.merge(other.literalFlags) { own, _ in own }
    }
}
