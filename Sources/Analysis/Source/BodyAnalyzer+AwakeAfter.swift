extension BodyAnalyzer {
    private static let notFlags: Set<String> = ["subviews", "superview", "window", "self", "super", "nil", "NULL", "YES", "NO", "true", "false"]

    /// What an `awakeAfter` body does: its returns, its recursion guard and what it copies
    /// from the placeholder (itself or through a project method it passes `self` to).
    func awakeAfterSummary(_ method: ParsedMethod) -> AwakeAfterSummary? {
        guard let body = method.body else { return nil }
        let loadsInBody = !loads(inBodyAt: body.lowerBound).isEmpty
        var returnsSelf = false
        var returnsSuper = false
        var returnsOther = false
        var otherReturns: [(index: Int, value: Range<Int>)] = []
        for index in body where stream.isText(index, "return") {
            let value = SourceStatement.expression(in: stream, from: index + 1, limit: body.upperBound)
            if value.isEmpty || stream.isText(value.lowerBound, "nil") && value.count == 1 { continue }
            if stream.isText(value.lowerBound, "self") && value.count == 1 { returnsSelf = true }
            else if isSuperAwakeAfter(value) { returnsSuper = true }
            else {
                returnsOther = true
                otherReturns.append((index, value))
            }
        }
        var returnedVariable: AwakeAfterSummary.ReturnedVariable?
        if otherReturns.count == 1, let only = otherReturns.first, only.value.count == 1, stream[only.value.lowerBound].isIdentifier {
            returnedVariable = .init(name: stream.text(only.value.lowerBound), location: stream.location(only.index, path: path))
        }
        var facts = PlaceholderCopyReader(stream: stream, path: path, language: language, placeholder: "self").read(body)
        var copyHelper: String?
        let bodyCalls = CallExtractor(stream: stream, language: language).calls(in: body) { _ in true }
        var unreadHandoffs: [String] = []
        for call in bodyCalls where call.arguments.contains(where: { stream.text(of: $0) == "self" }) {
            let key = language == .objc ? call.selector : call.baseName
            guard let helperFacts = copyHelpers[key] ?? helpers.copyHelpers[key] else {
                if !Self.handoffsThatCopyNothing.contains(call.baseName) && !Self.handoffsThatCopyNothing.contains(call.selector) {
                    unreadHandoffs.append(key)
                }
                continue
            }
            copyHelper = key
            facts.merge(helperFacts)
        }
        var guardKind = guardKind(in: body, typeIndex: method.declarationIndex)
        for swap in returnedSwapHelpers(in: body, calls: bodyCalls) {
            copyHelper = copyHelper ?? swap.helper.selector
            facts.merge(swap.copies)
            if case .none = guardKind { guardKind = swap.helper.placeholderGuard }
            // The helper the placeholder is handed to was read: what it copies is known.
            unreadHandoffs.removeAll { $0 == (language == .objc ? swap.helper.selector : swap.helper.baseName) }
        }
        return AwakeAfterSummary(
            returnsNibLoadedObject: loadsInBody && returnsOther, returnsSelf: returnsSelf,
            returnsSuper: returnsSuper, returnsOtherObject: returnsOther,
            guardKind: guardKind,
            copiedAttributes: facts.attributes.sorted(), literalFlags: facts.literalFlags, movesSubviews: facts.movesSubviews,
            constraintCopy: facts.constraintCopy, copyHelper: copyHelper, unreadHandoffs: unreadHandoffs,
            location: method.method.location, returnedVariable: returnedVariable)
    }

    /// Platform calls that take the placeholder without copying its attributes to another
    /// view: loading a nib with it as owner, comparing it, logging it.
    private static let handoffsThatCopyNothing: Set<String> = [
        "loadNibNamed", "loadNibNamed:owner:options:", "loadNibNamed:owner:", "instantiate", "instantiateWithOwner:options:",
        "isEqual", "isEqual:", "isKind", "isKindOfClass:", "isMember", "isMemberOfClass:", "type", "print", "NSLog", "debugPrint",
        "String", "NSStringFromClass", "object_getClass", "Unmanaged", "ObjectIdentifier",
    ]

    /// The project's helpers that a `return` hands the decoded object to, with what each
    /// copies from it: as `self` to an instance method (`return self.swapFromNib(coder, …)`,
    /// `return super.helper(…)`, a bare `helper(…)` in Swift, `[self helper…]`), or as an
    /// argument (`return UIView.replaceWithInstance(self)`). A type method called without
    /// it (`[[self class] fromNib]`) does not see the placeholder.
    private func returnedSwapHelpers(in body: Range<Int>, calls: [CallSite]) -> [(helper: NibLoadHelper, copies: PlaceholderCopyFacts)] {
        var values = body.filter { stream.isText($0, "return") }
            .map { SourceStatement.expression(in: stream, from: $0 + 1, limit: body.upperBound) }
        if values.isEmpty, language == .swift, body.count > 2 { values = [(body.lowerBound + 1)..<(body.upperBound - 1)] }  // implicit return
        var found: [(helper: NibLoadHelper, copies: PlaceholderCopyFacts)] = []
        for value in values {
            for call in calls where call.expression.lowerBound >= value.lowerBound && call.expression.upperBound <= value.upperBound
                && !call.expression.isEmpty {
                guard let helper = helpers.helper(for: call, in: receiverContext(of: call)) else { continue }
                if let position = call.arguments.firstIndex(where: { stream.text(of: $0) == "self" }), position < helper.parameterCopies.count {
                    found.append((helper, helper.parameterCopies[position]))
                } else if isSelfOrSuper(call.receiver), !helper.isTypeMethod {
                    found.append((helper, helper.selfCopies))
                } else {
                    continue
                }
                break
            }
        }
        return found
    }

    /// No receiver (Swift's implicit `self`), `self` or `super`.
    private func isSelfOrSuper(_ receiver: Range<Int>?) -> Bool {
        guard let receiver else { return language == .swift }
        return receiver.count == 1 && (stream.isText(receiver.lowerBound, "self") || stream.isText(receiver.lowerBound, "super"))
    }

    /// `super.awakeAfter(using: coder)`, `[super awakeAfterUsingCoder:coder]`, also inside
    /// parentheses or behind a cast (`(id)[super …]`), not as an argument of another call.
    private func isSuperAwakeAfter(_ value: Range<Int>) -> Bool {
        var receiver = value.lowerBound
        while receiver < value.upperBound, stream.isText(receiver, "(") {
            let after = stream.after(receiver)
            let isCast = after < value.upperBound && !(receiver..<after).contains { stream.isText($0, "super") }
            receiver = isCast ? after : receiver + 1
        }
        if stream.isText(receiver, "[") { receiver += 1 }
        guard stream.isText(receiver, "super") else { return false }
        let member = stream.isText(receiver + 1, ".") ? receiver + 2 : receiver + 1
        return stream.isText(member, "awakeAfter") || stream.isText(member, "awakeAfterUsingCoder")
    }

    /// The recursion guard read from the `if`/`guard` conditions of the body.
    func guardKind(in body: Range<Int>, typeIndex: Int?) -> AwakeAfterSummary.Guard {
        let properties = Set(typeIndex.map { index in
            declarations.filter { $0.name == declarations[index].name }.flatMap { $0.properties.map(\.name) }
        } ?? [])
        var found: AwakeAfterSummary.Guard = .none
        for index in body where stream.isText(index, "if") || stream.isText(index, "guard") {
            let condition = conditionRange(after: index, limit: body.upperBound)
            if condition.contains(where: { stream.isText($0, "subviews") }) { return .subviewsCount }
            if let flag = condition.first(where: { stream[$0].isIdentifier && sharedVariables.contains(stream.text($0)) }) {
                found = .staticFlag(stream.text(flag))
                continue
            }
            if case .none = found, let flag = propertyFlag(in: condition, properties: properties) {
                found = .propertyFlag(flag)
            }
        }
        return found
    }

    private func conditionRange(after keyword: Int, limit: Int) -> Range<Int> {
        if language == .objc, stream.isText(keyword + 1, "(") {
            return (keyword + 2)..<max(keyword + 2, stream.after(keyword + 1) - 1)
        }
        var cursor = keyword + 1
        while cursor < limit, !stream.isText(cursor, "{"), !stream.isText(cursor, "else") { cursor = stream.after(cursor) }
        return (keyword + 1)..<min(cursor, limit)
    }

    /// `self.flag`, `[self flag]`, or (Swift) a bare property of the type.
    private func propertyFlag(in condition: Range<Int>, properties: Set<String>) -> String? {
        for index in condition where stream[index].isIdentifier && !Self.notFlags.contains(stream.text(index)) {
            let text = stream.text(index)
            if stream.isText(index - 1, "."), stream.isText(index - 2, "self") { return text }
            if stream.isText(index - 1, "self"), stream.isText(index - 2, "[") { return text }
            if language == .swift, !stream.isText(index - 1, "."), properties.contains(text) { return text }
        }
        return nil
    }
}
