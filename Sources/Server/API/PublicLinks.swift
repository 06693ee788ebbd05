import Analysis
import Foundation

/// The one place absolute links to this server are built, for the report links of the API
/// (Markdown comment, SARIF) and the links of webhook payloads, signed (``ReportLinkSigner``)
/// where a person without a token follows them. The configured public URL
/// (`--public-url`) wins: behind a proxy neither the `Host` a client sent nor the listener's
/// address is what a reader of a pull-request comment can open.
struct PublicLinks: Sendable {
    /// The configured public URL without a trailing slash, if any.
    let publicURL: String?
    /// Signs the report links given to readers without a token; `nil` when they are off.
    let reportLinks: ReportLinkSigner?

    init(publicURL: String?, reportLinks: ReportLinkSigner? = nil) {
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.reportLinks = reportLinks
    }

    /// For a response: the public URL, else `scheme://Host` as the client addressed the
    /// server (`https` when a proxy says so in `X-Forwarded-Proto`); `nil` without either.
    func base(for head: HTTPRequestHead) -> String? {
        if let publicURL { return publicURL }
        guard let host = head.headers["Host"], !host.isEmpty else { return nil }
        let scheme = head.headers["X-Forwarded-Proto"]?.lowercased() == "https" ? "https" : "http"
        return "\(scheme)://\(host)"
    }

    /// For messages sent with no request at hand: the public URL, else the listener's address.
    func base(listeningOn host: String, port: Int) -> String {
        if let publicURL { return publicURL }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(port)"
    }

    /// The analysis at `base`.
    static func analysis(_ id: String, base: String) -> String {
        base + AnalysisResource.path(of: id)
    }

    /// The report of analysis `id` at `base` in `format`.
    static func report(_ id: String, base: String, format: ReportFormat) -> String {
        analysis(id, base: base) + "/report?format=\(format.rawValue)"
    }

    /// The HTML report of analysis `id` at `base` for a person following a link from a
    /// pull-request comment or a webhook: signed, so that it opens without a token until it
    /// expires; without a signature (a token is needed) when signed links are off.
    func page(of id: String, base: String, now: Date = Date()) -> String {
        let link = Self.report(id, base: base, format: .html)
        return reportLinks.map { link + "&" + $0.grant(for: id, now: now).query } ?? link
    }
}
