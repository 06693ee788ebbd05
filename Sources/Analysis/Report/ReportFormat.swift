/// The shapes one report can be rendered in: the CLI's `--format`, the API's `?format=`
/// and `Accept`. Each has its own ``ReportRenderer``.
public enum ReportFormat: String, CaseIterable, Sendable {
    case json, sarif, markdown, github, junit, codeclimate, checkstyle, xcode, text, patch, html

    /// The `Content-Type` the server answers with.
    public var mediaType: String {
        switch self {
        case .json, .codeclimate: "application/json"
        case .sarif: "application/sarif+json"
        case .markdown: "text/markdown; charset=utf-8"
        case .github, .xcode, .text: "text/plain; charset=utf-8"
        case .patch: "text/x-diff; charset=utf-8"
        case .html: "text/html; charset=utf-8"
        case .junit, .checkstyle: "application/xml"
        }
    }

    /// The media type without parameters, lower-cased: what `Accept` ranges match against.
    var essence: String { MediaRange.essence(of: mediaType) }

    /// Whether `Accept` alone can select this format: only when no other format shares its
    /// media type, except the owners of a shared type: the report itself owns
    /// `application/json` (never Code Quality) and the GitHub annotations `text/plain` (as
    /// before the Xcode and terminal formats existed; ask for those with `?format=`);
    /// `application/xml` is JUnit and Checkstyle alike, so it selects neither.
    var isNegotiable: Bool {
        ReportFormat.allCases.filter { $0.essence == essence }.count == 1 || self == .json || self == .github
    }

    /// The format a media type names unambiguously, ignoring parameters and case:
    /// `application/sarif+json`, `text/markdown`, `text/plain`, `application/json`.
    /// `nil` for `application/xml` (JUnit or Checkstyle: ask with `?format=`) and others.
    public init?(mediaType: String) {
        let essence = MediaRange.essence(of: mediaType)
        guard let format = ReportFormat.allCases.first(where: { $0.isNegotiable && $0.essence == essence }) else {
            return nil
        }
        self = format
    }

    /// Every format name, for usage text and error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The renderer that writes this format.
    public var renderer: any ReportRenderer {
        switch self {
        case .json: JSONReportRenderer()
        case .sarif: SARIFReportRenderer()
        case .markdown: MarkdownReportRenderer()
        case .github: GitHubActionsReportRenderer()
        case .junit: JUnitReportRenderer()
        case .codeclimate: CodeClimateReportRenderer()
        case .checkstyle: CheckstyleReportRenderer()
        case .xcode: XcodeReportRenderer()
        case .text: TextReportRenderer()
        case .patch: PatchReportRenderer()
        case .html: HTMLReportRenderer()
        }
    }
}
