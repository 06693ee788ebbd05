extension BodyAnalyzer {
    private static let anchors: Set<String> = [
        "topAnchor", "bottomAnchor", "leadingAnchor", "trailingAnchor", "leftAnchor", "rightAnchor",
        "widthAnchor", "heightAnchor", "centerXAnchor", "centerYAnchor",
    ]
    private static let constraintAPIs: Set<String> = [
        "activate", "activateConstraints", "constraintsWithVisualFormat", "addConstraints", "addConstraint",
    ]
    private static let pinningWords = ["pin", "fill", "edges", "constrain", "anchor", "snp", "mas_make", "embed", "attach"]

    /// `addSubview(x)` on `self` of a view that comes from a nib: the enclosing method loads
    /// one, or `x` is an outlet of the type. Reusable's `loadNibContent()` pins by itself.
    mutating func collectAttachments() {
        var layouts: [String: (ContentViewAttachment.Layout, String?)] = [:]
        var loadingMethods: [Int: Bool] = [:]
        for call in calls where call.baseName == "addSubview" && !call.arguments.isEmpty {
            let receiver = call.receiver.map { stream.text(of: $0) }
            guard receiver == nil || receiver == "self", let method = method(containing: call.nameIndex),
                  let body = method.body else { continue }
            let expression = stream.text(of: call.arguments[0])
            let name = call.arguments[0].last.map { stream.text($0) } ?? expression
            let loadsHere = loadingMethods[body.lowerBound]
                ?? (loadsByMethod[body.lowerBound] ?? []).contains { nibLoads[$0].api != .registerNib }
            loadingMethods[body.lowerBound] = loadsHere
            let isOutlet = method.declarationIndex.map { declarations[$0].outlets.contains { $0.name == name } } ?? false
            guard loadsHere || isOutlet else { continue }
            let key = "\(body.lowerBound) \(name)"
            var (layout, helper) = layouts[key] ?? layout(of: name, in: body)
            layouts[key] = (layout, helper)
            if layout == .none, let inherited = helperLayout(of: name, before: call.nameIndex, in: method) {
                layout = inherited
            }
            attachments.append(ContentViewAttachment(
                viewExpression: expression, layout: layout, pinningHelper: helper,
                location: stream.location(call.nameIndex, path: path), language: language, context: context(of: call.nameIndex)))
        }
        for load in nibLoads where load.api == .nibOwnerLoadable {
            attachments.append(ContentViewAttachment(
                viewExpression: "loadNibContent()", layout: .constraints, pinningHelper: "loadNibContent",
                location: load.location, language: language, context: load.context))
        }
    }

    /// The layout a project helper gave the view it returned, when `name` holds its result
    /// (`UIView *view = [self tra_loadViewFromNibNamed:@"X"]`, which sets `frame = bounds`).
    private func helperLayout(of name: String, before index: Int, in method: ParsedMethod) -> ContentViewAttachment.Layout? {
        let resolver = NibNameResolver(stream: stream, method: method, context: method.context)
        guard let initializer = resolver.localInitializer(of: name, before: index) else { return nil }
        return calls.lazy.filter { initializer.contains($0.nameIndex) }
            .compactMap { helpers.helper(for: $0, in: receiverContext(of: $0))?.returnedLayout }.first
    }

    /// How `name` is laid out in `body`: frame, autoresizing, constraints or a pinning helper.
    func layout(of name: String, in body: Range<Int>) -> (ContentViewAttachment.Layout, String?) {
        var frame = false
        var autoresizing = false
        var constraints = false
        var helper: String?
        for index in body where stream.isText(index, equalTo: name) {
            let member = stream.isText(index + 1, ".") ? stream.text(index + 2) : ""
            if member == "frame", stream.isText(index + 3, "=") {
                let value = SourceStatement.expression(in: stream, from: index + 4, limit: body.upperBound)
                frame = frame || value.contains { stream.isText($0, "bounds") }
            } else if member == "autoresizingMask", stream.isText(index + 3, "=") {
                let value = stream.text(of: SourceStatement.expression(in: stream, from: index + 4, limit: body.upperBound)).lowercased()
                autoresizing = autoresizing || ASCIIText.contains(value, "flexiblewidth") && ASCIIText.contains(value, "flexibleheight")
            } else if Self.anchors.contains(member) || member == "edges" {
                constraints = true
            } else if let call = pinningCall(around: index) {
                constraints = true
                helper = call
            } else if stream.isText(index - 1, ":"), stream.isText(index - 2, "item") || stream.isText(index - 2, "constraintWithItem") {
                constraints = true
            }
        }
        if !constraints {
            constraints = body.contains { stream.isText($0, "constraintsWithVisualFormat") || stream.isText($0, "withVisualFormat") }
        }
        if constraints { return (.constraints, helper) }
        switch (frame, autoresizing) {
        case (true, true): return (.frameAndAutoresizing, nil)
        case (true, false): return (.frameOnly, nil)
        case (false, true): return (.autoresizingOnly, nil)
        case (false, false): return (.none, nil)
        }
    }

    /// `name.pinEdges(to: self)`, `fillSuperview(name)`, `[name mas_makeConstraints:…]`.
    private func pinningCall(around index: Int) -> String? {
        var candidates: [String] = []
        if stream.isText(index + 1, "."), index + 2 < stream.count, stream.isText(index + 3, "(") { candidates.append(stream.text(index + 2)) }
        if stream.isText(index - 1, "("), index >= 2, stream[index - 2].isIdentifier { candidates.append(stream.text(index - 2)) }
        if stream.isText(index - 1, "["), index + 1 < stream.count, stream[index + 1].isIdentifier { candidates.append(stream.text(index + 1)) }
        return candidates.first { candidate in
            let lower = candidate.lowercased()
            return Self.pinningWords.contains { lower.hasPrefix($0) || ASCIIText.contains(lower, $0 + "edges") || lower.hasSuffix("superview") }
        }
    }

    /// Objective-C `self = …` inside an initialiser: `initWithCoder:`/`initWithFrame:` and
    /// every other instance method of the init family (`initWithStyle:reuseIdentifier:`,
    /// `initWithEvent:`), which may replace `self` with a nib-loaded object just the same.
    mutating func collectSelfAssignments(_ parsed: [ParsedMethod]) {
        guard language == .objc else { return }
        let factories = Set(fileHelpers.map(\.baseName) + helpers.byBaseName.keys)
        for method in parsed where Self.isInitializer(method.method) {
            guard let body = method.body else { continue }
            for index in body where stream.isText(index, "self") && stream.isText(index + 1, "=") && !stream.isText(index - 1, ".") {
                let value = SourceStatement.expression(in: stream, from: index + 2, limit: body.upperBound)
                let texts = value.map { stream.text($0) }
                let source: SelfAssignment.Source
                if texts.contains("super") { source = .superInit }
                else if texts.contains(where: { ["loadNibNamed", "nibWithNibName", "instantiateWithOwner"].contains($0) }) { source = .nibLoad }
                else if let factory = texts.first(where: { factories.contains($0) }) { source = .factory(factory) }
                else { source = .other }
                selfAssignments.append(SelfAssignment(
                    expression: stream.text(of: value), source: source,
                    location: stream.location(index, path: path), context: method.context))
            }
        }
    }

    /// An instance method of Objective-C's init family: `init`, or `init` followed by an
    /// uppercase letter or a colon (`initWithEvent:`), not `initialize` nor `inits`.
    static func isInitializer(_ method: SourceMethod) -> Bool {
        if method.lifecycle == .initCoder || method.lifecycle == .initFrame { return true }
        guard !method.isTypeMethod, method.selector.hasPrefix("init") else { return false }
        guard let next = method.selector.dropFirst(4).unicodeScalars.first else { return true }
        return next == ":" || ("A"..."Z").contains(next)
    }
}
