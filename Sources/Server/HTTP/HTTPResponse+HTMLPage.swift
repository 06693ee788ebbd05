import Analysis
import Foundation

extension HTTPResponse {
    /// A page for a browser: its `Content-Security-Policy` as a header (the page allows
    /// nothing but its own stylesheet, and no framing), no MIME sniffing, and no `Referer`
    /// on the links a reader follows, so that a signed URL never leaks to a source host.
    static func page(_ page: HTMLPage, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var fields = headers
        fields.set("Content-Type", ReportFormat.html.mediaType)
        fields.set("Content-Security-Policy", page.contentSecurityPolicy)
        fields.set("X-Content-Type-Options", "nosniff")
        fields.set("Referrer-Policy", "no-referrer")
        return HTTPResponse(status: status, headers: fields, body: Data(page.html.utf8))
    }
}
