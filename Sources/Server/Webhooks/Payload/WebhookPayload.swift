import Analysis
import Foundation

/// The JSON body of every webhook: `{type, timestamp, data}` as Standard Webhooks
/// recommends. Optional members are omitted, never `null`.
struct WebhookPayload<Body: Encodable & Sendable>: Encodable, Sendable {
    var type: String
    var timestamp: String
    var data: Body

    init(event: WebhookEvent, at date: Date, data: Body) {
        type = event.rawValue
        timestamp = HTTPDate.rfc3339(date)
        self.data = data
    }

    func encoded() throws -> Data { try Report.makeJSONEncoder(pretty: false).encode(self) }
}

/// `data` of `analysis.succeeded` and `analysis.failed`: what a pull-request bot needs to
/// comment without another request, and absolute links for everything else.
struct AnalysisEventData: Encodable, Sendable {
    /// Findings of this analysis judged against its baseline analysis.
    struct BaselineCounts: Encodable, Sendable, Equatable {
        var analysisId: String
        /// Findings not in the baseline, in all and by severity.
        var new: Int
        var newErrors: Int
        var newWarnings: Int
        var newInfos: Int
        var unchanged: Int
        /// Findings of the baseline that are gone, when the report lists them.
        var fixed: Int?
    }

    struct Links: Encodable, Sendable {
        var analysis: String
        /// The report in every format, by format name.
        var reports: [String: String]
        /// The HTML report for a person to open from a comment: signed, so that it needs no
        /// token until it expires (``PublicLinks/page(of:base:now:)``); succeeded analyses only.
        var page: String?
    }

    var id: String
    var status: AnalysisRecord.Status
    var repository: String?
    var branch: String?
    var commit: String?
    var pullRequest: Int?
    var project: String?
    var createdAt: String
    var finishedAt: String?
    var summary: Report.Summary?
    var baseline: BaselineCounts?
    var error: AnalysisRecord.Failure?
    var links: Links

    /// - Parameters:
    ///   - report: the stored report, for the baseline counts (`nil` for a failed analysis).
    ///   - baseURL: the server's public URL, without a trailing slash.
    ///   - links: signs the page link.
    init(record: AnalysisRecord, report: Report?, baseURL: String, links: PublicLinks) {
        id = record.id
        status = record.status
        repository = record.metadata.repository
        branch = record.metadata.branch
        commit = record.metadata.commit
        pullRequest = record.metadata.pullRequest
        project = record.projectName
        createdAt = HTTPDate.rfc3339(record.createdAt)
        finishedAt = record.finishedAt.map(HTTPDate.rfc3339)
        summary = record.summary
        error = record.failure
        if let baselineID = record.metadata.baseline, let report {
            baseline = Self.counts(report, baselineID: baselineID)
        }
        let analysis = PublicLinks.analysis(record.id, base: baseURL)
        var reports: [String: String] = [:]
        if record.status == .succeeded {
            for format in ReportFormat.allCases { reports[format.rawValue] = PublicLinks.report(record.id, base: baseURL, format: format) }
        }
        self.links = Links(analysis: analysis, reports: reports,
                           page: record.status == .succeeded ? links.page(of: record.id, base: baseURL, now: record.finishedAt ?? Date()) : nil)
    }

    /// Counts from the findings' `baseline` marks; `fixed` from the report's comparison section.
    static func counts(_ report: Report, baselineID: String) -> BaselineCounts {
        let new = report.findings.filter { $0.baseline == .new }
        return BaselineCounts(analysisId: baselineID, new: new.count,
                              newErrors: new.filter { $0.severity == .error }.count,
                              newWarnings: new.filter { $0.severity == .warning }.count,
                              newInfos: new.filter { $0.severity == .info }.count,
                              unchanged: report.findings.filter { $0.baseline == .unchanged }.count,
                              fixed: report.baseline?.fixed.count)
    }
}

/// `data` of `ping`.
struct PingEventData: Encodable, Sendable {
    var webhookId: String
    var message: String
}
