/// The blocks of one file that run only for a row past the end of its section, which UIKit
/// never asks for: `if indexPath.row == relations.count { … }` in
/// `tableView(_:cellForRowAt:)` when `tableView(_:numberOfRowsInSection:)` gives that section
/// exactly `relations.count` rows. Rows run from 0 to the count less one, so the block never
/// runs (the same holds for collection views' items).
///
/// Only what can be read plainly is judged: a file with one data source method of each kind;
/// a section's count read from its only `return`, inside `if section == N` or as the
/// method's one `return` for every section; a row condition that compares the row with the
/// very same expression, inside `if indexPath.section == N` or for every section.
struct RowCountConditions {
    /// Token index ranges, opening brace through closing brace, of blocks that never run,
    /// with the count expression their condition asks for and the index member (`row`, `item`).
    private(set) var deadBlocks: [(range: ClosedRange<Int>, count: String, member: String)] = []

    /// The two data source methods of a table or collection view and the index member
    /// (`row`, `item`) a cell's index path is compared by.
    private static let dataSources: [(count: [StaticString], cell: [StaticString], member: StaticString)] = [
        (["numberOfRowsInSection"], ["cellForRowAt", "cellForRowAtIndexPath"], "row"),
        (["numberOfItemsInSection"], ["cellForItemAt", "cellForItemAtIndexPath"], "item"),
    ]

    init(_ stream: TokenStream) {
        for source in Self.dataSources {
            guard let counter = Self.method(labelled: source.count, in: stream),
                  let cells = Self.method(labelled: source.cell, in: stream) else { continue }
            let counts = Self.sectionCounts(in: counter, stream)
            guard !counts.isEmpty else { continue }
            for index in cells.body where stream.isText(index, "if") {
                guard let (count, brace) = Self.rowComparison(after: index, parameter: cells.parameter, member: source.member, in: stream),
                      let expected = Self.section(enclosing: index, parameter: cells.parameter, member: true, within: cells.body, in: stream)
                        .map({ counts[$0] }) ?? counts[nil], expected == count else { continue }
                deadBlocks.append((range: brace...stream.partner[brace], count: count, member: "\(source.member)"))
            }
        }
    }

    /// A data source method the file defines exactly once: its parameter's name and the
    /// token indices strictly inside its body.
    private static func method(labelled labels: [StaticString], in stream: TokenStream) -> (parameter: String, body: Range<Int>)? {
        var found: [(String, Range<Int>)] = []
        for index in stream.indices(where: { $0.isIdentifier }) where labels.contains(where: { stream.isText(index, $0) }) {
            // Swift `label name: Type`; Objective-C `label:(Type *)name`.
            var parameter = index + 1
            if stream.isText(parameter, ":"), stream.isText(parameter + 1, "(") { parameter = stream.after(parameter + 1) }
            guard parameter < stream.count, stream[parameter].isIdentifier else { continue }
            var brace = parameter + 1
            while brace < stream.count, !stream.isText(brace, "{"), !stream.isText(brace, ";"), !stream.isText(brace, "}") { brace += 1 }
            guard stream.isText(brace, "{"), stream.partner[brace] > brace else { continue }
            found.append((stream.text(parameter), (brace + 1)..<stream.partner[brace]))
        }
        return found.count == 1 ? found[0] : nil
    }

    /// The count each section is given, by section number (`nil`: every section), from the
    /// method's `return`s: a section whose block holds one `return`, or the method's only
    /// `return` when no section condition encloses it.
    private static func sectionCounts(in method: (parameter: String, body: Range<Int>), _ stream: TokenStream) -> [Int?: String] {
        var returns: [Int?: [String]] = [:]
        var total = 0
        for index in method.body where stream.isText(index, "return") {
            total += 1
            var last = index + 1
            while last + 1 < method.body.upperBound, !ConstantConditions.endsStatement(after: last, in: stream) { last += 1 }
            let section = Self.section(enclosing: index, parameter: method.parameter, member: false, within: method.body, in: stream)
            returns[section, default: []].append(Self.expression(index + 1..<last + 1, in: stream))
        }
        var counts: [Int?: String] = [:]
        for (section, values) in returns where values.count == 1 && (section != nil || total == 1) {
            counts[section] = values[0]
        }
        return counts
    }

    /// The section number of the innermost block around `index` whose `if` compares the
    /// section with a number: `section == 1` in the count method, `indexPath.section == 1` in
    /// the cell method (`member`).
    private static func section(enclosing index: Int, parameter: String, member: Bool, within body: Range<Int>, in stream: TokenStream) -> Int? {
        var position = index - 1
        var depth = 0
        while position >= body.lowerBound {
            if stream.isText(position, "}") {
                depth += 1
            } else if stream.isText(position, "{") {
                if depth > 0 {
                    depth -= 1
                } else if let number = sectionCondition(before: position, parameter: parameter, member: member, in: stream) {
                    return number
                }
            }
            position -= 1
        }
        return nil
    }

    /// The number in `if section == N {` (or `if (indexPath.section == N) {`) ending at `brace`.
    private static func sectionCondition(before brace: Int, parameter: String, member: Bool, in stream: TokenStream) -> Int? {
        var end = brace
        if stream.isText(end - 1, ")") { end -= 1 }
        let subject = member ? 3 : 1
        let start = end - subject - 2
        guard start > 0, stream.isText(end - 2, "=="), stream[end - 1].kind == .number, let number = Int(stream.text(end - 1)),
              stream.isText(start, equalTo: parameter),
              !member || (stream.isText(start + 1, ".") && stream.isText(start + 2, "section")) else { return nil }
        let keyword = stream.isText(start - 1, "(") ? start - 2 : start - 1
        return stream.isText(keyword, "if") ? number : nil
    }

    /// The count expression of `if indexPath.row == E {` (or `E == indexPath.row`, either in
    /// parentheses) at `index`, and the index of its opening brace.
    private static func rowComparison(after index: Int, parameter: String, member: StaticString, in stream: TokenStream) -> (String, Int)? {
        var start = index + 1
        let parenthesised = stream.isText(start, "(")
        if parenthesised { start += 1 }
        var brace = start
        while brace < stream.count, !stream.isText(brace, "{"), !stream.isText(brace, ";") { brace += 1 }
        guard stream.isText(brace, "{"), stream.partner[brace] > brace else { return nil }
        let end = parenthesised && stream.isText(brace - 1, ")") ? brace - 1 : brace
        guard let equals = (start..<end).first(where: { stream.isText($0, "==") }),
              !(start..<end).contains(where: { stream.isText($0, "&&") || stream.isText($0, "||") || stream.isText($0, ",") }) else { return nil }
        func isIndex(_ range: Range<Int>) -> Bool {
            range.count == 3 && stream.isText(range.lowerBound, equalTo: parameter) && stream.isText(range.lowerBound + 1, ".")
                && stream.isText(range.lowerBound + 2, member)
        }
        let left = start..<equals, right = (equals + 1)..<end
        let count = isIndex(left) ? right : isIndex(right) ? left : nil
        guard let count, !count.isEmpty else { return nil }
        return (expression(count, in: stream), brace)
    }

    /// The tokens of `range` written without spaces, so that spacing does not matter.
    private static func expression(_ range: Range<Int>, in stream: TokenStream) -> String {
        range.map { stream.text($0) }.joined()
    }
}
