import Analysis
import Foundation

extension Problem {
    /// The problem as a page, for a browser that navigated to an API link (a signed report
    /// link that expired, a repository page without a token): the same status and words,
    /// readable instead of offered as a download.
    var page: HTMLPage {
        var body = "<h1>\(status) \(XMLText.content(title))</h1>"
        if let detail { body += "<p>\(XMLText.content(detail))</p>" }
        body += "<p class=\"muted\">Problem type <code>\(XMLText.content(code))</code></p>"
        return HTMLPage(title: "nibscan: \(status) \(title)", body: body)
    }
}

extension HTTPResponse {
    /// `self`, or for a request whose `Accept` prefers `text/html` (a browser navigating)
    /// its problem document as a ``Problem/page`` with the same status and headers.
    func presented(to head: HTTPRequestHead) -> HTTPResponse {
        guard headers["Content-Type"] == "application/problem+json", ReportFormat.negotiate(accept: head.headers["Accept"]) == .html,
              let problem = try? JSONDecoder().decode(Problem.self, from: body) else { return self }
        var page = HTTPResponse.page(problem.page, status: status, headers: headers)
        page.route = route
        return page
    }
}
