extension BodyAnalyzer {
    /// Records `method` as a nib-load helper when it wraps a direct load and is meant to be
    /// called: a type method, a method of an extension/category/protocol, or one whose nib
    /// name comes from a parameter. A method that passes its parameter on to another helper
    /// as the nib name (`newOperationViewForNibName:` → `+viewWithNibNamed:owner:`) is a
    /// helper too, so a chain of helpers is followed to the caller that names the nib.
    /// Lifecycle overrides are never helpers.
    mutating func recordHelperIfAny(_ method: ParsedMethod) {
        guard method.method.lifecycle == nil, let body = method.body else { return }
        let loads = loads(inBodyAt: body.lowerBound)
        guard let load = loads.first(where: { $0.api == .bundleLoadNibNamed || $0.api == .uiNib }) else {
            guard let chained = loads.first(where: { $0.api == .projectHelper }) else { return }
            if let source = typeParameterSource(of: chained.nibName.resolution, in: method) {
                // `let name = T.description(); return try load(named: name)`: bound at the caller.
                recordHelper(method, load: chained, source: source)
            } else if chained.nibName.resolution == .dynamic,
               let parameter = method.parameters.firstIndex(where: { $0.name == chained.nibName.expression || $0.name + "!" == chained.nibName.expression }) {
                recordHelper(method, load: chained, source: .parameter(parameter, fallback: nil))
            } else if chained.nibName.resolution != .dynamic, method.method.isTypeMethod || isInExtension(method), isReturned(chained) {
                // `class func loadNib() -> Self { loadNib(self) }`: named after the receiver.
                recordHelper(method, load: chained, source: .fixed(chained.nibName.resolution))
            }
            return
        }
        let inExtension = isInExtension(method)
        let call = callAt[index(of: load.location)].map { calls[$0] }
        let resolved = call.map { nibName($0.arguments.first ?? 0..<0, at: $0.nameIndex).1 }
        let parameter = load.api == .uiNib || load.api == .bundleLoadNibNamed ? resolved?.parameter : nil
        let typeParameter = parameter == nil ? typeParameterSource(of: load.nibName.resolution, in: method) : nil
        guard method.method.isTypeMethod || inExtension || parameter != nil || typeParameter != nil else { return }
        let source: NibLoadHelper.NameSource
        if let typeParameter {
            source = typeParameter
        } else if let parameter {
            let fallback = load.nibName.resolution == .dynamic ? nil : load.nibName.resolution
            source = .parameter(parameter, fallback: fallback)
        } else {
            source = .fixed(load.nibName.resolution)
        }
        recordHelper(method, load: load, source: source)
    }

    private mutating func recordHelper(_ method: ParsedMethod, load: NibLoadSite, source: NibLoadHelper.NameSource) {
        guard let body = method.body else { return }
        let inExtension = isInExtension(method)
        let baseName = language == .objc ? String(method.method.selector.prefix { $0 != ":" })
            : String(method.method.name.prefix { $0 != "(" })
        let returned = body.first { index in
            stream.isText(index, "return") && index + 2 < stream.count && stream[index + 1].isIdentifier
                && (stream.isText(index + 2, ";") || stream.isText(index + 2, "}") || stream[index + 2].line > stream[index + 1].line)
        }
        let returnedLayout = returned.map { layout(of: stream.text($0 + 1), in: body).0 }.flatMap { $0 == .none ? nil : $0 }
        fileHelpers.append(NibLoadHelper(
            baseName: baseName, selector: method.method.selector, isTypeMethod: method.method.isTypeMethod,
            isSwift: language == .swift, labels: language == .swift ? method.parameters.map { $0.label ?? "" } : [],
            declaringType: method.context.typeName, isInExtension: inExtension, nameSource: source, expression: load.nibName.expression,
            spelling: load.nibName.spelling,
            ownerIsSelf: load.owner == .selfObject, load: load.location, resultUse: load.resultUse,
            // A cast to the helper's own generic parameter says nothing until a caller binds it.
            cast: load.cast.flatMap { method.typeParameters.contains($0.typeName) ? nil : $0 },
            returnedLayout: returnedLayout, isFilePrivate: method.isFilePrivate,
            returnsNib: load.api == .uiNib && load.owner == .notApplicable,
            selfCopies: method.method.isTypeMethod ? PlaceholderCopyFacts()
                : PlaceholderCopyReader(stream: stream, path: path, language: language, placeholder: "self").read(body),
            parameterCopies: method.parameters.map {
                PlaceholderCopyReader(stream: stream, path: path, language: language, placeholder: $0.name).read(body)
            },
            placeholderGuard: guardKind(in: body, typeIndex: method.method.isTypeMethod ? nil : method.declarationIndex)))
    }

    /// A name made from one of the method's own generic parameters (`T.nibName` in
    /// `func load<T>(_: T.Type) -> T`): the caller binds it, by a `T.Type` argument or the
    /// type it gives a returned `T`.
    private func typeParameterSource(of resolution: NibNameExpression.Resolution, in method: ParsedMethod) -> NibLoadHelper.NameSource? {
        guard case .namedClass(let name) = resolution, method.typeParameters.contains(name) else { return nil }
        return .typeParameter(argument: method.metatypeParameter(of: name), returned: method.returnTypeName == name)
    }

    /// The load's result is what the method returns (`return loadNib(self)`,
    /// `return [[self class] make];`), not a step in computing something else.
    private func isReturned(_ load: NibLoadSite) -> Bool {
        let start = index(of: load.location)
        // The call is the whole returned expression: nothing (`.frame.size.height`) follows it.
        if let call = callAt[start].map({ calls[$0] }) {
            let next = call.expression.upperBound
            guard next >= stream.count || stream.isText(next, ";") || stream.isText(next, "}")
                    || stream[next].line > stream[next - 1].line else { return false }
        }
        var cursor = start - 1
        let stop = max(0, cursor - 8)
        while cursor >= stop {
            if stream.isText(cursor, "return") { return true }
            if stream.isText(cursor, ";") || stream.isText(cursor, "=") || stream.isText(cursor, "{") || stream.isText(cursor, "}") { return false }
            cursor -= 1
        }
        return false
    }

    /// Declared in an extension, category or protocol (or outside any type).
    private func isInExtension(_ method: ParsedMethod) -> Bool {
        method.declarationIndex.map { [.extension, .category, .protocol].contains(declarations[$0].kind) } ?? true
    }

    /// Records what a method copies from a parameter that stands for the placeholder
    /// (`copyPropertiesFromPrototype:(UIView *)proto`).
    mutating func recordCopyFactsIfAny(_ method: ParsedMethod) {
        guard let body = method.body, !method.isAction, method.parameters.count == 1, let parameter = method.parameters.first,
              Self.mayBeView(parameter.typeText) else { return }
        let facts = PlaceholderCopyReader(stream: stream, path: path, language: language, placeholder: parameter.name).read(body)
        guard !facts.isEmpty else { return }
        let key = language == .objc ? method.method.selector : String(method.method.name.prefix { $0 != "(" })
        copyHelpers[key] = facts
    }

    /// Could a parameter of this declared type be the placeholder view (`UIView *`, `id`, `Any`)?
    private static func mayBeView(_ typeText: String) -> Bool {
        ASCIIText.contains(typeText, "View") || isAnyObjectType(typeText)
    }

    /// Parameter types that can hold any view. Compared one by one rather than looked up in
    /// a set: the check runs for every one-parameter method, and hashing the type text cost
    /// more than these few comparisons of small strings.
    private static func isAnyObjectType(_ typeText: String) -> Bool {
        switch typeText {
        case "id", "Any", "AnyObject", "Any?", "AnyObject?", "Self", "instancetype": true
        default: false
        }
    }
}

extension BodyAnalyzer {
    /// What a call is sent to, for ``NibLoadHelperTable/helper(for:in:)``: the enclosing class
    /// for an implicit receiver, `self`, `Self`, `[self class]` or `type(of: self)`; the named
    /// class for `X`, `X.self` or `[X class]`; the declared type of `let h: HeaderView = .make()`
    /// (an implicit member expression); `super` starts above the enclosing class. Any other
    /// receiver is an expression of unknown type.
    func receiverContext(of call: CallSite) -> NibLoadHelperTable.CallContext {
        let enclosing = context(of: call.nameIndex).typeName
        guard let range = call.receiver else {
            if language == .swift, stream.isText(call.nameIndex - 1, "."), let declared = implicitMemberType(dotAt: call.nameIndex - 1) {
                return .init(path: path, receiverType: declared)
            }
            return .init(path: path, receiverType: enclosing)
        }
        let text = String(stream.text(of: range).filter { !$0.isWhitespace })
        switch text {
        case "self", "Self", "[selfclass]", "self.class", "type(of:self)", "self.dynamicType", "Self.self", "[[selfclass]class]":
            return .init(path: path, receiverType: enclosing)
        case "super":
            return .init(path: path, receiverType: enclosing, isSuper: true)
        default:
            break
        }
        var name = text
        if name.hasPrefix("["), name.hasSuffix("class]") { name = String(name.dropFirst().dropLast("class]".count)) }
        for suffix in [".self", ".class"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard NibNameResolver.isTypeName(last), last.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return .init(path: path, receiverType: nil)
        }
        return .init(path: path, receiverType: last)
    }

    /// `let header: HeaderView = .make()` / `var header: HeaderView? = .make()`: the type the
    /// implicit member expression starting with the `.` at `dot` is looked up in.
    private func implicitMemberType(dotAt dot: Int) -> String? {
        guard !stream.isText(dot - 1, ")"), !stream.isText(dot - 1, "]"), !(dot >= 1 && stream[dot - 1].isIdentifier) else { return nil }
        var cursor = dot - 1
        guard stream.isText(cursor, "=") else { return nil }
        cursor -= 1
        while stream.isText(cursor, "?") || stream.isText(cursor, "!") { cursor -= 1 }
        guard cursor >= 1, stream[cursor].isIdentifier, stream.isText(cursor - 1, ":") else { return nil }
        let type = stream.text(cursor)
        return NibNameResolver.isTypeName(type) ? type : nil
    }
}
