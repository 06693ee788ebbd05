/// Reads what a body carries over from a placeholder view (`self` in `awakeAfter`, or a
/// parameter of a copy helper) to another view: `view.frame = self.frame`, `[view
/// setHidden:self.hidden]`, a loop moving `subviews`, a loop re-creating `constraints`.
struct PlaceholderCopyReader {
    let stream: TokenStream
    let path: String
    let language: SourceLanguage
    /// `self`, or the helper parameter's name.
    let placeholder: String

    private static let priorityNames = TokenSet(["priority", "setPriority"])
    private static let identifierNames = TokenSet(["identifier", "setIdentifier"])
    private static let activationNames = TokenSet(["isActive", "active", "setActive", "activate", "activateConstraints"])

    func read(_ body: Range<Int>) -> PlaceholderCopyFacts {
        var facts = PlaceholderCopyFacts()
        let range = body.clamped(to: 0..<stream.count)
        for index in range where stream[index].kind != .string && stream[index].kind != .number {
            let token = stream[index]
            let isSetterName = stream.textLength(token) > 3 && stream.hasPrefix(token, "set")
            if stream.isText(token, "=") || isSetterName,
               let (attribute, value) = isSetterName ? setterCall(at: index, limit: range.upperBound)
                                                    : assignment(at: index, limit: range.upperBound) {
                if readsPlaceholder(attribute, in: value) {
                    facts.attributes.insert(Self.normalized(attribute))
                } else if let flag = booleanLiteral(value) {
                    facts.literalFlags[Self.normalized(attribute)] = flag
                }
            } else if stream.isText(token, "subviews"), isPlaceholderMember(index), loopBody(over: index).map(containsAddSubview) == true {
                facts.movesSubviews = true
            } else if stream.isText(token, "constraints"), isPlaceholderMember(index), facts.constraintCopy == nil,
                      let loop = loopBody(over: index) {
                facts.constraintCopy = constraintCopy(in: loop)
            }
        }
        return facts
    }

    /// UIKit property names as Objective-C spells them: `isHidden` → `hidden`.
    static func normalized(_ attribute: String) -> String {
        guard attribute.hasPrefix("is"), attribute.count > 2,
              let third = attribute.dropFirst(2).first, third.isUppercase else { return attribute }
        return third.lowercased() + attribute.dropFirst(3)
    }

    /// Is the token `placeholder.member`, `[placeholder member]` or (Swift, `self`) a bare member?
    private func isPlaceholderMember(_ index: Int) -> Bool {
        if stream.isText(index - 1, "."), stream.isText(index - 2, equalTo: placeholder) { return true }
        if stream.isText(index - 1, equalTo: placeholder), stream.isText(index - 2, "[") { return true }
        return language == .swift && placeholder == "self" && !stream.isText(index - 1, ".")
    }

    /// `target.attr = value` on another view than the placeholder: the attribute and the value.
    private func assignment(at equals: Int, limit: Int) -> (String, Range<Int>)? {
        guard equals >= 3, stream[equals - 1].isIdentifier, stream.isText(equals - 2, ".") else { return nil }
        let target = stream.text(equals - 3)
        guard target != placeholder, !stream.isText(equals - 4, ".") else { return nil }
        return (stream.text(equals - 1), SourceStatement.expression(in: stream, from: equals + 1, limit: limit))
    }

    /// `[target setAttr:value]`, or Swift 1/2's setter call `target.setAttr(value)`, on
    /// another view than the placeholder: the attribute and the value.
    private func setterCall(at index: Int, limit: Int) -> (String, Range<Int>)? {
        let target: Int
        let value: Range<Int>
        if stream.isText(index + 1, ":"), stream.isText(index - 2, "[") {
            target = index - 1
            let end = min(stream.partner[index - 2] >= 0 ? stream.partner[index - 2] : limit, limit)
            value = (index + 2)..<max(index + 2, end)
        } else if language == .swift, stream.isText(index + 1, "("), stream.isText(index - 1, "."), index >= 2 {
            target = index - 2
            value = (index + 2)..<max(index + 2, min(stream.after(index + 1) - 1, limit))
        } else {
            return nil
        }
        guard stream.text(target) != placeholder else { return nil }
        let name = stream.text(index).dropFirst(3)
        guard let first = name.first else { return nil }
        return (first.lowercased() + name.dropFirst(), value)
    }

    /// `YES`/`NO`/`true`/`false` alone.
    private func booleanLiteral(_ range: Range<Int>) -> Bool? {
        guard range.count == 1 else { return nil }
        if stream.isText(range.lowerBound, "YES") || stream.isText(range.lowerBound, "true") { return true }
        if stream.isText(range.lowerBound, "NO") || stream.isText(range.lowerBound, "false") { return false }
        return nil
    }

    /// Does `range` read `attribute` (or its `is`-less twin) from the placeholder?
    private func readsPlaceholder(_ attribute: String, in range: Range<Int>) -> Bool {
        let wanted = Self.normalized(attribute)
        // A bare `attr`, or Swift 1/2's getter call `attr()`.
        let isBare = range.count == 1 || range.count == 3 && stream.isText(range.lowerBound + 1, "(") && stream.isText(range.lowerBound + 2, ")")
        if isBare, language == .swift, placeholder == "self",
           Self.normalized(stream.text(range.lowerBound)) == wanted { return true }
        for index in range where Self.normalized(stream.text(index)) == wanted {
            if isPlaceholderMember(index), index > range.lowerBound { return true }
            if stream.isText(index - 1, equalTo: placeholder), stream.isText(index - 2, "[") { return true }
        }
        return false
    }

    /// The `{ … }` body of a `for … in <collection>` loop or `.forEach { … }` over the token.
    private func loopBody(over index: Int) -> Range<Int>? {
        var start = index
        if stream.isText(index - 1, "."), stream.isText(index - 2, equalTo: placeholder) { start = index - 2 }
        if stream.isText(index - 1, equalTo: placeholder) { start = index - 1 }
        // Swift 1/2 spell the property as a method: `constraints()`.
        let member = stream.isText(index + 1, "(") && stream.isText(index + 2, ")") ? index + 2 : index
        let isLoop = stream.isText(start - 1, "in") || stream.isText(member + 1, ".") && stream.isText(member + 2, "forEach")
        guard isLoop else { return nil }
        var cursor = index + 1
        while cursor < stream.count, cursor < index + 12, !stream.isText(cursor, "{") { cursor += 1 }
        guard stream.isText(cursor, "{") else { return nil }
        return cursor..<stream.after(cursor)
    }

    private func containsAddSubview(_ range: Range<Int>) -> Bool {
        range.contains { stream.isText($0, "addSubview") }
    }

    /// The new-constraint creation inside a loop over the placeholder's constraints.
    private func constraintCopy(in loop: Range<Int>) -> AwakeAfterSummary.ConstraintCopy? {
        guard let creation = loop.first(where: { index in
            stream.isText(index, "constraintWithItem")
                || stream.isText(index, "NSLayoutConstraint") && stream.isText(index + 1, "(") && stream.isText(index + 2, "item")
        }) else { return nil }
        let comparesWithPlaceholder = loop.contains { index in
            (stream.isText(index, "==") || stream.isText(index, "===")) && (stream.isText(index + 1, equalTo: placeholder) || stream.isText(index - 1, equalTo: placeholder))
        }
        func mentions(_ names: TokenSet) -> Bool { loop.contains { names.contains($0, in: stream) } }
        return AwakeAfterSummary.ConstraintCopy(
            itemMapping: comparesWithPlaceholder ? .conditional : .unconditional,
            carriesPriority: mentions(Self.priorityNames), carriesIdentifier: mentions(Self.identifierNames),
            carriesActive: mentions(Self.activationNames),
            location: stream.location(creation, path: path))
    }
}
