import Foundation

extension ReportFormat {
    /// The format an HTTP `Accept` header asks for (RFC 9110 §12.5.1): the negotiable format
    /// with the highest quality, a more specific range winning over a wildcard, and the
    /// order of `allCases` (JSON first) breaking ties. A missing or blank header means JSON;
    /// `nil` means nothing acceptable can be produced (answer 406).
    public static func negotiate(accept header: String?) -> ReportFormat? {
        guard let header, !header.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "," }) else { return .json }
        let ranges = header.split(separator: ",").compactMap { MediaRange(parsing: String($0)) }
        var best: (format: ReportFormat, quality: Double, specificity: Int)?
        for format in allCases where format.isNegotiable {
            guard let match = ranges.filter({ $0.matches(format.essence) }).max(by: { $0.specificity < $1.specificity }),
                  match.quality > 0 else { continue }
            if let current = best,
               (current.quality, current.specificity) >= (match.quality, match.specificity) { continue }
            best = (format, match.quality, match.specificity)
        }
        return best?.format
    }
}

/// One range of an `Accept` header: `type/subtype`, `type/*` or `*/*`, with its `q`.
struct MediaRange: Equatable {
    var type: String
    var subtype: String
    var quality: Double

    /// 2 for `type/subtype`, 1 for `type/*`, 0 for `*/*`.
    var specificity: Int { type == "*" ? 0 : subtype == "*" ? 1 : 2 }

    /// Parses one comma-separated element; `nil` when it is not a media range or its `q`
    /// is not a number between 0 and 1 (such a range is ignored, as if absent).
    init?(parsing element: String) {
        let parts = element.split(separator: ";", omittingEmptySubsequences: false)
        let name = MediaRange.essence(of: String(parts[0]))
        let pieces = name.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty,
              !(pieces[0] == "*" && pieces[1] != "*") else { return nil }
        type = String(pieces[0])
        subtype = String(pieces[1])
        quality = 1
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
            guard let value = Double(pair[1]), value >= 0, value <= 1 else { return nil }
            quality = value
        }
    }

    func matches(_ essence: String) -> Bool {
        let pieces = essence.split(separator: "/")
        guard pieces.count == 2 else { return false }
        return (type == "*" || type == pieces[0]) && (subtype == "*" || subtype == pieces[1])
    }

    /// `type/subtype` without parameters or surrounding space, lower-cased.
    static func essence(of mediaType: String) -> String {
        let head = mediaType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return head.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
