/// The members a stale connection or attribute was most likely renamed to: those of the
/// class's own lineage (declared in the project) that fit its kind and type and that no
/// Interface Builder file uses yet. A repair is offered only when exactly one fits.
extension ProjectModel {
    /// The repair of a name one IB file gives a member of `className` that the class lacks:
    /// the one unused candidate, or why there is none.
    func renameRepair(in document: IBDocument, at location: IBLocation, attribute: String, from old: String,
                      candidates: [String], what: String, className: String) -> Repair {
        let unique = Array(Set(candidates)).sorted()
        guard let new = Self.likelyRename(of: old, among: unique) else {
            return .declined(unique.isEmpty
                ? "no \(what) of \(className) is left unused to rename \"\(old)\" to"
                : "\(unique.count) unused \(what)s of \(className) fit by kind (\(unique.prefix(5).joined(separator: ", "))), and none is clearly the renamed one by name")
        }
        return .edits(summary: "\(attribute) \"\(old)\" → \"\(new)\"",
                      [AttributeEdit(path: document.path, line: location.line, column: location.column, name: attribute, from: old, to: new)])
    }

    /// The candidate `old` was renamed to. Only a name that shares a word with `old` counts,
    /// a word that is not the name of a kind of element or event (`titleLbl` → `titleLabel`
    /// share "title"; `closeTapped:` → `didTapClose:` share "close"; `imgView` → `imageView`
    /// share "img", abbreviated), or, for a name of such words only (`tap:`), one that holds
    /// all of them (`tapWithSender:`): an unrelated member that happens to be the only one
    /// unused is no rename.
    /// Of those, the one that keeps at least half of `old`'s letters in order
    /// (`imgView` → `imageView` keeps all) and, among several, a sixth more than the next
    /// best. `nil` when none or no clear one.
    static func likelyRename(of old: String, among all: [String]) -> String? {
        likelyRename(of: old, among: all.map(RenameCandidate.init))
    }

    /// A name that may be the renamed one, split into its words once: the pool of classes
    /// is asked about every unknown class of a project.
    struct RenameCandidate: Sendable {
        let name: String
        let words: [String]

        init(_ name: String) {
            self.name = name
            words = ProjectModel.words(of: name)
        }
    }

    static func likelyRename(of old: String, among all: [RenameCandidate]) -> String? {
        let oldWords = words(of: old)
        let distinctive = oldWords.filter { !kindWords.contains($0) }
        let candidates = all.filter { candidate in
            // A name of kind words only (`collectionView`, `tap:`) must come back whole.
            guard !distinctive.isEmpty else { return oldWords.allSatisfy { word in candidate.words.contains { sameWord(word, $0) } } }
            return candidate.words.contains { word in distinctive.contains { sameWord($0, word) } }
        }
        let oldLetters = old.lowercased()
        let scored = candidates.map { candidate -> (name: String, kept: Double) in
            (candidate.name, Double(keptLetters(of: oldLetters, in: candidate.name.lowercased())) / Double(max(oldLetters.count, 1)))
        }.sorted { $0.kept > $1.kept }
        guard let best = scored.first, best.kept >= 0.5, scored.count == 1 || best.kept - scored[1].kept >= 1.0 / 6 else { return nil }
        return best.name
    }

    /// Words that name a kind of element or event, which unrelated members share
    /// (`SeparatorView` and `PaginationTableView`, `textFieldEditingDidBegin:` and
    /// `toggleTableRowEditing:`): sharing only these is no sign of a rename.
    private static let kindWords: Set<String> = [
        "view", "views", "label", "button", "cell", "controller", "field", "text", "image", "table", "collection", "scroll",
        "stack", "switch", "slider", "bar", "item", "items", "header", "footer", "container", "content", "layout", "constraint",
        "height", "width", "top", "bottom", "leading", "trailing", "did", "will", "should", "tap", "tapped", "click", "clicked",
        "change", "changed", "editing", "begin", "end", "value", "sender", "with", "on", "handle", "pressed", "action", "touch",
        "up", "inside", "the", "of", "for", "to", "in", "is", "set", "get", "ns", "ui", "row", "section", "outlet",
    ]

    /// Whether two words are one: equal, one beginning the other, or one an abbreviation of
    /// the other (its letters in order, from the same first letter: `img` and `image`), at
    /// least three letters.
    private static func sameWord(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        let (short, long) = first.utf8.count <= second.utf8.count ? (first, second) : (second, first)
        guard short.utf8.first == long.utf8.first else { return false }
        if short.utf8.allSatisfy({ $0 < 0x80 }), long.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII words (nearly all): compared byte by byte, as characters would be.
            return short.utf8.count >= 3 && (long.hasPrefix(short) || commonSubsequenceLength(Array(short.utf8), Array(long.utf8)) == short.utf8.count)
        }
        let (shortCharacters, longCharacters) = (Array(short), Array(long))
        guard min(shortCharacters.count, longCharacters.count) >= 3, shortCharacters.first == longCharacters.first else { return false }
        let (fewer, more) = shortCharacters.count <= longCharacters.count ? (shortCharacters, longCharacters) : (longCharacters, shortCharacters)
        return more.starts(with: fewer) || commonSubsequenceLength(fewer, more) == fewer.count
    }

    /// The camel-case words of a member name, lower-cased: `tapWithSender:` → tap, with, sender.
    static func words(of name: String) -> [String] {
        asciiWords(of: name) ?? unicodeWords(of: name)
    }

    /// ``words(of:)`` byte by byte, for the ASCII names nearly every project uses (asking a
    /// `Character` whether it is upper case looks up Unicode properties); `nil` for others.
    private static func asciiWords(of name: String) -> [String]? {
        var words: [String] = []
        var current: [UInt8] = []
        var lastWasUpper = false
        func close() {
            if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if !current.isEmpty, !lastWasUpper { close() }
                current.append(byte + 32)
                lastWasUpper = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
                lastWasUpper = false
            case 0x80...:
                return nil
            default:
                close()
            }
        }
        close()
        return words
    }

    private static func unicodeWords(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty, current.last?.isUppercase == false {
                words.append(current.lowercased())
                current = ""
            }
            if character.isLetter || character.isNumber { current.append(character) } else if !current.isEmpty {
                words.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    /// How many of `old`'s characters `new` keeps in order (their longest common
    /// subsequence), byte by byte when both are ASCII.
    private static func keptLetters(of old: String, in new: String) -> Int {
        if old.utf8.allSatisfy({ $0 < 0x80 }), new.utf8.allSatisfy({ $0 < 0x80 }) {
            return commonSubsequenceLength(Array(old.utf8), Array(new.utf8))
        }
        return commonSubsequenceLength(Array(old), Array(new))
    }

    /// The length of the longest common subsequence of two strings' characters.
    private static func commonSubsequenceLength<Element: Equatable>(_ first: [Element], _ second: [Element]) -> Int {
        var previous = Array(repeating: 0, count: second.count + 1)
        var current = previous
        for element in first {
            for (index, other) in second.enumerated() {
                current[index + 1] = element == other ? previous[index] + 1 : max(previous[index + 1], current[index])
            }
            swap(&previous, &current)
        }
        return previous.last ?? 0
    }

    /// The project-declared types of `className`'s lineage.
    private func declaredLineage(of className: String) -> [SourceType] {
        lineage(of: className).compactMap { declaredType(runtimeName: $0) ?? declaration(of: $0) }
    }

    /// Outlets of the lineage no IB file connects on the class, of the collection kind
    /// asked for and, when both are known, a type the destination can be.
    func unconnectedOutlets(of className: String, collection: Bool, destinationClass: String?) -> [String] {
        declaredLineage(of: className).flatMap(\.outlets).filter { outlet in
            outlet.isCollection == collection && !connectionUsage.isOutletConnected(outlet.name, onKindOf: className)
                && fits(destinationClass, outlet.typeName)
        }.map(\.name)
    }

    /// Action selectors of the lineage no IB file connects on the class.
    func unconnectedActions(of className: String) -> [String] {
        declaredLineage(of: className).flatMap(\.actions).filter { action in
            !connectionUsage.isActionConnected(action.selector, onKindOf: className)
        }.map(\.selector)
    }

    /// Inspectable properties of the lineage that no runtime attribute of the element sets,
    /// of a type the attribute's `type` can hold.
    func unsetInspectables(of className: String, attributeType: String?, alreadySet: Set<String>) -> [String] {
        declaredLineage(of: className).flatMap(\.properties).filter { property in
            property.isInspectable && property.isSettable && !property.isStatic && !alreadySet.contains(property.name)
                && Self.runtimeAttribute(attributeType, holds: property.typeName)
        }.map(\.name)
    }

    /// Whether an object of class `destination` can be assigned to an outlet of type `type`
    /// (unknown either side: assumed to fit).
    private func fits(_ destination: String?, _ type: String?) -> Bool {
        guard let destination, let type, !type.isEmpty else { return true }
        let wanted = Self.unqualified(type)
        return lineage(of: destination).contains { Self.unqualified($0) == wanted } || wanted == "Any" || wanted == "AnyObject"
            || wanted == "id" || wanted.hasSuffix("Protocol")
    }

    /// Whether a runtime attribute of IB `type` sets a property of Swift or Objective-C type `typeName`.
    static func runtimeAttribute(_ type: String?, holds typeName: String?) -> Bool {
        guard let type, let typeName else { return true }
        let name = unqualified(typeName).replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: "")
        switch type {
        case "boolean": return ["Bool", "BOOL"].contains(name)
        case "number": return ["CGFloat", "Int", "Double", "Float", "NSInteger", "NSUInteger", "UInt", "Int32", "Int64", "NSNumber", "TimeInterval", "NSTimeInterval"].contains(name)
        case "string", "localizedString": return ["String", "NSString"].contains(name)
        case "color": return ["UIColor", "NSColor", "CGColor"].contains(name)
        case "image": return ["UIImage", "NSImage"].contains(name)
        case "point": return ["CGPoint", "NSPoint"].contains(name)
        case "size": return ["CGSize", "NSSize"].contains(name)
        case "rect": return ["CGRect", "NSRect"].contains(name)
        default: return true
        }
    }
}

extension ProjectModel {
    /// The repair of an unknown `customClass`: the class was renamed in code. The candidate
    /// is a class the project declares that no Interface Builder file names, of the
    /// element's kind (its platform class in the lineage), whose name is the renamed one
    /// (``likelyRename(of:among:)``); a Swift class on an element without a module also
    /// gets `customModule` and `customModuleProvider="target"` of the one target building it.
    func classRenameRepair(of object: IBObject, named old: String, in document: IBDocument) -> Repair {
        let platform = Self.platformClass(ofElement: object.element, platform: document.platform)
        let pool = classRenamePool(kind: platform)
        let candidates = pool.types
        let names = pool.names.map(\.name)
        guard let new = Self.likelyRename(of: Self.unqualified(old), among: pool.names),
              let type = candidates.first(where: { $0.name == new }) else {
            return .declined(names.isEmpty
                ? "no class of the project that no Interface Builder file names is a \(platform ?? object.element)"
                : "\(names.count) unused classes fit by kind (\(names.prefix(5).joined(separator: ", "))), and none is clearly the renamed one by name")
        }
        let location = object.location
        var edits = [AttributeEdit(path: document.path, line: location.line, column: location.column, name: "customClass", from: old, to: new)]
        if type.language == .swift, object.customModule == nil, object.customModuleProvider == nil {
            let modules = Set(type.declarations.flatMap { build.targets(of: $0.path) ?? [] }.map { build.targets[$0].module })
            guard modules.count == 1, let module = modules.first else {
                return .declined("\(new) would need its module, and \(modules.isEmpty ? "no target builds it" : "several modules build it")")
            }
            edits += [AttributeEdit(path: document.path, line: location.line, column: location.column, name: "customModule", from: nil, to: module, after: "customClass"),
                      AttributeEdit(path: document.path, line: location.line, column: location.column, name: "customModuleProvider", from: nil, to: "target", after: "customModule")]
        }
        return .edits(summary: "customClass \"\(old)\" → \"\(new)\"", edits)
    }

    /// The classes an unknown class of an element of platform class `kind` may have been
    /// renamed to: declared, not nested, named by no IB file, of that kind (any kind when
    /// `kind` is `nil`). The same for every unknown class of that kind: worked out once per kind.
    private func classRenamePool(kind: String?) -> ClassRenamePool {
        classRenamePoolCache.value(for: kind ?? "") {
            let named = Set(analysedDocuments.flatMap { $0.objects.compactMap(\.customClass) })
            let types = typesByRuntimeName.values.filter { type in
                // A class nested in another type has a runtime name Interface Builder cannot be given by
                // hand. (Its name's bytes are searched: `String.contains(".")` is Foundation's string search.)
                guard type.isClass, type.hasPrimaryDeclaration, !type.name.utf8.contains(UInt8(ascii: ".")),
                      !named.contains(type.runtimeName ?? type.name), !named.contains(type.name) else { return false }
                guard let kind else { return true }
                var isKind = false
                forEachInLineage(of: type.runtimeName ?? type.name) { name in
                    isKind = Self.unqualified(name) == kind
                    return !isKind
                }
                return isKind
            }
            return ClassRenamePool(types: types, names: Array(Set(types.map(\.name))).sorted().map(RenameCandidate.init))
        }
    }
}

extension ProjectModel {
    /// Properties of `className`'s lineage that no binding of any IB file reads as its first
    /// key on the class: what a binding's stale key was most likely renamed to.
    func unboundProperties(of className: String) -> [String] {
        let bound = Set(analysedDocuments.flatMap { document in
            document.bindings.compactMap { binding -> String? in
                guard let index = document.objectIndicesByID[binding.destination], document.objects[index].customClass == className else { return nil }
                return binding.firstKey
            }
        })
        return lineage(of: className).compactMap { declaredType(runtimeName: $0) ?? declaration(of: $0) }
            .flatMap(\.properties).filter { !$0.isStatic && !bound.contains($0.name) }.map(\.name)
    }
}

/// The classes an unknown class of one kind of element may have been renamed to, and their
/// names split into words (``ProjectModel/classRenameRepair(of:named:in:)``).
struct ClassRenamePool: Sendable {
    let types: [SourceType]
    let names: [ProjectModel.RenameCandidate]
}
