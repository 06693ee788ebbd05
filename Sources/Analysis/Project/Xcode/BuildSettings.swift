/// The build settings of one target configuration, target level over project level, with
/// `$(NAME)`, `${NAME}` and `$NAME` references resolved (also `$(NAME:c99extidentifier)`
/// and `$(inherited)`), as Xcode evaluates them for `PRODUCT_NAME`, `PRODUCT_MODULE_NAME`,
/// `SDKROOT` and their like.
struct BuildSettings {
    /// One configuration's `buildSettings` dictionary, read in place in its parsed project
    /// file: a target asks for a handful of its keys, so none is turned into a `String` unasked.
    struct Layer {
        let document: PropertyListDocument
        /// The dictionary node; `nil` for a configuration without settings.
        let dictionary: Int?

        /// The setting's text (a list's strings joined by spaces); `nil` when the layer lacks it.
        func text(_ key: String) -> String? {
            guard let dictionary, let value = document.value(forKey: key, in: dictionary) else { return nil }
            return document.string(value) ?? document.joinedStrings(value)
        }
    }

    /// Target-level settings first, then project-level: the first layer that has a key wins.
    var layers: [Layer]
    /// Settings Xcode defines itself (`TARGET_NAME`, `PROJECT_NAME`): a handful, compared
    /// in turn (no hashing for the settings a target asks for and lacks).
    var builtIn: KeyValuePairs<String, String>

    /// The setting's words (a list setting or a space-separated string), references resolved.
    func words(_ key: String) -> [String] {
        guard let value = resolved(key) else { return [] }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).filter { $0 != "\"" && !$0.isEmpty }
    }

    /// The setting's value with every reference resolved; `nil` when unset or when a
    /// reference cannot be resolved (an `.xcconfig` the upload does not contain).
    func resolved(_ key: String) -> String? {
        var budget = 64
        return resolved(key, fromLayer: 0, budget: &budget)
    }

    private func resolved(_ key: String, fromLayer first: Int, budget: inout Int) -> String? {
        budget -= 1
        guard budget > 0 else { return nil }
        for position in layers.indices.dropFirst(first) {
            guard let text = layers[position].text(key) else { continue }
            return expand(text, key: key, layer: position, budget: &budget)
        }
        return builtIn.first { $0.key == key }?.value
    }

    /// Replaces each reference in `text`; `$(inherited)` continues below `layer`.
    private func expand(_ text: String, key: String, layer: Int, budget: inout Int) -> String? {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        var output = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex else {
                output.append("$")
                rest = rest[afterDollar...]
                break
            }
            let reference: Substring
            let next: Substring.Index
            let opener = rest[afterDollar]
            if opener == "(" || opener == "{" {
                let closer: Character = opener == "(" ? ")" : "}"
                guard let close = rest[afterDollar...].firstIndex(of: closer) else { return nil }
                reference = rest[rest.index(after: afterDollar)..<close]
                next = rest.index(after: close)
            } else {
                let end = rest[afterDollar...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
                reference = rest[afterDollar..<end]
                next = end
            }
            let pieces = reference.split(separator: ":", maxSplits: 1)
            let name = pieces.first.map(String.init) ?? ""
            let value: String?
            if name == "inherited" {
                value = resolved(key, fromLayer: layer + 1, budget: &budget) ?? ""
            } else {
                value = resolved(name, fromLayer: 0, budget: &budget)
            }
            guard var value else { return nil }
            if pieces.count == 2 { value = Self.apply(operators: pieces[1], to: value) }
            output += value
            rest = rest[next...]
        }
        output += rest
        return output
    }

    /// `c99extidentifier`/`identifier` (what Swift module names use), `rfc1034identifier`,
    /// `lower`, `upper`; others leave the value as it is.
    private static func apply(operators: Substring, to value: String) -> String {
        var result = value
        for name in operators.split(separator: ":") {
            switch name {
            case "c99extidentifier", "identifier": result = BuildTarget.moduleName(result)
            case "rfc1034identifier": result = String(result.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
            case "lower": result = result.lowercased()
            case "upper": result = result.uppercased()
            default: break
            }
        }
        return result
    }
}
