/// Chooses the report format from `?format=` (which wins) or `Accept`.
struct ReportNegotiation: Sendable {
    /// A format the server can render, with its media type.
    struct Format: Sendable, Equatable {
        var name: String
        var mediaType: String
    }

    var formats: [Format]

    /// The format to render, or a 406 problem naming what is available.
    func choose(format: String?, accept: String?) throws(Problem) -> Format {
        let names = formats.map(\.name).joined(separator: ", ")
        if let format {
            guard let chosen = formats.first(where: { $0.name == format.lowercased() }) else {
                throw Problem(code: "report.unknown-format", title: "Not Acceptable", status: 406,
                              detail: "no report format '\(format.prefix(50))'; available: \(names)")
            }
            return chosen
        }
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty, let first = formats.first else {
            return formats[0]
        }
        // Media ranges by descending quality; the first format any range admits wins.
        let ranges = accept.split(separator: ",").compactMap { range -> (String, Double)? in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { return nil }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (type, quality)
        }.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
        for (type, _) in ranges {
            if type == "*/*" { return first }
            if let exact = formats.first(where: { $0.mediaType == type }) { return exact }
            if type.hasSuffix("/*"), let family = formats.first(where: { $0.mediaType.hasPrefix(type.dropLast()) }) { return family }
        }
        throw Problem(code: "report.not-acceptable", title: "Not Acceptable", status: 406,
                      detail: "no report format matches Accept '\(accept.prefix(100))'; available: \(formats.map(\.mediaType).joined(separator: ", "))")
    }
}
