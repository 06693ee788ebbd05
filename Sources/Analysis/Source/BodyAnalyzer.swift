/// Turns the parsed declarations and method bodies of one file into index facts: methods
/// and actions per declaration, nib loads, literal call sites, helpers, `awakeAfter`
/// summaries, content-view attachments and `self = …` assignments. Works on the tokens of
/// either language; the differences live in ``CallExtractor`` and the readers it calls.
struct BodyAnalyzer {
    let stream: TokenStream
    let path: String
    let language: SourceLanguage
    let helpers: NibLoadHelperTable
    var declarations: [SourceTypeDeclaration]
    let sharedVariables: Set<String>

    var nibLoads: [NibLoadSite] = []
    var literalCalls: [LiteralCallSite] = []
    var attachments: [ContentViewAttachment] = []
    var selfAssignments: [SelfAssignment] = []
    var codeLayout: [CodeLayoutFact] = []
    var fileHelpers: [NibLoadHelper] = []
    var copyHelpers: [String: PlaceholderCopyFacts] = [:]

    /// The methods of the file; analysis fills in their facts in place (the readers of
    /// ``method(containing:)`` use only what the parser found).
    private(set) var methods: [ParsedMethod] = []
    private var contexts: [ContextRange] = []
    private var methodAt: [Int32] = []
    private var contextAt: [Int32] = []
    /// Calls of interest in the whole file, in order.
    private(set) var calls: [CallSite] = []
    /// Swift calls on `self` that are not in `calls`, by selector, in order.
    private var otherSelfCalls: [(nameIndex: Int, selector: String)] = []
    /// Position in `calls` by the token index of the call's name.
    private(set) var callAt: [Int: Int] = [:]
    /// Positions in `nibLoads` by the body start of the innermost enclosing method.
    private(set) var loadsByMethod: [Int: [Int]] = [:]

    init(stream: TokenStream, path: String, language: SourceLanguage, helpers: NibLoadHelperTable,
         declarations: [SourceTypeDeclaration], sharedVariables: Set<String>) {
        self.stream = stream
        self.path = path
        self.language = language
        self.helpers = helpers
        self.declarations = declarations
        self.sharedVariables = sharedVariables
    }

    static let interestingNames = TokenSet([
        "loadNibNamed", "UINib", "NSNib", "nibWithNibName", "initWithNibNamed", "initWithNibName", "initWithWindowNibName",
        "register", "registerNib", "registerClass", "UIStoryboard", "NSStoryboard", "storyboardWithName", "instantiateViewController",
        "instantiateViewControllerWithIdentifier", "instantiateController", "performSegue",
        "performSegueWithIdentifier", "dequeueReusableCell", "dequeueReusableCellWithIdentifier",
        "dequeueReusableCellWithReuseIdentifier", "dequeueReusableHeaderFooterView",
        "dequeueReusableHeaderFooterViewWithIdentifier", "dequeueReusableSupplementaryView",
        "dequeueReusableSupplementaryViewOfKind", "loadFromNib", "loadNibContent", "addSubview",
        "instantiate", "instantiateWithOwner", "instantiateNibWithOwner",
    ])

    mutating func analyze(methods parsed: consuming [ParsedMethod], contexts: [ContextRange]) {
        methods = consume parsed  // moved: a copy would share the list, and the first write below would copy it whole
        var bodies: [(Range<Int>, Int)] = []
        bodies.reserveCapacity(methods.count)
        for position in methods.indices { if let body = methods[position].body { bodies.append((body, position)) } }
        // Parsers record ranges outer first in file order: sorting is then skipped (it copies).
        if !Self.isOuterFirst(bodies, { $0.0 }) { bodies.sort { Self.outerFirst($0.0, $1.0) } }
        self.contexts = contexts
        if !Self.isOuterFirst(contexts, { $0.range }) { self.contexts.sort { Self.outerFirst($0.range, $1.range) } }
        methodAt = Self.innermost(bodies, tokenCount: stream.count)
        let sortedContexts = self.contexts
        contextAt = Self.innermost(sortedContexts.indices.lazy.map { (sortedContexts[$0].range, $0) }, tokenCount: stream.count)
        let extractor = CallExtractor(stream: stream, language: language)
        let (stream, helpers, language) = (stream, helpers, language)
        // Calls some reader looks at in full: API names, project helpers, `X(nibName:` and
        // `X(windowNibName:`, and
        // calls on `self` named `register…` (their arguments may register a nib). Every other
        // Swift call on `self` counts only by its selector (``calledSelfMethods()``).
        let isReadCall = { (index: Int) -> Bool in
            Self.interestingNames.contains(index, in: stream)
                || (!helpers.byBaseName.isEmpty && helpers.byBaseName[stream.text(index)] != nil)
                || (language == .swift && (stream.isText(index + 2, "nibName") || stream.isText(index + 2, "windowNibName")) && stream.isText(index + 3, ":"))
        }
        if language == .swift {
            (calls, otherSelfCalls) = extractor.swiftCalls(in: 0..<stream.count) { index in
                guard Self.isSelfCall(at: index, in: stream, language: language) else { return isReadCall(index) ? .site : .skip }
                return stream.hasPrefix(stream[index], "register") || isReadCall(index) ? .site : .selector
            }
        } else {
            calls = extractor.calls(in: 0..<stream.count) { index in
                Self.isSelfCall(at: index, in: stream, language: language) || isReadCall(index)
            }
        }
        callAt.reserveCapacity(calls.count)
        for (position, call) in calls.enumerated() { callAt[call.nameIndex] = position }
        let called = calledSelfMethods()
        for position in methods.indices {
            guard let body = methods[position].body else { continue }
            methods[position].method.calledSelfMethods = called[body.lowerBound] ?? []
        }
        collectNibLoads()
        collectLiteralCalls()
        for (position, load) in nibLoads.enumerated() {
            guard let body = methodBody(containing: index(of: load.location)) else { continue }
            loadsByMethod[body.lowerBound, default: []].append(position)
        }
        // A method is copied (its strings retained) only for the readers whose first checks
        // it passes: a helper loads a nib and is no lifecycle override, a copier takes one
        // parameter and is no action. Nearly every method is neither.
        for position in methods.indices {
            guard let body = methods[position].body else { continue }
            let loadsNib = loadsByMethod[body.lowerBound] != nil
            methods[position].method.loadsNib = loadsNib
            if loadsNib && methods[position].method.lifecycle == nil { recordHelperIfAny(methods[position]) }
            if !methods[position].isAction && methods[position].parameters.count == 1 { recordCopyFactsIfAny(methods[position]) }
        }
        for position in methods.indices where methods[position].method.lifecycle == .awakeAfter {
            let summary = awakeAfterSummary(methods[position])
            methods[position].method.awakeAfter = summary
        }
        collectAttachments()
        collectSelfAssignments(methods)
        collectCodeLayout()
        attachMethods()
    }

    /// Moves the methods (and actions) to their declarations, in file order; the analysis
    /// is done with them. Each method is swapped out of the list for an empty one rather
    /// than copied, which would retain (and later release) every string inside it.
    private mutating func attachMethods() {
        reserveMethodCapacity()
        for position in methods.indices {
            guard let owner = methods[position].declarationIndex, owner < declarations.count else { continue }
            if methods[position].isAction {
                declarations[owner].actions.append(SourceAction(
                    selector: methods[position].method.selector, methodName: methods[position].method.name,
                    location: methods[position].method.location))
            }
            var method = SourceMethod(name: "", selector: "", isTypeMethod: false, isOverride: false, lifecycle: nil,
                                      calledSelfMethods: [], loadsNib: false, awakeAfter: nil, hasBody: false,
                                      location: SourceLocation(path: "", line: 0))
            swap(&method, &methods[position].method)
            declarations[owner].methods.append(method)
        }
        methods = []
    }

    /// Sizes each declaration's method list once for the methods about to be attached,
    /// instead of letting it grow (and copy) append by append.
    private mutating func reserveMethodCapacity() {
        guard declarations.count > 1 else {
            if let only = declarations.indices.first { declarations[only].methods.reserveCapacity(methods.count) }
            return
        }
        var counts = [Int](repeating: 0, count: declarations.count)
        for position in methods.indices {
            if let owner = methods[position].declarationIndex, owner < counts.count { counts[owner] += 1 }
        }
        for owner in counts.indices where counts[owner] > 1 {
            declarations[owner].methods.reserveCapacity(declarations[owner].methods.count + counts[owner])
        }
    }

    func fill(_ result: inout SourceFileIndex) {
        result.declarations = declarations
        result.nibLoads = nibLoads
        result.literalCalls = literalCalls
        result.contentAttachments = attachments
        result.selfAssignments = selfAssignments
        result.codeLayout = codeLayout
        result.helpers = fileHelpers
        result.copyHelpers = copyHelpers
    }

    // MARK: - Lookup

    private static func outerFirst(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        left.lowerBound != right.lowerBound ? left.lowerBound < right.lowerBound : left.upperBound > right.upperBound
    }

    /// Are the ranges of `list` already in ``outerFirst(_:_:)`` order (as a stable sort would leave them)?
    private static func isOuterFirst<Element>(_ list: [Element], _ range: (Element) -> Range<Int>) -> Bool {
        list.indices.dropFirst().allSatisfy { !outerFirst(range(list[$0]), range(list[$0 - 1])) }
    }

    /// Token index of a location recorded by this analyzer (binary search by line/column).
    func index(of location: SourceLocation) -> Int {
        var low = 0
        var high = stream.count
        while low < high {
            let middle = (low + high) / 2
            let token = stream[middle]
            if (token.line, token.column) < (location.line, location.column ?? 0) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The innermost method whose body contains token `index`.
    func method(containing index: Int) -> ParsedMethod? {
        guard index >= 0, index < methodAt.count else { return nil }
        let position = Int(methodAt[index])
        return position >= 0 ? methods[position] : nil
    }

    /// The body of the innermost method containing token `index` (without copying the method).
    func methodBody(containing index: Int) -> Range<Int>? {
        guard index >= 0, index < methodAt.count else { return nil }
        let position = Int(methodAt[index])
        return position >= 0 ? methods[position].body : nil
    }

    /// The innermost type/method context of token `index`.
    func context(of index: Int) -> SourceContext {
        guard index >= 0, index < contextAt.count else { return SourceContext() }
        let position = Int(contextAt[index])
        return position >= 0 ? contexts[position].context : SourceContext()
    }

    /// For each token, the position of the innermost range containing it (-1 for none).
    /// Ranges sorted by start with outer ranges first, so inner ones overwrite them.
    private static func innermost(_ ranges: some Sequence<(Range<Int>, Int)>, tokenCount: Int) -> [Int32] {
        var result = [Int32](repeating: -1, count: tokenCount)
        for (range, position) in ranges {
            for index in range.clamped(to: 0..<tokenCount) { result[index] = Int32(position) }
        }
        return result
    }

    // MARK: - Calls on self

    /// Is the call named at `index` made on `self` (explicitly or, in Swift, implicitly)?
    func isSelfCall(at index: Int) -> Bool {
        Self.isSelfCall(at: index, in: stream, language: language)
    }

    private static func isSelfCall(at index: Int, in stream: TokenStream, language: SourceLanguage) -> Bool {
        if language == .objc {
            return stream.isText(index - 1, "self") && stream.isText(index - 2, "[")
        }
        if stream.isText(index - 1, ".") { return stream.isText(index - 2, "self") && !stream.isText(index - 3, ".") }
        guard index >= 0, index < stream.count, stream[index].length > 0 else { return false }
        let first = stream.bytes[stream[index].start]
        return first >= 0x61 && first <= 0x7A  // lowercase: a method or function, not a type
    }

    /// The methods called on `self` per method body start, unique, in call order (the calls
    /// in `calls` and the others merged by position).
    private func calledSelfMethods() -> [Int: [String]] {
        var names: [Int: [String]] = [:]
        func add(_ selector: @autoclosure () -> String, at nameIndex: Int) {
            guard let body = methodBody(containing: nameIndex) else { return }
            let name = selector()
            if names[body.lowerBound]?.contains(name) != true { names[body.lowerBound, default: []].append(name) }
        }
        var other = 0
        for call in calls where isSelfCall(at: call.nameIndex) {
            while other < otherSelfCalls.count, otherSelfCalls[other].nameIndex < call.nameIndex {
                add(otherSelfCalls[other].selector, at: otherSelfCalls[other].nameIndex)
                other += 1
            }
            add(call.selector, at: call.nameIndex)
        }
        for remaining in otherSelfCalls[other...] { add(remaining.selector, at: remaining.nameIndex) }
        return names
    }

    /// The nib loads made directly in the body starting at `bodyStart`.
    func loads(inBodyAt bodyStart: Int) -> [NibLoadSite] {
        (loadsByMethod[bodyStart] ?? []).map { nibLoads[$0] }
    }
}
