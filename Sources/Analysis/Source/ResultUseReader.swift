/// Reads what a nib-load expression's result is used for: `.first`, `firstObject`,
/// `objectAtIndex:0`, `[0]`, `.last`, a cast, a search by type, nothing at all, or the whole
/// array kept in a variable that is then used in one of those ways.
struct ResultUseReader {
    let stream: TokenStream
    let method: ParsedMethod?

    struct Use: Equatable {
        var use: NibLoadSite.ResultUse
        var index: Int?
        var cast: NibLoadSite.Cast?
    }

    private static let searches: Set<String> = ["compactMap", "filter", "lazy", "flatMap", "contains"]

    func read(_ expression: Range<Int>) -> Use {
        var result = Use(use: .whole)
        var end = expression.upperBound
        if let selected = selection(after: &end) {
            result = selected
        } else if stream.isText(expression.lowerBound - 1, "["), end < stream.count, stream[end].isIdentifier {
            // `[[… loadNibNamed:…] firstObject]`: the load is the receiver of another send.
            let open = expression.lowerBound - 1
            switch stream.text(end) {
            case "firstObject": result = Use(use: .first, index: 0)
            case "lastObject": result = Use(use: .last)
            case "objectAtIndex":
                let index = Int(stream.text(end + 2)) ?? -1
                result = Use(use: index == 0 ? .first : .indexed, index: index >= 0 ? index : nil)
            default: break
            }
            if result.use != .whole { end = stream.after(open) }
            return finish(result, start: result.use != .whole ? open : expression.lowerBound, end: end)
        }
        return finish(result, start: expression.lowerBound, end: end)
    }

    /// AppKit's `topLevelObjects: &objects` (`loadNibNamed(_:owner:topLevelObjects:)`,
    /// `instantiate(withOwner:topLevelObjects:)`): the call returns a `Bool` and the objects
    /// are used through the variable; `nil` drops them.
    func readTopLevelObjects(_ argument: Range<Int>) -> Use {
        let text = stream.text(of: argument)
        if text == "nil" || text == "NULL" { return Use(use: .ignored) }
        let name = stream.isText(argument.lowerBound, "&") ? argument.lowerBound + 1 : argument.lowerBound
        guard name < argument.upperBound, stream[name].isIdentifier else { return Use(use: .whole) }
        return variableUse(stream.text(name), after: argument.upperBound) ?? Use(use: .whole)
    }

    /// `.first`, `.last`, `[n]`, `.firstObject`, `.first(where:)`, `.compactMap…` after `end`.
    private func selection(after end: inout Int) -> Use? {
        var cursor = end
        while stream.isText(cursor, "?") || stream.isText(cursor, "!") { cursor += 1 }
        if stream.isText(cursor, "["), stream.isText(cursor + 2, "]"), let index = Int(stream.text(cursor + 1)) {
            end = cursor + 3
            return Use(use: index == 0 ? .first : .indexed, index: index)
        }
        guard stream.isText(cursor, "."), cursor + 1 < stream.count else { return nil }
        let member = stream.text(cursor + 1)
        end = cursor + 2
        switch member {
        case "first", "firstObject":
            if stream.isText(end, "(") || stream.isText(end, "{") {
                let group = end
                end = stream.after(group)
                return Use(use: .searchByType, cast: searchedType(in: group..<end))
            }
            return Use(use: .first, index: 0)
        case "last", "lastObject": return Use(use: .last)
        default:
            if Self.searches.contains(member) {
                var scan = end
                while scan < stream.count, stream.isText(scan, "(") || stream.isText(scan, "{") || stream.isText(scan, ".") {
                    scan = stream.isText(scan, ".") ? scan + 2 : stream.after(scan)
                }
                let cast = searchedType(in: end..<scan)
                end = scan
                return Use(use: .searchByType, cast: cast)
            }
            end = cursor
            return nil
        }
    }

    /// Adds a following cast, then looks before the expression: a variable, `return`, or
    /// a statement of its own.
    private func finish(_ found: Use, start: Int, end: Int) -> Use {
        var result = found
        var cursor = end
        while stream.isText(cursor, "?") || stream.isText(cursor, "!") { cursor += 1 }
        if stream.isText(cursor, ")"), stream.isText(cursor + 1, "as") { cursor += 1 }
        // The type searched for says more than a cast of what the search returned.
        if let cast = cast(at: cursor), result.use != .searchByType || result.cast == nil { result.cast = cast }
        var before = start - 1
        while before >= 0, ["try", "await", "(", "?", "!"].contains(stream.text(before)) { before -= 1 }
        if before >= 0, stream.isText(before, ")"), stream.partner[before] >= 0 {
            let group = stream.partner[before]..<(before + 1)
            let pointerCast = objcPointerCast(group)
            if pointerCast != nil || stream.isText(group.lowerBound - 1, "=") {
                if result.cast == nil { result.cast = pointerCast ?? objcCast(group) }
                before = group.lowerBound - 1
            }
        }
        guard before >= 0 else { return result }
        let previous = stream[before]
        if stream.isText(previous, "=") {
            if stream.isText(before - 1, "_") { return Use(use: .ignored, cast: result.cast) }
            if result.cast == nil { result.cast = declaredType(before: before) }
            if result.use == .whole, before >= 1, stream[before - 1].isIdentifier, let used = variableUse(stream.text(before - 1), after: end) {
                let declared = result.cast.flatMap { ["NSArray", "NSMutableArray", "Array"].contains($0.typeName) || $0.typeName.hasPrefix("[") ? nil : $0 }
                return Use(use: used.use, index: used.index, cast: used.cast ?? declared)
            }
            return result
        }
        if result.use == .whole, result.cast == nil, stream.isText(previous, ";") || stream.isText(previous, "{") || stream.isText(previous, "}")
            || (previous.line < stream[start].line && previous.kind != .punctuation && !stream.isText(previous, "return")) {
            return Use(use: .ignored)
        }
        return result
    }

    private func cast(at index: Int) -> NibLoadSite.Cast? {
        guard stream.isText(index, "as") else { return nil }
        if stream.isText(index + 1, "!"), index + 2 < stream.count {
            return NibLoadSite.Cast(kind: .forced, typeName: typeName(from: index + 2))
        }
        if stream.isText(index + 1, "?"), index + 2 < stream.count {
            return NibLoadSite.Cast(kind: .conditional, typeName: typeName(from: index + 2))
        }
        guard index + 1 < stream.count else { return nil }
        return NibLoadSite.Cast(kind: .declaredType, typeName: typeName(from: index + 1))
    }

    /// `Foo`, `Module.Foo`, `[Foo]` at `index`, without optionality.
    private func typeName(from index: Int) -> String {
        var name = ""
        var cursor = index
        let line = index < stream.count ? stream[index].line : 0
        while cursor < stream.count, stream[cursor].line == line, stream[cursor].isIdentifier || stream.isText(cursor, ".") || stream.isText(cursor, "[") || stream.isText(cursor, "]") {
            name += stream.text(cursor)
            cursor += 1
        }
        return name
    }

    /// Objective-C `(CustomView *)` or `(__kindof CustomView *)` before any expression
    /// (`return (CardView *)[[… loadNibNamed:…] firstObject]`): a forced cast, as Swift's `as!`.
    private func objcPointerCast(_ group: Range<Int>) -> NibLoadSite.Cast? {
        let star = group.upperBound - 2
        guard group.count >= 4, stream.isText(star, "*"), stream[star - 1].isIdentifier else { return nil }
        return NibLoadSite.Cast(kind: .forced, typeName: stream.text(star - 1))
    }

    /// Objective-C `= (CustomView *)[…]`, `= (id)[…]`.
    private func objcCast(_ group: Range<Int>) -> NibLoadSite.Cast? {
        guard group.count >= 3, stream[group.lowerBound + 1].isIdentifier else { return nil }
        return NibLoadSite.Cast(kind: .forced, typeName: stream.text(group.lowerBound + 1))
    }

    /// `let v: T = …`, `T *v = …`, `typeof(self) v = …`.
    private func declaredType(before equals: Int) -> NibLoadSite.Cast? {
        if stream.isText(equals - 2, ":"), equals >= 2 {
            return NibLoadSite.Cast(kind: .declaredType, typeName: SwiftDeclarationParser.bareType(typeName(from: equals - 1)))
        }
        if stream.isText(equals - 2, "*"), equals >= 3, stream[equals - 3].isIdentifier, stream.text(equals - 3) != "id" {
            return NibLoadSite.Cast(kind: .declaredType, typeName: stream.text(equals - 3))
        }
        if stream.isText(equals - 2, ")"), stream.isText(equals - 3, "self"), stream.isText(equals - 5, "typeof") {
            return NibLoadSite.Cast(kind: .declaredType, typeName: "Self")
        }
        return nil
    }

    /// The type searched for inside a closure or loop: `as? T`, `is T`, `isKindOfClass:[T class]`.
    private func searchedType(in range: Range<Int>) -> NibLoadSite.Cast? {
        for index in range.clamped(to: 0..<stream.count) {
            if stream.isText(index, "as"), stream.isText(index + 1, "?") || stream.isText(index + 1, "!") {
                return NibLoadSite.Cast(kind: .conditional, typeName: typeName(from: index + 2))
            }
            if stream.isText(index, "is"), index + 1 < stream.count, stream[index + 1].isIdentifier {
                return NibLoadSite.Cast(kind: .conditional, typeName: typeName(from: index + 1))
            }
            if stream.isText(index, "isKindOfClass") || stream.isText(index, "isMemberOfClass"),
               stream.isText(index + 2, "["), index + 3 < stream.count {
                return NibLoadSite.Cast(kind: .conditional, typeName: stream.text(index + 3))
            }
        }
        return nil
    }

    /// How a variable holding the loaded objects is used later in the method.
    private func variableUse(_ name: String, after start: Int) -> Use? {
        guard let body = method?.body else { return nil }
        var cursor = start
        let stop = min(body.upperBound, start + NibNameResolver.localSearchWindow)
        while cursor < stop {
            if stream.isText(cursor, equalTo: name), !stream.isText(cursor - 1, ".") {
                if stream.isText(cursor - 1, "in") {  // for x in objects / for (id x in objects)
                    var loop = cursor + 1
                    while loop < body.upperBound, !stream.isText(loop, "{") { loop += 1 }
                    guard loop < body.upperBound else { return nil }
                    return Use(use: .searchByType, cast: searchedType(in: loop..<stream.after(loop)))
                }
                var end = cursor + 1
                if var selected = selection(after: &end) {
                    while stream.isText(end, "?") || stream.isText(end, "!") { end += 1 }
                    if selected.cast == nil { selected.cast = cast(at: end) }
                    return selected
                }
                if stream.isText(cursor - 1, "["), stream.isText(cursor + 1, "firstObject") { return Use(use: .first, index: 0) }
                if stream.isText(cursor - 1, "["), stream.isText(cursor + 1, "lastObject") { return Use(use: .last) }
                if stream.isText(cursor - 1, "["), stream.isText(cursor + 1, "objectAtIndex"), let index = Int(stream.text(cursor + 3)) {
                    return Use(use: index == 0 ? .first : .indexed, index: index)
                }
            }
            cursor += 1
        }
        return nil
    }
}
