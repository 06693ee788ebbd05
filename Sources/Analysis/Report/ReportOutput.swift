/// One more file a run writes the report to, in its own format (`--report FORMAT:FILE`):
/// CI wants SARIF, a Markdown summary and the JSON counts from one analysis.
public struct ReportOutput: Sendable, Equatable {
    public var format: ReportFormat
    public var path: String

    /// `FORMAT:FILE`, e.g. `sarif:out/nibscan.sarif`; `nil` for an unknown format or no file.
    public init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), let format = ReportFormat(rawValue: String(text[..<colon])) else { return nil }
        let path = String(text[text.index(after: colon)...])
        guard !path.isEmpty else { return nil }
        self.format = format
        self.path = path
    }

    /// What `--report` takes, for error messages.
    public static var expected: String { "FORMAT:FILE with FORMAT one of \(ReportFormat.names)" }
}
