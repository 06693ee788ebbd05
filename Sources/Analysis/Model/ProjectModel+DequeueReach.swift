import Foundation

/// Whether a registered nib is ever made. `UINib(nibName:bundle:)` reads nothing until it is
/// instantiated, and `register(_:forCellReuseIdentifier:)` instantiates it only when a
/// dequeue asks that table for the identifier: a nib registered under an identifier that no
/// dequeue of that table can ask for is never loaded, and what is wrong with it never shows.
extension ProjectModel {
    /// The evidence that the nib registered at `location` is never dequeued, or `nil` when
    /// it may be. A dequeue can ask only for an identifier some code names: the identifier's
    /// literal, the constant or enum case the registration names (`Cells.photo.rawValue`), or
    /// the type its value spells (`PhotoCell.self` for a type-named helper). Apart from
    /// registrations and declarations, every shipping mention must lie in another file that
    /// registers the identifier itself, for its own table. An identifier the analysis cannot
    /// read (a computed property, a call) is not judged.
    func undequeuedRegistration(at location: SourceLocation) -> Evidence? {
        guard let site = sources.nibLoads.first(where: { $0.location == location && $0.api == .registerNib }),
              let identifier = registeredIdentifier(of: site) else { return nil }
        let mentions = reuseIdentifierFiles(names: identifier.names, value: identifier.value)
        guard !mentions.using.contains(location.path), mentions.using.allSatisfy(mentions.registering.contains) else { return nil }
        let spelled = identifier.names.sorted().map { "`\($0)`" } + ["\"\(identifier.value)\""]
        let elsewhere = mentions.using.isEmpty ? "no code names \(spelled.joined(separator: " or ")) outside registrations and declarations"
            : "code names \(spelled.joined(separator: " or ")) only in \(mentions.using.joined(separator: ", ")), which registers its own view for it"
        return .limiting("the nib registered here under \"\(identifier.value)\" is never dequeued from the view it is registered with", to: .info,
                         because: "UIKit loads a registered nib only when a dequeue asks for its identifier, a dequeue can ask only for an identifier some code names, and \(elsewhere)")
    }

    /// The shipping source files that name a reuse identifier (its `names`, its literal
    /// `value`, or the type the value spells) outside registrations and declarations, and
    /// those that name it in a registration; read once per identifier.
    private func reuseIdentifierFiles(names: Set<String>, value: String) -> ReuseIdentifierFiles {
        reuseIdentifierMentionsCache.value(for: "\(names.sorted())\u{0}\(value)") {
            var files = ReuseIdentifierFiles()
            let spellings = names.union(Self.isIdentifierLike(value) ? [value] : [])
            let needles = spellings.union([value]).sorted().map(ByteSearch.Needle.init)
            for file in self.files where file.kind == .swift || file.kind == .objc {
                guard let contents = file.contents, needles.contains(where: { ByteSearch.contains($0, in: contents) }),
                      !build.isNotBuilt(file.path), onlyTestTargets(of: file.path) == nil else { continue }
                let stream = Self.tokens(of: contents, kind: file.kind)
                let mentions = ReuseIdentifierMentions(stream, names: spellings, value: value).mentions
                if mentions.contains(where: { $0.role == .registration }) { files.registering.insert(file.path) }
                if mentions.contains(where: { $0.role == .use }) { files.using.append(file.path) }
            }
            return files
        }
    }

    /// The identifier a registration passes, as the names code may use for it and its value:
    /// a literal (`"PhotoCell"`), or a constant or enum case (`Cells.photo`,
    /// `Cells.photo.rawValue`) whose declaration gives it one literal value.
    private func registeredIdentifier(of site: NibLoadSite) -> (names: Set<String>, value: String)? {
        if let literal = site.reuseIdentifier { return ([], literal) }
        guard let call = callText(at: site.location) else { return nil }
        let stream = SourceTokenizer(language: site.language).stream(Array(call.utf8))
        guard let label = (0..<stream.count).first(where: { index in
            stream[index].isIdentifier && stream.hasPrefix(stream[index], "for") && stream.text(index).hasSuffix("ReuseIdentifier")
                && stream.isText(index + 1, ":")
        }) else { return nil }
        var path: [String] = []
        var position = label + 2
        while position < stream.count, stream[position].isIdentifier {
            path.append(stream.text(position))
            guard stream.isText(position + 1, ".") else { break }
            position += 2
        }
        guard position < stream.count, [")", ",", "]"].contains(stream.text(position + 1)) else { return nil }
        if path.last == "rawValue" { path.removeLast() }
        guard let symbol = path.last, let value = literalValue(ofConstant: symbol) else { return nil }
        return ([symbol], value)
    }

    /// The one string literal the sources give `name` (`case name = "x"`, `let name = "x"`,
    /// `let name: String = "x"`, `NSString *const name = @"x"`), `nil` when there is none or
    /// several differ; read once per name.
    private func literalValue(ofConstant name: String) -> String? {
        constantLiteralCache.value(for: name) {
            let needle = ByteSearch.Needle(name)
            var values: Set<String> = []
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let contents = file.contents else { continue }
                contents.withUnsafeBytes { raw in
                    let bytes = raw.bindMemory(to: UInt8.self)
                    var start = 0
                    while let found = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
                        start = found + 1
                        if let value = Self.declaredLiteral(in: bytes, nameAt: found..<(found + needle.count)) { values.insert(value) }
                    }
                }
            }
            return values.count == 1 ? values.first : nil
        }
    }

    /// The string literal that the declaration around the name at `name` gives it: the name
    /// follows `case`, `let` or `const` and a space, and is followed by `=` (after `: String`
    /// in Swift) and `"…"` or `@"…"` on one line, without escapes.
    static func declaredLiteral(in bytes: UnsafeBufferPointer<UInt8>, nameAt name: Range<Int>) -> String? {
        func isSpace(_ index: Int) -> Bool {
            [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index])
        }
        func skipSpace(from index: Int) -> Int {
            var index = index
            while index < bytes.count, isSpace(index) { index += 1 }
            return index
        }
        func follows(_ word: [UInt8], at index: Int) -> Bool {
            index + word.count <= bytes.count && word.indices.allSatisfy { bytes[index + $0] == word[$0] }
        }
        // Before: `case`, `let` or `const`, then at least one space.
        var keywordEnd = name.lowerBound
        while keywordEnd > 0, isSpace(keywordEnd - 1) { keywordEnd -= 1 }
        guard keywordEnd < name.lowerBound, declaringKeywords.contains(where: { keyword in
            let keywordStart = keywordEnd - keyword.count
            return keywordStart >= 0 && follows(keyword, at: keywordStart) && (keywordStart == 0 || !bytes[keywordStart - 1].isASCIIWordByte)
        }) else { return nil }
        // After: an optional `: String`, `=`, an optional `@`, then the literal.
        var index = skipSpace(from: name.upperBound)
        if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
            index = skipSpace(from: index + 1)
            guard follows(stringType, at: index) else { return nil }
            index = skipSpace(from: index + stringType.count)
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index = skipSpace(from: index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "@") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < bytes.count, ![UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n")].contains(bytes[valueEnd]) { valueEnd += 1 }
        guard valueEnd < bytes.count, bytes[valueEnd] == UInt8(ascii: "\"") else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
    }

    private static let declaringKeywords = ["case", "let", "const"].map { Array($0.utf8) }
    private static let stringType = Array("String".utf8)

    /// Whether `text` could be a type's name: letters, digits and underscores, not starting
    /// with a digit.
    private static func isIdentifierLike(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }
}

/// The source files that may dequeue a reuse identifier and those that register it.
struct ReuseIdentifierFiles: Sendable {
    var using: [String] = []
    var registering: Set<String> = []
}
