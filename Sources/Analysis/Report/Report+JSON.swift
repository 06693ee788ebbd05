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

    /// The report as JSON, the default format: the bytes `makeJSONEncoder(pretty:)` would
    /// produce, written directly (`JSONByteWriter`) at a fraction of the cost of `Codable`.
    /// `includingDrawings` adds ``drawings``, which the JSON format leaves out (the server's
    /// stored report keeps them for the HTML page).
    /// It never throws today; `throws` stays for callers written against the encoder.
    public func jsonData(pretty: Bool = true, includingDrawings: Bool = false) throws -> Data {
        var writer = JSONByteWriter(pretty: pretty, reservingCapacity: estimatedJSONSize)
        writeJSON(to: &writer, includingDrawings: includingDrawings)
        return writer.finish()
    }

    /// A generous guess of the pretty JSON size from the counts, so the buffer rarely grows.
    private var estimatedJSONSize: Int {
        let evidence = classes.reduce(0) { total, entry in entry.strategies.reduce(total) { $0 + $1.evidence.count } }
        return 1_024 + files.count * 120 + classes.count * 400 + evidence * 250 + findings.count * 900
    }

    /// Reads a report written by `jsonData()` (a baseline, for instance).
    public static func decode(jsonData data: Data) throws -> Report {
        try JSONDecoder().decode(Report.self, from: data)
    }
}
