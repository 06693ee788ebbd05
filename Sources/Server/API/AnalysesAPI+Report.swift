import Analysis
import Foundation

extension AnalysesAPI {
    /// The report of a succeeded analysis in any ``ReportFormat``, chosen by `?format=`
    /// (which wins) or `Accept`; 409 while it runs; the upload's problem when it failed.
    func report(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        let format = try Self.format(named: try request.queryValue("format"), accept: request.head.headers["Accept"])
        let pathPrefix = try Self.pathPrefix(try request.queryValue("pathPrefix"))
        let record = try existing(request)
        switch record.status {
        case .queued, .running:
            throw Problem(code: "analysis.not-finished", title: "Conflict", status: 409,
                          detail: "the analysis is \(record.status.rawValue); poll \(AnalysisResource.path(of: record.id))",
                          analysisId: record.id)
        case .failed:
            let failure = record.failure ?? .init(code: "analysis.failed", message: "the analysis failed")
            throw Problem.clientError(for: failure, analysisID: record.id)
                ?? Problem(code: failure.code, title: "Conflict", status: 409, detail: failure.message, analysisId: record.id)
        case .succeeded:
            var headers = HTTPHeaders([("Content-Type", format.mediaType)])
            headers.add("Vary", "Accept")
            do {
                guard let stored = try context.store.report(id: record.id) else { throw Problem.notFound("the report of \(record.id) is missing") }
                let report = try Report.decode(jsonData: stored)
                let reportURL = context.links.base(for: request.head).map { context.links.page(of: record.id, base: $0) }
                var options = Self.renderOptions(for: record, reportURL: reportURL, sourceLink: context.configuration.sourceLink)
                options.pathMapping.addPrefix = pathPrefix
                if format == .html { return .page(HTMLReportRenderer().page(for: report, options: options), headers: headers) }
                return HTTPResponse(status: 200, headers: headers, body: try report.rendered(as: format, options: options))
            } catch let problem as Problem {
                throw problem
            } catch {
                throw Problem(code: "report.unreadable", title: "Conflict", status: 409,
                              detail: "the stored report cannot be rendered as \(format.rawValue): \(error)", analysisId: record.id)
            }
        }
    }

    /// `?pathPrefix=ios/`: where the uploaded folder is in the repository, put before the
    /// paths of every format but json; `nil` when absent or the root.
    static func pathPrefix(_ value: String?) throws(Problem) -> String? {
        guard let value else { return nil }
        guard let prefix = PathMapping.folderPrefix(value) else {
            throw Problem.invalidParameter("pathPrefix", "must be a relative folder without '..', not '\(value.prefix(100))'")
        }
        return prefix.isEmpty ? nil : prefix
    }

    /// `?format=NAME`, else the best format for `Accept`; 406 when neither yields one.
    static func format(named name: String?, accept: String?) throws(Problem) -> ReportFormat {
        if let name {
            guard let format = ReportFormat(rawValue: name.lowercased()) else {
                throw Problem(code: "report.unknown-format", title: "Not Acceptable", status: 406,
                              detail: "no report format '\(name.prefix(50))'; available: \(ReportFormat.names)")
            }
            return format
        }
        guard let format = ReportFormat.negotiate(accept: accept) else {
            throw Problem(code: "report.not-acceptable", title: "Not Acceptable", status: 406,
                          detail: "no report format matches Accept '\((accept ?? "").prefix(100))'; ask with ?format= (\(ReportFormat.names))")
        }
        return format
    }

    /// Links and provenance from the analysis' metadata: the repository, commit and branch
    /// (source links with the server's `--source-link`, else by the repository's host), and
    /// `reportURL`, the absolute link of the full report (``PublicLinks/page(of:base:now:)``)
    /// when the server's address is known (a relative link would break in a pull-request comment).
    static func renderOptions(for record: AnalysisRecord, reportURL: String?, sourceLink: SourceLinkTemplate? = nil) -> RenderOptions {
        RenderOptions(repository: record.metadata.repository, commit: record.metadata.commit, sourceLink: sourceLink,
                      branch: record.metadata.branch, reportURL: reportURL, rules: RulesAPI.catalog)
    }
}
