extension BodyAnalyzer {
    /// The base names ``literalKind(of:)`` reads, to skip other calls without comparing names.
    private static let literalCallNames = TokenSet([
        "UIStoryboard", "NSStoryboard", "storyboardWithName", "instantiateViewController",
        "instantiateViewControllerWithIdentifier", "instantiateController", "performSegue", "performSegueWithIdentifier",
        "dequeueReusableCell", "dequeueReusableCellWithIdentifier", "dequeueReusableCellWithReuseIdentifier",
        "dequeueReusableHeaderFooterView", "dequeueReusableHeaderFooterViewWithIdentifier",
        "dequeueReusableSupplementaryView", "dequeueReusableSupplementaryViewOfKind",
    ])

    /// Storyboard names, storyboard identifiers, segue identifiers and dequeued reuse
    /// identifiers passed as string literals (registrations are collected with nib loads).
    mutating func collectLiteralCalls() {
        for call in calls where Self.literalCallNames.contains(call.nameIndex, in: stream) {
            guard let (kind, position, reusable) = Self.literalKind(of: call), position < call.arguments.count else { continue }
            let range = call.arguments[position]
            guard range.count == 1, let value = SourceLiteral.value(of: stream.text(range.lowerBound)) else { continue }
            literalCalls.append(LiteralCallSite(kind: kind, value: value, reusable: reusable,
                                                location: stream.location(call.nameIndex, path: path),
                                                language: language, context: context(of: call.nameIndex),
                                                storyboard: kind == .storyboardIdentifier ? storyboardReceiver(of: call) : nil))
        }
    }

    /// The storyboard an `instantiateViewController(withIdentifier:)` call is sent to: one
    /// named by `UIStoryboard(name:)` in the receiver or in the initializer of the local
    /// variable it names (a local `storyboard` shadows the controller's property), the
    /// controller's own (`storyboard`, `self.storyboard`), or another object's.
    private func storyboardReceiver(of call: CallSite) -> LiteralCallSite.StoryboardReceiver {
        guard let receiver = call.receiver else { return .other }
        if let named = storyboardName(in: receiver) { return .named(named) }
        var tokens = Array(receiver).filter { !stream.isText($0, "?") && !stream.isText($0, "!") }
        if language == .objc, tokens.count == 3, stream.isText(tokens[0], "["), stream.isText(tokens[2], "]") { tokens = [tokens[1]] }
        let texts = tokens.map { stream.text($0) }
        if texts == ["self", ".", "storyboard"] || texts == ["self", "storyboard"] { return .own }
        guard texts.count == 1, stream[tokens[0]].isIdentifier else { return .other }
        let resolver = NibNameResolver(stream: stream, method: method(containing: call.nameIndex), context: context(of: call.nameIndex))
        if let initializer = resolver.localInitializer(of: texts[0], before: receiver.lowerBound) {
            if let named = storyboardName(in: initializer) { return .named(named) }
            let assigned = initializer.map { stream.text($0) }.filter { $0 != "?" && $0 != "!" }
            return assigned == ["self", ".", "storyboard"] || assigned == ["storyboard"] ? .own : .other
        }
        return texts[0] == "storyboard" ? .own : .other
    }

    /// The literal name of a `UIStoryboard(name:)`/`storyboardWithName:` call inside `range`.
    private func storyboardName(in range: Range<Int>) -> String? {
        for index in range {
            guard let position = callAt[index], let (kind, argument, _) = Self.literalKind(of: calls[position]),
                  kind == .storyboardName, argument < calls[position].arguments.count else { continue }
            let name = calls[position].arguments[argument]
            guard name.count == 1 else { return nil }
            return SourceLiteral.value(of: stream.text(name.lowerBound))
        }
        return nil
    }

    /// Which literal a call names, and at which argument position.
    private static func literalKind(of call: CallSite) -> (LiteralCallSite.Kind, Int, LiteralCallSite.Reusable?)? {
        let first = call.labels.first ?? ""
        switch call.baseName {
        case "UIStoryboard" where first == "name", "NSStoryboard" where first == "name", "storyboardWithName":
            return (.storyboardName, 0, nil)
        case "instantiateViewController" where first == "withIdentifier", "instantiateViewControllerWithIdentifier",
             "instantiateController" where first == "withIdentifier":
            return (.storyboardIdentifier, 0, nil)
        case "performSegue" where first == "withIdentifier", "performSegueWithIdentifier":
            return (.segueIdentifier, 0, nil)
        case "dequeueReusableCell":
            let reusable: LiteralCallSite.Reusable = first == "withReuseIdentifier" ? .collectionCell : .tableCell
            return (.dequeue, 0, reusable)
        case "dequeueReusableCellWithIdentifier":
            return (.dequeue, 0, .tableCell)
        case "dequeueReusableCellWithReuseIdentifier":
            return (.dequeue, 0, .collectionCell)
        case "dequeueReusableHeaderFooterView", "dequeueReusableHeaderFooterViewWithIdentifier":
            return (.dequeue, 0, .headerFooter)
        case "dequeueReusableSupplementaryView", "dequeueReusableSupplementaryViewOfKind":
            guard let position = call.labels.firstIndex(of: "withReuseIdentifier") else { return nil }
            return (.dequeue, position, .supplementary)
        default:
            return nil
        }
    }
}
