import Analysis
import Foundation

extension AnalysesAPI {
    /// The formats `GET /v1/analyses/{id}/report` renders.
    static let reportNegotiation = ReportNegotiation(formats: [
        .init(name: "json", mediaType: "application/json"),
    ])

    /// The report of a succeeded analysis; 409 while it runs; the upload's problem when it failed.
    func report(_ request: APIRequest) throws(Problem) -> HTTPResponse {
        let format = try Self.reportNegotiation.choose(format: try request.queryValue("format"), accept: request.head.headers["Accept"])
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
            let stored: Data?
            do {
                stored = try context.store.report(id: record.id)
            } catch {
                throw .storage(error)
            }
            guard let stored else { throw .notFound("the report of \(record.id) is missing") }
            var headers = HTTPHeaders([("Content-Type", format.mediaType)])
            headers.add("Vary", "Accept")
            return HTTPResponse(status: 200, headers: headers, body: stored)
        }
    }
}
