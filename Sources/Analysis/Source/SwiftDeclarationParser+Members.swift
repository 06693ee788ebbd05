import Foundation

extension SwiftDeclarationParser {
    /// Tokens that start the next declaration: a function without body ends before them.
    private static let declarationStarters = TokenSet([
        "func", "var", "let", "init", "deinit", "subscript", "class", "struct", "enum", "protocol",
        "extension", "typealias", "associatedtype", "case", "static", "public", "private", "fileprivate",
        "internal", "open", "override", "final", "required", "convenience", "import",
    ])

    // MARK: - Functions

    mutating func parseFunction(at index: Int, prefix: Prefix, owner: Owner?) -> Int {
        let isInit = stream.isText(index, "init")
        var cursor = index + 1
        var baseName = "init"
        if !isInit {
            guard cursor < stream.count, stream[cursor].isIdentifier else { return cursor }
            baseName = stream.text(cursor)
            cursor += 1
        } else if stream.isText(cursor, "?") || stream.isText(cursor, "!") {
            cursor += 1
        }
        var typeParameters: [String] = []
        if stream.isText(cursor, "<") {
            var depth = 0
            while cursor < stream.count {
                if stream.isText(cursor, "<") { depth += 1 } else if stream.isText(cursor, ">") { depth -= 1 }
                // `<T: UIView, U>`: the names that open the list or follow a comma at its top level.
                if depth == 1, stream[cursor].isIdentifier, stream.isText(cursor - 1, "<") || stream.isText(cursor - 1, ",") {
                    typeParameters.append(stream.text(cursor))
                }
                cursor += 1
                if depth == 0 { break }
            }
        }
        guard stream.isText(cursor, "(") else { return cursor }
        var parameters = parseParameters(at: cursor)
        if !isInit, !parameters.isEmpty, !parameters[0].labelWrittenTwice,
           firstParameterUnlabelled || !knowsSwiftVersion && prefix.modifiers.contains(.override)
            && Self.isSwift2Override(baseName: baseName, labels: parameters.map(\.label)) {
            parameters[0].label = nil
        }
        cursor = stream.after(cursor)
        var throwing = false
        var body: Range<Int>?
        var returnTypeName: String?
        while cursor < stream.count {
            let token = stream[cursor]
            if stream.isText(token, "->"), cursor + 1 < stream.count, stream[cursor + 1].isIdentifier {
                returnTypeName = stream.text(cursor + 1)
            }
            if stream.isText(token, "{") {
                body = cursor..<stream.after(cursor)
                cursor = stream.after(cursor)
                break
            }
            if stream.isText(token, "}") || stream.isText(token, ";") || token.kind == .attribute || token.kind == .directive
                || Self.declarationStarters.contains(token, in: stream) { break }
            if stream.isText(token, "throws") || stream.isText(token, "rethrows") { throwing = true }
            cursor = stream.isText(token, "(") || stream.isText(token, "[") ? stream.after(cursor) : cursor + 1
        }
        let labels = parameters.map(\.label)
        let objcName = prefix.attribute("objc").flatMap { $0.isEmpty ? nil : String($0.filter { $0 != " " }) }
        let name = SwiftSelector.swiftName(baseName: baseName, labels: labels)
        let imported = prefix.modifiers.contains(.override) ? SwiftSelector.importedOverrides[name] : nil
        let selector = objcName ?? imported ?? SwiftSelector.selector(baseName: baseName, labels: labels, throwing: throwing)
        let isTypeMethod = prefix.modifiers.contains(.typeMember)
        let context = SourceContext(typeName: owner?.name, methodName: name, isTypeMethod: isTypeMethod)
        let method = SourceMethod(
            name: name, selector: selector, isTypeMethod: isTypeMethod,
            isOverride: prefix.modifiers.contains(.override), lifecycle: Self.lifecycle(of: name),
            calledSelfMethods: [], loadsNib: false, awakeAfter: nil, hasBody: body != nil,
            location: stream.location(isInit ? index : index + 1, path: path))
        methods.append(ParsedMethod(declarationIndex: owner?.index, method: method, parameters: parameters,
                                    body: body, context: context, isAction: prefix.has("IBAction"),
                                    isFilePrivate: prefix.modifiers.contains(.filePrivate),
                                    typeParameters: typeParameters, returnTypeName: returnTypeName))
        if let body { contexts.append(ContextRange(range: body, context: context)) }
        return cursor
    }

    /// With no Swift version known, is `override func awakeAfterUsingCoder(aDecoder:)` a
    /// Swift 1/2 override, whose first label is no label? Only when the name without it is
    /// an imported or lifecycle method and the name with it is not.
    private static func isSwift2Override(baseName: String, labels: [String?]) -> Bool {
        let written = SwiftSelector.swiftName(baseName: baseName, labels: labels)
        guard SwiftSelector.importedOverrides[written] == nil, lifecycle(of: written) == nil else { return false }
        let unlabelled = SwiftSelector.swiftName(baseName: baseName, labels: [nil] + labels.dropFirst())
        return SwiftSelector.importedOverrides[unlabelled] != nil || lifecycle(of: unlabelled) != nil
    }

    static func lifecycle(of name: String) -> SourceMethod.Lifecycle? {
        // Every lifecycle name starts with `a`, `i`, `l` or `p`: other names skip the comparisons.
        switch name.utf8.first {
        case UInt8(ascii: "a"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "p"): break
        default: return nil
        }
        return switch name {
        case "awakeAfter(using:)", "awakeAfterUsingCoder:", "awakeAfterUsingCoder(_:)": .awakeAfter
        case "init(coder:)", "initWithCoder:": .initCoder
        case "init(frame:)", "initWithFrame:": .initFrame
        case "awakeFromNib()", "awakeFromNib": .awakeFromNib
        case "layoutSubviews()", "layoutSubviews": .layoutSubviews
        case "prepareForInterfaceBuilder()", "prepareForInterfaceBuilder": .prepareForInterfaceBuilder
        default: nil
        }
    }

    /// `(_ sender: Any, forEvent event: UIEvent = x)` → labels, names and types.
    private func parseParameters(at open: Int) -> [ParsedMethod.Parameter] {
        let close = min(stream.after(open) - 1, stream.count)
        var parameters: [ParsedMethod.Parameter] = []
        var commas = 0
        var scan = open + 1
        while scan < close {
            if stream.isText(scan, ",") { commas += 1 }
            scan = stream.after(scan)
        }
        parameters.reserveCapacity(commas + 1)  // one allocation, not one per doubling
        var cursor = open + 1
        while cursor < close {
            // Only the first two names count (label and name); no list is built for them.
            var first: String?
            var second: String?
            while cursor < close, stream[cursor].isIdentifier || stream[cursor].kind == .attribute, !stream.isText(cursor, ":") {
                if stream[cursor].isIdentifier {
                    if first == nil { first = stream.text(cursor) } else if second == nil { second = stream.text(cursor) }
                }
                cursor += 1
            }
            var typeStart = cursor
            if stream.isText(cursor, ":") { typeStart = cursor + 1 }
            cursor = typeStart
            while cursor < close, !stream.isText(cursor, ","), !stream.isText(cursor, "=") { cursor = stream.after(cursor) }
            // A `:` where the brackets pair up wrong (a file cut short) can put the type's start past the end.
            let typeText = typeStart < min(cursor, close) ? stream.text(of: typeStart..<min(cursor, close)) : ""
            while cursor < close, !stream.isText(cursor, ",") { cursor = stream.after(cursor) }
            cursor += 1
            guard let first else { continue }
            let label: String? = first == "_" ? nil : first
            parameters.append(ParsedMethod.Parameter(label: label, name: second ?? first, typeText: typeText, labelWrittenTwice: second != nil))
        }
        return parameters
    }

    // MARK: - Properties

    /// `var`/`let` with each of its declarators (`var low = 0.0, high = 1.0`).
    mutating func parseVariable(at index: Int, prefix: Prefix, owner: Owner?) -> Int {
        let isVar = stream.isText(index, "var")
        var cursor = parseDeclarator(at: index + 1, isVar: isVar, prefix: prefix, owner: owner)
        while let next = nextDeclarator(after: cursor, line: stream[index].line) {
            cursor = parseDeclarator(at: next, isVar: isVar, prefix: prefix, owner: owner)
        }
        return cursor
    }

    /// The name of the next declarator after `start` on the declaration's `line`: a
    /// top-level `,` followed by `name:` or `name =` (so not a comma inside generics).
    private func nextDeclarator(after start: Int, line: Int) -> Int? {
        var cursor = start
        while cursor < stream.count, stream[cursor].line == line, !stream.isText(cursor, ","), !stream.isText(cursor, ";") {
            cursor = stream.after(cursor)
        }
        guard stream.isText(cursor, ","), cursor + 2 < stream.count, stream[cursor + 1].isIdentifier,
              stream.isText(cursor + 2, ":") || stream.isText(cursor + 2, "=") else { return nil }
        return cursor + 1
    }

    private mutating func parseDeclarator(at nameIndex: Int, isVar: Bool, prefix: Prefix, owner: Owner?) -> Int {
        var cursor = nameIndex
        guard cursor < stream.count, stream[cursor].isIdentifier else { return cursor }
        let name = stream.text(cursor)
        cursor += 1
        var typeText = ""
        if stream.isText(cursor, ":") {
            let typeStart = cursor + 1
            cursor = typeStart
            let line = stream[nameIndex].line
            while cursor < stream.count, stream[cursor].line == line || stream.isText(cursor - 1, "."),
                  !stream.isText(cursor, "="), !stream.isText(cursor, "{"), !stream.isText(cursor, ","),
                  !stream.isText(cursor, ";"), !stream.isText(cursor, "}"), stream[cursor].kind != .attribute {
                cursor = stream.after(cursor)
            }
            typeText = stream.compactText(of: typeStart..<cursor)
        }
        var settable = isVar
        if isVar, stream.isText(cursor, "{"), stream[cursor].line == stream[nameIndex].line || !typeText.isEmpty {
            settable = accessorsAllowSetting(cursor)
            cursor = stream.after(cursor)
        }
        let isStatic = prefix.modifiers.contains(.typeMember)
        guard let owner else {
            sharedVariables.insert(name)
            return cursor
        }
        if isStatic { sharedVariables.insert(name) }
        let location = stream.location(nameIndex, path: path)
        let isOutlet = prefix.has("IBOutlet") || prefix.has("IBOutletCollection")
        let visible = isOutlet || prefix.has("objc") || prefix.has("IBInspectable")
            || prefix.has("NSManaged") || prefix.modifiers.contains(.dynamic)
            || (owner.exposesMembers && !prefix.has("nonobjc"))
        declarations[owner.index].properties.append(SourceProperty(
            name: name, typeName: typeText.isEmpty ? nil : Self.bareType(typeText), isSettable: settable,
            isInspectable: prefix.has("IBInspectable"), isStatic: isStatic,
            isObjCVisible: visible, location: location))
        if isOutlet {
            declarations[owner.index].outlets.append(Self.outlet(name: name, typeText: typeText, prefix: prefix, location: location))
        }
        return cursor
    }

    /// `{ get }` or a getter body: read-only; `{ get set }`, `willSet`, `didSet`: settable.
    private func accessorsAllowSetting(_ open: Int) -> Bool {
        let close = min(stream.after(open) - 1, stream.count)
        var cursor = open + 1
        while cursor < close {  // compared on the bytes: a getter body can be long
            if stream.isText(cursor, "set") || stream.isText(cursor, "willSet") || stream.isText(cursor, "didSet") { return true }
            cursor = stream.isText(cursor, "{") ? stream.after(cursor) : cursor + 1
        }
        return false
    }

    static func outlet(name: String, typeText: String, prefix: Prefix, location: SourceLocation) -> SourceOutlet {
        let optionality: SourceOutlet.Optionality = typeText.hasSuffix("!") ? .implicitlyUnwrapped
            : typeText.hasSuffix("?") ? .optional : .nonOptional
        var bare = bareType(typeText)
        let isCollection = bare.hasPrefix("[") || prefix.has("IBOutletCollection")
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        let ownership: SourceOutlet.Ownership = prefix.modifiers.contains(.weak) ? .weak
            : prefix.modifiers.contains(.unowned) ? .unowned : .strong
        return SourceOutlet(name: name, typeName: bare.isEmpty ? nil : bare, isCollection: isCollection,
                            ownership: ownership, isLazy: prefix.modifiers.contains(.lazy),
                            optionality: optionality, location: location)
    }

    /// `UILabel!`, `UILabel?`, `Optional<UILabel>` → `UILabel` (from compact type text).
    static func bareType(_ typeText: String) -> String {
        if let bare = asciiBareType(typeText) { return bare }
        var text = typeText
        while text.hasSuffix("!") || text.hasSuffix("?") { text.removeLast() }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { text = String(text.dropFirst(9).dropLast()) }
        return text
    }

    /// ``bareType(_:)`` on bytes for ASCII text (where a byte is a character), else `nil`.
    private static func asciiBareType(_ typeText: String) -> String? {
        var text = typeText
        return text.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "!") || bytes[end - 1] == UInt8(ascii: "?") { end -= 1 }
            var start = 0
            if end >= 9, bytes[end - 1] == UInt8(ascii: ">"), "Optional<".utf8.elementsEqual(bytes[0..<9]) {
                start = 9
                end -= 1
            }
            if start == 0 && end == bytes.count { return typeText }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }
}
