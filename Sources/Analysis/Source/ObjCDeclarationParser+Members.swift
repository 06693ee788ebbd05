extension ObjCDeclarationParser {
    private static let qualifiers = TokenSet([
        "IBOutlet", "IBInspectable", "IBOutletCollection", "nonnull", "nullable", "_Nonnull", "_Nullable",
        "__nonnull", "__nullable", "__weak", "__strong", "__unsafe_unretained", "__kindof", "const", "__block",
        "null_unspecified", "_Null_unspecified",
    ])

    /// `@property (nonatomic, weak) IBOutlet UILabel *label;`
    mutating func parseProperty(at index: Int, owner: Int) -> Int {
        var cursor = index + 1
        var attributes: [String] = []  // a handful: a list compares faster than a set hashes
        if stream.isText(cursor, "(") {
            let end = stream.after(cursor)
            for position in (cursor + 1)..<max(cursor + 1, end - 1) where stream[position].isIdentifier {
                attributes.append(stream.text(position))
            }
            cursor = end
        }
        var end = cursor
        while end < stream.count, !stream.isText(end, ";"), !stream.isText(end, "@end"), !stream.isText(end, "@property") {
            end = stream.after(end)
        }
        let declaration = cursor..<min(end, stream.count)
        let settable = !attributes.contains("readonly")
        for variable in declarators(in: declaration) {
            let location = stream.location(variable.nameIndex, path: path)
            declarations[owner].properties.append(SourceProperty(
                name: variable.name, typeName: variable.typeName, isSettable: settable,
                isInspectable: variable.markers.contains("IBInspectable"), isStatic: attributes.contains("class"),
                isObjCVisible: true, location: location))
            if variable.markers.contains("IBOutlet") || variable.collectionType != nil {
                declarations[owner].outlets.append(outlet(variable, attributes: attributes, location: location))
            }
        }
        return end + 1
    }

    /// `NSString *title, *subtitle`: the first declarator, then each one after a top-level
    /// comma, sharing its type and markers.
    private func declarators(in range: Range<Int>) -> [Variable] {
        guard let first = variable(in: range) else { return [] }
        var found = [first]
        var cursor = first.nameIndex + 1
        while cursor < range.upperBound {
            guard stream.isText(cursor, ",") else {
                cursor = stream.after(cursor)
                continue
            }
            var name = cursor + 1
            while name < range.upperBound, stream.isText(name, "*") || Self.qualifiers.contains(stream[name], in: stream) { name += 1 }
            if name < range.upperBound, stream[name].isIdentifier {
                var next = first
                next.name = stream.text(name)
                next.nameIndex = name
                found.append(next)
            }
            cursor = name + 1
        }
        return found
    }

    /// `{ IBOutlet UILabel *_label; NSString *title, *subtitle; }`: instance variables declared as
    /// outlets are outlets; the others are properties, since Key-Value Coding reads and
    /// sets instance variables directly (`accessInstanceVariablesDirectly`).
    mutating func parseInstanceVariables(_ range: Range<Int>, owner: Int) {
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            var end = cursor
            while end < range.upperBound, !stream.isText(end, ";") { end = stream.after(end) }
            for variable in declarators(in: cursor..<end) {
                let location = stream.location(variable.nameIndex, path: path)
                if variable.markers.contains("IBOutlet") || variable.collectionType != nil {
                    declarations[owner].outlets.append(outlet(variable, attributes: [], location: location))
                } else {
                    declarations[owner].properties.append(SourceProperty(
                        name: variable.name, typeName: variable.typeName, isSettable: true, isInspectable: false,
                        isStatic: false, isObjCVisible: true, location: location))
                }
            }
            cursor = end + 1
        }
    }

    struct Variable {
        var name: String
        var nameIndex: Int
        var typeName: String?
        var markers: [String]
        var collectionType: String?
    }

    /// Type and name of `IBOutlet __weak UILabel *label` / `IBOutletCollection(UIButton) NSArray *buttons`.
    private func variable(in range: Range<Int>) -> Variable? {
        var markers: [String] = []
        var typeName: String?
        var collectionType: String?
        var nameIndex: Int?
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            let token = stream[cursor]
            if stream.isText(token, "IBOutletCollection"), stream.isText(cursor + 1, "(") {
                collectionType = stream.text(cursor + 2)
                cursor = stream.after(cursor + 1)
                continue
            }
            if token.isIdentifier {
                if Self.qualifiers.contains(token, in: stream) || stream.hasPrefix(token, "NS_") || stream.hasPrefix(token, "API_") {
                    markers.append(stream.text(token))
                } else if typeName == nil {
                    typeName = stream.text(token)
                } else {
                    nameIndex = cursor
                }
            } else if stream.isText(token, "<") {  // NSArray<UIButton *>
                while cursor < range.upperBound, !stream.isText(cursor, ">") { cursor += 1 }
            } else if stream.isText(token, "(") || stream.isText(token, "[") {
                cursor = stream.after(cursor)
                continue
            } else if stream.isText(token, "=") || stream.isText(token, ",") {
                break
            }
            cursor += 1
        }
        guard let nameIndex else { return nil }
        return Variable(name: stream.text(nameIndex), nameIndex: nameIndex, typeName: typeName,
                        markers: markers, collectionType: collectionType)
    }

    private func outlet(_ variable: Variable, attributes: [String], location: SourceLocation) -> SourceOutlet {
        let ownership: SourceOutlet.Ownership = attributes.contains("weak") || variable.markers.contains("__weak") ? .weak
            : attributes.contains("assign") || attributes.contains("unsafe_unretained") ? .assign
            : attributes.contains("copy") ? .copy : .strong
        let optionality: SourceOutlet.Optionality = attributes.contains("nonnull") || variable.markers.contains("_Nonnull")
            ? .nonOptional : .optional
        return SourceOutlet(name: variable.name, typeName: variable.collectionType ?? variable.typeName,
                            isCollection: variable.collectionType != nil, ownership: ownership, isLazy: false,
                            optionality: optionality, location: location)
    }

    /// `- (IBAction)tap:(id)sender forEvent:(UIEvent *)event { … }` or a declaration ending in `;`.
    mutating func parseMethod(at index: Int, owner: Int) -> Int {
        let isTypeMethod = stream.isText(index, "+")
        let returnEnd = stream.after(index + 1)
        let returnType = stream.text(of: (index + 2)..<max(index + 2, returnEnd - 1))
        var cursor = returnEnd
        var selector = ""
        var parameters: [ParsedMethod.Parameter] = []
        var nameIndex = cursor
        while cursor < stream.count, stream[cursor].isIdentifier {
            if selector.isEmpty { nameIndex = cursor }
            let part = stream.text(cursor)
            guard stream.isText(cursor + 1, ":") else {
                if selector.isEmpty { selector = part }
                cursor += 1
                break
            }
            selector += part + ":"
            cursor += 2
            var typeText = "id"
            if stream.isText(cursor, "(") {
                let end = stream.after(cursor)
                typeText = stream.text(of: (cursor + 1)..<max(cursor + 1, end - 1))
                cursor = end
            }
            if cursor < stream.count, stream[cursor].isIdentifier {
                parameters.append(ParsedMethod.Parameter(label: part, name: stream.text(cursor), typeText: typeText))
                cursor += 1
            }
        }
        while cursor < stream.count, !stream.isText(cursor, "{"), !stream.isText(cursor, ";"),
              !stream.isText(cursor, "-"), !stream.isText(cursor, "+"), !stream.isText(cursor, "@end") {
            cursor = stream.after(cursor)
        }
        var body: Range<Int>?
        if stream.isText(cursor, "{") {
            body = cursor..<stream.after(cursor)
            cursor = stream.after(cursor)
        } else if stream.isText(cursor, ";") {
            cursor += 1
        }
        guard !selector.isEmpty else { return cursor }
        let typeName = declarations[owner].name
        let context = SourceContext(typeName: typeName, methodName: selector, isTypeMethod: isTypeMethod)
        let method = SourceMethod(
            name: selector, selector: selector, isTypeMethod: isTypeMethod, isOverride: false,
            lifecycle: SwiftDeclarationParser.lifecycle(of: selector), calledSelfMethods: [], loadsNib: false,
            awakeAfter: nil, hasBody: body != nil, location: stream.location(nameIndex, path: path))
        methods.append(ParsedMethod(declarationIndex: owner, method: method, parameters: parameters, body: body,
                                    context: context, isAction: ASCIIText.contains(returnType, "IBAction")))
        if let body { contexts.append(ContextRange(range: body, context: context)) }
        return cursor
    }
}
