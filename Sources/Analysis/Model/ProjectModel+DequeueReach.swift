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
            let needles = spellings.map { ByteSearch.Needle($0) } + [ByteSearch.Needle(value)]
            for file in self.files where file.kind == .swift || file.kind == .objc {
                guard let contents = file.contents, needles.contains(where: { NameSearch.holds($0, contents) }),
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
    /// `NSString *const name = @"x"`), `nil` when there is none or several differ; read once
    /// per name.
    private func literalValue(ofConstant name: String) -> String? {
        constantLiteralCache.value(for: name) {
            let escaped = NSRegularExpression.escapedPattern(for: name)
            let declaration: NamePattern = (words: [name], regex: #"(?:\b(?:case|let)\s+"# + escaped + #"\s*(?::\s*String\s*)?|\bconst\s+"# + escaped + #"\s*)=\s*@?"([^"\\\n]*)""#)
            let search = NameSearch(declaration)
            var values: Set<String> = []
            for file in files where file.kind == .swift || file.kind == .objc {
                guard let contents = file.contents else { continue }
                values.formUnion(search.names(in: contents))
            }
            return values.count == 1 ? values.first : nil
        }
    }

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
