extension BodyAnalyzer {
    private static let registerLabels: [String: LiteralCallSite.Reusable] = [
        "forCellReuseIdentifier": .tableCell, "forCellWithReuseIdentifier": .collectionCell,
        "forHeaderFooterViewReuseIdentifier": .headerFooter, "forSupplementaryViewOfKind": .supplementary,
        "withReuseIdentifier": .supplementary,
    ]

    /// The base names with a case of their own in ``collectNibLoads()``; other calls can only
    /// be a view controller's `init(nibName:…)` or a project helper.
    private static let nibCallNames = TokenSet([
        "loadNibNamed", "UINib", "NSNib", "nibWithNibName", "initWithNibNamed", "initWithNibName", "initWithWindowNibName", "register", "registerNib",
        "registerClass", "loadFromNib", "loadNibContent",
    ])

    /// Every direct nib load, registration, Reusable call and project-helper call.
    mutating func collectNibLoads() {
        let registered = registeredNibCalls()
        for call in calls {
            guard Self.nibCallNames.contains(call.nameIndex, in: stream) else {
                addOtherLoad(call)
                continue
            }
            switch call.baseName {
            case "loadNibNamed" where !call.arguments.isEmpty:
                addLoad(call, api: .bundleLoadNibNamed, name: call.arguments[0], owner: call.argument("owner"))
            case "UINib" where call.labels.first == "nibName", "NSNib" where call.labels.first == "nibNamed",
                 "nibWithNibName" where !call.arguments.isEmpty, "initWithNibNamed" where !call.arguments.isEmpty:
                guard !registered.contains(call.nameIndex) else { continue }
                addUINibLoad(call)
            case "initWithNibName" where !call.arguments.isEmpty, "initWithWindowNibName" where !call.arguments.isEmpty:
                addLoad(call, api: .viewControllerNibName, name: call.arguments[0], owner: nil)
            case "register", "registerNib", "registerClass":
                addRegistration(call)
            case "loadFromNib" where !isInsideHelper(call), "loadNibContent" where !isInsideHelper(call):
                if let helper = helpers.helper(for: call, in: receiverContext(of: call)) {
                    addHelperLoad(call, helper: helper)
                } else {
                    addReusableLoad(call, api: call.baseName == "loadFromNib" ? .nibLoadable : .nibOwnerLoadable)
                }
            default:
                addOtherLoad(call)
            }
        }
    }

    /// `SomeViewController(nibName:…)`, `SomeWindowController(windowNibName:…)` (a window
    /// controller owns its nib as a view controller does), or a call to a project helper.
    private mutating func addOtherLoad(_ call: CallSite) {
        if call.labels.first == "nibName" || call.labels.first == "windowNibName", !call.isMessageSend, call.baseName != "UINib",
           call.baseName == "init" || NibNameResolver.isTypeName(call.baseName) {
            addLoad(call, api: .viewControllerNibName, name: call.arguments[0], owner: nil)
        } else if !helpers.byBaseName.isEmpty, let helper = helpers.helper(for: call, in: receiverContext(of: call)), !isRecursive(call, to: helper) {
            addHelperLoad(call, helper: helper)
        }
    }

    /// The `UINib` creation calls (and calls of helpers that return a nib) passed as the
    /// first argument of a `register…` call.
    private func registeredNibCalls() -> Set<Int> {
        var result: Set<Int> = []
        for call in calls where call.baseName.hasPrefix("register") {
            if let first = call.arguments.first, let nib = nibCreation(in: first) { result.insert(nib.call.nameIndex) }
        }
        return result
    }

    /// The nib a `register…` argument creates: `UINib(nibName:…)`/`nibWithNibName:`, or a
    /// project helper that returns one (`[Cell nib]`, `Cell.nib()`).
    private func nibCreation(in range: Range<Int>) -> (call: CallSite, helper: NibLoadHelper?)? {
        for position in range {
            guard let call = callAt[position].map({ calls[$0] }) else { continue }
            if call.baseName == "UINib" || call.baseName == "nibWithNibName" { return (call, nil) }
            if !helpers.byBaseName.isEmpty, let helper = helpers.helper(for: call, in: receiverContext(of: call)), helper.returnsNib {
                return (call, helper)
            }
        }
        return nil
    }

    /// Is the call inside the body of a helper of the same name (its own definition)?
    /// A helper calling itself; an overload of the same base name (`loadNib()` calling
    /// `loadNib(_:)`) is another helper.
    private func isRecursive(_ call: CallSite, to helper: NibLoadHelper) -> Bool {
        guard let method = method(containing: call.nameIndex) else { return false }
        return method.method.selector == helper.selector && method.context.typeName == helper.declaringType
    }

    private func isInsideHelper(_ call: CallSite) -> Bool {
        guard let method = method(containing: call.nameIndex) else { return false }
        return method.method.name.hasPrefix(call.baseName + "(") || method.method.selector == call.selector
    }

    func site(_ call: CallSite, api: NibLoadSite.API, name: NibNameExpression, owner: NibLoadSite.Owner,
              use: ResultUseReader.Use) -> NibLoadSite {
        NibLoadSite(location: stream.location(call.nameIndex, path: path), language: language,
                    context: context(of: call.nameIndex), api: api, nibName: name, owner: owner,
                    resultUse: use.use, resultIndex: use.index, cast: use.cast, reuseIdentifier: nil,
                    helper: nil, helperLoad: nil, receiverType: nil)
    }

    func nibName(_ range: Range<Int>, at index: Int) -> (NibNameExpression, NibNameResolver.Resolved) {
        let resolver = NibNameResolver(stream: stream, method: method(containing: index), context: context(of: index))
        let resolved = resolver.resolve(range)
        var expression = NibNameExpression(expression: stream.text(of: range), resolution: resolved.resolution, candidates: [],
                                           spelling: resolved.spelling)
        expression.namesRuntimeClass = resolved.namesRuntimeClass
        return (expression, resolved)
    }

    func owner(_ range: Range<Int>?) -> NibLoadSite.Owner {
        guard let range else { return .notApplicable }
        let text = stream.text(of: range)
        switch text {
        case "nil", "NULL", "nil as Any?": return .none
        case "self": return .selfObject
        default: return .expression(text)
        }
    }

    private mutating func addLoad(_ call: CallSite, api: NibLoadSite.API, name: Range<Int>, owner ownerRange: Range<Int>?) {
        var (expression, _) = nibName(name, at: call.nameIndex)
        if api == .viewControllerNibName, expression.expression == "nil" {
            expression.resolution = ["init", "initWithNibName", "initWithWindowNibName"].contains(call.baseName)
                ? .enclosingClass : .namedClass(call.baseName)
        }
        let reader = ResultUseReader(stream: stream, method: method(containing: call.nameIndex))
        let use = call.argument("topLevelObjects").map(reader.readTopLevelObjects) ?? reader.read(call.expression)
        var load = site(call, api: api, name: expression, owner: owner(ownerRange), use: use)
        if api == .viewControllerNibName {
            (load.owner, load.receiverType) = initializedController(call)
            // `nil` names the nib after the class of the controller made, not of the caller.
            if expression.expression == "nil", load.owner != .selfObject {
                load.nibName.resolution = load.receiverType.map { .namedClass($0) } ?? .dynamic
            }
        }
        nibLoads.append(load)
    }

    /// The controller an `init(nibName:bundle:)` makes, which owns the nib it loads: `self`
    /// for `super.init(nibName:…)`/`[super initWithNibName:…]` (and `self`, `[self class]`),
    /// a new object of class `X` for `X(nibName:…)`/`[[X alloc] initWithNibName:…]`, a new
    /// object of unknown class for any other receiver (`[[cls alloc] initWithNibName:…]`).
    private func initializedController(_ call: CallSite) -> (NibLoadSite.Owner, String?) {
        if !call.isMessageSend, call.baseName != "init" { return (.expression(call.baseName), call.baseName) }
        guard let range = call.receiver else { return (.selfObject, nil) }
        var text = String(stream.text(of: range).filter { !$0.isWhitespace })
        if language == .objc, text.hasPrefix("["), text.hasSuffix("alloc]") { text = String(text.dropFirst().dropLast("alloc]".count)) }
        switch text {
        case "self", "super", "Self", "[selfclass]", "self.class", "type(of:self)":
            return (.selfObject, nil)
        default:
            let type = text.split(separator: ".").last.map(String.init) ?? text
            let isType = NibNameResolver.isTypeName(type) && type.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            return (.expression(text), isType ? type : nil)
        }
    }

    private static let instantiateNames: Set<String> = ["instantiate", "instantiateWithOwner", "instantiateNibWithOwner"]

    /// `UINib(nibName:bundle:)` / `[UINib nibWithNibName:bundle:]` / AppKit's
    /// `NSNib(nibNamed:bundle:)`, with the owner and use of its `instantiate(withOwner:…)`
    /// (`options:`, or AppKit's `topLevelObjects:`).
    private mutating func addUINibLoad(_ call: CallSite) {
        let (expression, _) = nibName(call.arguments[0], at: call.nameIndex)
        let reader = ResultUseReader(stream: stream, method: method(containing: call.nameIndex))
        if let instantiate = instantiateCall(of: call) {
            let owner = instantiate.argument("withOwner") ?? instantiate.arguments.first
            let use = instantiate.argument("topLevelObjects").map(reader.readTopLevelObjects) ?? reader.read(instantiate.expression)
            nibLoads.append(site(call, api: .uiNib, name: expression, owner: self.owner(owner), use: use))
        } else {
            nibLoads.append(site(call, api: .uiNib, name: expression, owner: .notApplicable, use: ResultUseReader.Use(use: .whole)))
        }
    }

    /// The `instantiate` call on the nib `call` creates: chained directly (Swift
    /// `UINib(…).instantiate(…)`, `NSNib(…)?.instantiate(…)`: the name follows `.`;
    /// Objective-C: it follows `]`), or sent
    /// later in the method (within the local search window) to the variable the nib was
    /// assigned to (`let nib = NSNib(…)`).
    private func instantiateCall(of call: CallSite) -> CallSite? {
        var follower = call.expression.upperBound
        if !call.isMessageSend {
            while stream.isText(follower, "?") || stream.isText(follower, "!") { follower += 1 }
            follower += 1
        }
        if let direct = callAt[follower].map({ calls[$0] }), Self.instantiateNames.contains(direct.baseName) { return direct }
        var equals = call.expression.lowerBound - 1
        while stream.isText(equals, "(") { equals -= 1 }
        guard stream.isText(equals, "="), equals >= 1, stream[equals - 1].isIdentifier,
              let body = method(containing: call.nameIndex)?.body else { return nil }
        let variable = stream.text(equals - 1)
        let window = (call.nameIndex + 1)..<min(body.upperBound, call.nameIndex + NibNameResolver.localSearchWindow)
        for index in window {
            guard let position = callAt[index], Self.instantiateNames.contains(calls[position].baseName),
                  let receiver = calls[position].receiver else { continue }
            if stream.isText(receiver.lowerBound, equalTo: variable),
               receiver.dropFirst().allSatisfy({ stream.isText($0, "?") || stream.isText($0, "!") }) {
                return calls[position]
            }
        }
        return nil
    }

    /// `register(UINib(nibName: "Cell", bundle: nil), forCellReuseIdentifier: "cell")` and
    /// the Objective-C `registerNib:…`; class registrations become literal call sites only.
    private mutating func addRegistration(_ call: CallSite) {
        guard call.arguments.count >= 2, let first = call.arguments.first else { return }
        let reusable = call.labels.dropFirst().lazy.compactMap { Self.registerLabels[$0] }.first
        let identifier = call.arguments.last.flatMap { range in range.count == 1 ? SourceLiteral.value(of: stream.text(range.lowerBound)) : nil }
        let creation = nibCreation(in: first)
        let isNib = creation != nil || call.baseName == "registerNib"
        if let identifier {
            literalCalls.append(LiteralCallSite(kind: isNib ? .registerNib : .registerClass, value: identifier,
                                                reusable: reusable, location: stream.location(call.nameIndex, path: path),
                                                language: language, context: context(of: call.nameIndex)))
        }
        guard let creation else { return }
        var registered: NibLoadSite
        if let helper = creation.helper {
            registered = helperSite(creation.call, helper: helper, api: .registerNib, use: ResultUseReader.Use(use: .whole))
            registered.location = stream.location(call.nameIndex, path: path)
        } else {
            guard !creation.call.arguments.isEmpty else { return }
            let (expression, _) = nibName(creation.call.arguments[0], at: creation.call.nameIndex)
            registered = site(call, api: .registerNib, name: expression, owner: .notApplicable, use: ResultUseReader.Use(use: .whole))
        }
        registered.reuseIdentifier = identifier
        registered.reusable = reusable
        nibLoads.append(registered)
    }

    /// Reusable's `X.loadFromNib()` / `loadNibContent()`: the nib is named after the type.
    private mutating func addReusableLoad(_ call: CallSite, api: NibLoadSite.API) {
        let receiver = call.receiver.map { stream.text(of: $0) }
        let resolution: NibNameExpression.Resolution
        if let receiver, NibNameResolver.isTypeName(receiver), !receiver.contains(" ") {
            resolution = .namedClass(receiver)
        } else {
            resolution = .enclosingClass
        }
        let name = NibNameExpression(expression: receiver.map { "String(describing: \($0))" } ?? "String(describing: Self.self)",
                                     resolution: resolution, candidates: [])
        let use = ResultUseReader(stream: stream, method: method(containing: call.nameIndex)).read(call.expression)
        var load = site(call, api: api, name: name, owner: api == .nibOwnerLoadable ? .selfObject : .none, use: use)
        if case .namedClass(let type) = resolution { load.receiverType = type }
        nibLoads.append(load)
    }

    /// A call to a project helper, resolved with the caller's arguments and receiver. A
    /// helper that only returns a nib loads when the result is instantiated (the owner and
    /// use are then the `instantiate` call's); fetched alone (`if ([[self class] nib])`, an
    /// assertion) or passed to `register…` (recorded there) it loads nothing.
    private mutating func addHelperLoad(_ call: CallSite, helper: NibLoadHelper) {
        guard helper.returnsNib else {
            var use = ResultUseReader(stream: stream, method: method(containing: call.nameIndex)).read(call.expression)
            if use.use == .whole || use.use == .ignored && helper.resultUse != .ignored {
                use.use = helper.resultUse
                use.index = nil
            }
            nibLoads.append(helperSite(call, helper: helper, api: .projectHelper,
                                       use: ResultUseReader.Use(use: use.use, index: use.index, cast: use.cast ?? helper.cast)))
            return
        }
        guard let instantiate = instantiateCall(of: call) else { return }
        let reader = ResultUseReader(stream: stream, method: method(containing: call.nameIndex))
        let use = instantiate.argument("topLevelObjects").map(reader.readTopLevelObjects) ?? reader.read(instantiate.expression)
        var load = helperSite(call, helper: helper, api: .projectHelper, use: use)
        load.owner = owner(instantiate.argument("withOwner") ?? instantiate.arguments.first)
        nibLoads.append(load)
    }

    /// The load site of a call to `helper`: the nib name resolved with the caller's argument
    /// and receiver class, the owner the helper passes (`self` is the caller's receiver).
    private func helperSite(_ call: CallSite, helper: NibLoadHelper, api: NibLoadSite.API, use: ResultUseReader.Use) -> NibLoadSite {
        let receiver = call.receiver.map { stream.text(of: $0) }
        let context = receiverContext(of: call)
        let named = receiver.flatMap { NibNameResolver.isTypeName($0) && !$0.contains(" ") ? $0 : nil } ?? context.receiverType.flatMap {
            call.receiver == nil && $0 != self.context(of: call.nameIndex).typeName ? $0 : nil  // `let h: HeaderView = .make()`
        }
        let receiverType = named.flatMap { !(helper.isInExtension && $0 == helper.declaringType) ? $0 : nil }
        // A receiver the file does not type (`[cellClass height…]`) is not the caller's class.
        let receiverIsUnknown = call.receiver != nil && context.receiverType == nil
        func atCaller(_ resolution: NibNameExpression.Resolution) -> NibNameExpression.Resolution {
            switch resolution {
            case .enclosingClass, .conformingTypes: return receiverType.map { .namedClass($0) } ?? (receiverIsUnknown ? .dynamic : .enclosingClass)
            default: return resolution
            }
        }
        var expression = NibNameExpression(expression: helper.expression, resolution: .dynamic, candidates: [],
                                           spelling: helper.spelling)
        switch helper.nameSource {
        case .fixed(let resolution):
            expression.resolution = atCaller(resolution)
        case .parameter(let position, let fallback):
            if position < call.arguments.count, stream.text(of: call.arguments[position]) != "nil" {
                let (argument, _) = nibName(call.arguments[position], at: call.nameIndex)
                expression = argument
                // A class passed for its name: `self` in a type method is the receiving class.
                if argument.expression == "self", self.context(of: call.nameIndex).isTypeMethod { expression.resolution = atCaller(.enclosingClass) }
            } else {
                expression.resolution = fallback.map(atCaller) ?? .dynamic
            }
        case .typeParameter(let argument, let returned):
            expression.resolution = boundTypeParameter(call, argument: argument, result: returned ? use.cast : nil, atCaller: atCaller)
        }
        let owner: NibLoadSite.Owner = !helper.ownerIsSelf ? .none
            : receiver == nil || receiver == "self" ? .selfObject : .expression(receiver ?? "")
        var load = site(call, api: api, name: expression, owner: owner, use: use)
        load.helper = helper.selector
        load.helperLoad = helper.load
        load.receiverType = receiverType
        return load
    }

    /// The class a helper's generic parameter stands for at `call`: the class passed as the
    /// `T.Type` argument (`CardView.self`; `self` in a type method is the receiving class),
    /// else the type the caller gives the returned `T` (`let card: CardView = load()`,
    /// `load() as? CardView`); `dynamic` when neither shows it.
    private func boundTypeParameter(_ call: CallSite, argument: Int?, result: NibLoadSite.Cast?,
                                    atCaller: (NibNameExpression.Resolution) -> NibNameExpression.Resolution) -> NibNameExpression.Resolution {
        if let argument, argument < call.arguments.count {
            let range = call.arguments[argument]
            if stream.text(of: range) == "self", context(of: call.nameIndex).isTypeMethod { return atCaller(.enclosingClass) }
            let (passed, _) = nibName(range, at: call.nameIndex)
            if case .namedClass = passed.resolution { return passed.resolution }
        }
        if let result, NibNameResolver.isTypeName(result.typeName), result.typeName != "Self" { return .namedClass(result.typeName) }
        return .dynamic
    }
}
