import Foundation

extension Report {
    /// The encoder every JSON output uses: sorted keys for byte-identical output, no
    /// escaped slashes in paths.
    public static func makeJSONEncoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if pretty { formatting.insert(.prettyPrinted) }
        encoder.outputFormatting = formatting
        return encoder
    }

    /// The report as JSON, the default format.
    public func jsonData(pretty: Bool = true) throws -> Data {
        try Self.makeJSONEncoder(pretty: pretty).encode(self)
    }

    /// Reads a report written by `jsonData()` (a baseline, for instance).
    public static func decode(jsonData data: Data) throws -> Report {
        try JSONDecoder().decode(Report.self, from: data)
    }
}
