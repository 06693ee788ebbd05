/// One place where code switches a property's control on or off: `cell.field.isEnabled =
/// false`, `self.button.userInteractionEnabled = YES`, `[_slider setEnabled:NO]`. A control
/// that is off sends no actions, so whether code ever turns it on decides whether a broken
/// action can fire.
struct EnabledStateAssignment: Sendable, Equatable {
    /// The property holding the control (`field` in `cell.field.isEnabled`).
    var property: String
    /// The static type of the object the property is read from, where the file says it:
    /// `let cell = … as! PairCell`, `let cell: PairCell`, `PairCell *cell`. `nil` for `self`,
    /// an implicit receiver, or a type the file does not state.
    var receiverType: String?
    /// The literal value assigned; `nil` when it is computed.
    var value: Bool?
    var line: Int
    /// Whether the assignment lies in a block a constant condition rules out.
    var neverRuns: Bool

    /// Every assignment of the enabled state of a property's control in `stream`.
    static func scan(_ stream: TokenStream) -> [EnabledStateAssignment] {
        let conditions = LazyConditions(stream: stream)
        return stream.indices(where: { $0.isIdentifier && $0.length >= 7 }).compactMap { index -> EnabledStateAssignment? in
            if stream.isText(index + 1, "="), isStateProperty(index, stream) {
                return assignment(of: index, valueAt: index + 2, in: stream, conditions: conditions)
            }
            if stream.isText(index + 1, ":"), stream.isText(index + 3, "]"), isSetter(index, stream) {
                return assignment(of: index, valueAt: index + 2, in: stream, conditions: conditions)
            }
            return nil
        }
    }

    private static func isStateProperty(_ index: Int, _ stream: TokenStream) -> Bool {
        stream.isText(index, "isEnabled") || stream.isText(index, "enabled")
            || stream.isText(index, "isUserInteractionEnabled") || stream.isText(index, "userInteractionEnabled")
    }

    private static func isSetter(_ index: Int, _ stream: TokenStream) -> Bool {
        stream.isText(index, "setEnabled") || stream.isText(index, "setUserInteractionEnabled")
    }

    /// The assignment whose state member (`isEnabled`, `setEnabled`) is at `member`: the
    /// property is the name before it (`field.isEnabled`, `[self.field setEnabled:…]`,
    /// `[_field setEnabled:…]`), the receiver the name before that.
    private static func assignment(of member: Int, valueAt valueIndex: Int, in stream: TokenStream,
                                   conditions: LazyConditions) -> EnabledStateAssignment? {
        let viaSetter = isSetter(member, stream)
        var position = member - 1
        if !viaSetter {
            guard stream.isText(position, ".") else { return nil }
            position = skippingUnwraps(before: position - 1, in: stream)
        }
        guard position >= 0, stream[position].isIdentifier, !stream.isText(position, "self") else { return nil }
        var property = stream.text(position)
        var receiver: String?
        let beforeProperty = skippingUnwraps(before: position - 2, in: stream)
        if stream.isText(position - 1, "."), beforeProperty >= 0, stream[beforeProperty].isIdentifier {
            receiver = stream.text(beforeProperty)
        } else if property.hasPrefix("_"), property.count > 1 {
            property.removeFirst()
        }
        let value = viaSetter || ConstantConditions.endsStatement(after: valueIndex, in: stream)
            ? ConstantConditions.literalValue(stream.text(valueIndex)) : nil
        return EnabledStateAssignment(
            property: property,
            receiverType: receiver.flatMap { $0 == "self" ? nil : declaredType(of: $0, before: beforeProperty, in: stream) },
            value: value,
            line: stream[member].line,
            neverRuns: conditions.value.isDead(member)
        )
    }

    /// The index before `index` once optional-chaining and force-unwrap marks (`?`, `!`)
    /// are skipped.
    private static func skippingUnwraps(before index: Int, in stream: TokenStream) -> Int {
        var position = index
        while position >= 0, stream.isText(position, "?") || stream.isText(position, "!") { position -= 1 }
        return position
    }

    /// The type the nearest earlier declaration of the local `name` states: `let name: T`,
    /// `let name = … as! T` (`as?`, `as`), Objective-C `T *name`. `nil` when there is none
    /// within a few hundred tokens or it states no type.
    private static func declaredType(of name: String, before index: Int, in stream: TokenStream) -> String? {
        var position = index - 1
        let limit = max(0, index - 600)
        while position >= limit {
            defer { position -= 1 }
            guard stream.isText(position, equalTo: name) else { continue }
            if stream.isText(position - 1, "*"), position >= 2, stream[position - 2].isIdentifier {
                return stream.text(position - 2)
            }
            guard stream.isText(position - 1, "let") || stream.isText(position - 1, "var") else { continue }
            if stream.isText(position + 1, ":"), position + 2 < stream.count, stream[position + 2].isIdentifier {
                return stream.text(position + 2)
            }
            guard stream.isText(position + 1, "=") else { return nil }
            return castType(inValueFrom: position + 2, in: stream)
        }
        return nil
    }

    /// The type a value expression starting at `start` is cast to at its end (`… as! T`),
    /// skipping bracketed groups; `nil` at the statement's end without a cast.
    private static func castType(inValueFrom start: Int, in stream: TokenStream) -> String? {
        var position = start
        let end = min(stream.count, start + 200)
        while position < end {
            if stream.isText(position, "as") {
                var typeIndex = position + 1
                if stream.isText(typeIndex, "!") || stream.isText(typeIndex, "?") { typeIndex += 1 }
                return typeIndex < stream.count && stream[typeIndex].isIdentifier ? stream.text(typeIndex) : nil
            }
            if ["let", "var", "return", "if", "guard", ";", "{", "}"].contains(where: { stream.isText(position, equalTo: $0) }) { return nil }
            position = stream.after(position)
        }
        return nil
    }

    /// The file's constant conditions, worked out only if it sets an enabled state.
    private final class LazyConditions {
        let stream: TokenStream
        lazy var value = ConstantConditions(stream)
        init(stream: TokenStream) { self.stream = stream }
    }
}
