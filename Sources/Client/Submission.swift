import Analysis
import Foundation

/// One run of `nibscan submit`: streams the folder as a zip to the service with the CI's
/// metadata and an `Idempotency-Key`, waits for the analysis (the upload's `?wait`, then
/// polling), fetches the report and judges it with the same gate as `nibscan analyze`.
/// Network failures and 5xx answers are retried with exponential backoff (or the
/// server's `Retry-After`) within the overall timeout; a retried upload with the same key
/// gets the first analysis back.
public struct Submission {
    /// A failure in one line, for stderr.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The report as asked for (and in each `--report` format, in order), and the verdict.
    public struct Outcome {
        public var rendered: Data
        public var extraRendered: [Data]
        public var report: Report
        public var fails: Bool
        public var analysisID: String
    }

    public var options: SubmitOptions
    public var environment: [String: String]
    /// Told what is happening (upload progress, the wait), for a terminal.
    public var progress: ((String) -> Void)?
    /// Attempts at most per request.
    public var maxAttempts = 6

    public init(options: SubmitOptions, environment: [String: String], progress: ((String) -> Void)? = nil) {
        self.options = options
        self.environment = environment
        self.progress = progress
    }

    public func run() throws(Failure) -> Outcome {
        let deadline = Date(timeIntervalSinceNow: options.timeout)
        let folder = URL(fileURLWithPath: options.path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(description: "\(options.path) is not a folder")
        }
        let entries: [StreamedZip.Entry]
        let gate: FailPolicy
        do {
            entries = try SubmittedFiles.list(folder: folder)
            gate = try failPolicy(folder: folder)
        } catch let error as ConfigurationError {
            throw Failure(description: error.description)
        } catch {
            throw Failure(description: "\(error)")
        }
        guard !entries.isEmpty else { throw Failure(description: "\(options.path) has no files to send") }
        let ci = CIEnvironment.detect(environment)
        var query = ["wait": String(Int(min(options.wait, max(0, deadline.timeIntervalSinceNow))))]
        query["repository"] = ci.repository.flatMap(RepositoryName.canonical)  // the name the service files it under
        query["branch"] = ci.branch
        query["commit"] = ci.commit
        query["pullRequest"] = ci.pullRequest.map(String.init)
        var headers = [("Content-Type", "application/zip")] + authorization
        if let key = idempotencyKey(commit: ci.commit) { headers.append(("Idempotency-Key", key)) }
        let progress = self.progress
        let upload = ServiceRequest(method: "POST", url: options.server + "/v1/analyses" + Self.queryString(query), headers: headers,
                                    body: { try StreamedZip(entries: entries) }, timeout: 0,
                                    progress: progress.map { report in { sent, total in
                                        report("uploading \(Self.megabytes(sent)) of \(Self.megabytes(total)) MB")
                                    } })
        var analysis = try json(try exchange(upload, deadline: deadline, expecting: [200, 202], what: "the upload"))
        guard let id = analysis["id"] as? String else { throw Failure(description: "the service's answer to the upload has no analysis id") }
        var polls = 0
        while !["succeeded", "failed"].contains(analysis["status"] as? String ?? "") {
            guard Date() < deadline else { throw Failure(description: "analysis \(id) did not finish within --timeout \(Int(options.timeout)) s") }
            polls += 1
            progress?("waiting for analysis \(id) (\(analysis["status"] as? String ?? "queued"))")
            Thread.sleep(forTimeInterval: min(polls < 10 ? 0.5 : 2, max(0.05, deadline.timeIntervalSinceNow)))
            analysis = try json(try exchange(get("/v1/analyses/\(id)"), deadline: deadline, expecting: [200], what: "the analysis"))
        }
        if analysis["status"] as? String == "failed" {
            let error = analysis["error"] as? [String: Any]
            throw Failure(description: "analysis \(id) failed: \(error?["message"] as? String ?? "no reason given") (\(error?["code"] as? String ?? "unknown"))")
        }
        let reportData = try exchange(get("/v1/analyses/\(id)/report?format=json"), deadline: deadline, expecting: [200], what: "the report").body
        let report: Report
        do {
            report = try Report.decode(jsonData: reportData)
        } catch {
            throw Failure(description: "the service's report for analysis \(id) is not a nibscan JSON report")
        }
        let prefix = options.pathPrefix.flatMap(Self.queryEncoded).map { "&pathPrefix=\($0)" } ?? ""
        func rendered(_ format: ReportFormat) throws(Failure) -> Data {
            format == .json ? reportData
                : try exchange(get("/v1/analyses/\(id)/report?format=\(format.rawValue)\(prefix)"), deadline: deadline, expecting: [200], what: "the report").body
        }
        var extraRendered: [Data] = []
        for output in options.extraReports { extraRendered.append(try rendered(output.format)) }
        return Outcome(rendered: try rendered(options.format), extraRendered: extraRendered, report: report, fails: gate.fails(report),
                       analysisID: id)
    }

    private var authorization: [(String, String)] {
        options.token.map { [("Authorization", "Bearer \($0)")] } ?? []
    }

    private func get(_ path: String) -> ServiceRequest {
        ServiceRequest(method: "GET", url: options.server + path, headers: authorization + [("Accept", "*/*")], timeout: 0)
    }

    /// `--fail-on`, else `failOn` of the folder's `.nibscan.yml`, else `error`.
    private func failPolicy(folder: URL) throws -> FailPolicy {
        let file = folder.appendingPathComponent(ProjectConfiguration.fileName)
        let configuration = try FileManager.default.contents(atPath: file.path).map {
            try ProjectConfiguration.parse($0, source: (options.path as NSString).appendingPathComponent(ProjectConfiguration.fileName))
        } ?? ProjectConfiguration()
        let level = options.failOn ?? configuration.failOn
        return FailPolicy(threshold: level.map(\.threshold) ?? FailPolicy().threshold)
    }

    /// The commit and the folder as given: a retried job sends the same key and gets the
    /// first analysis back. None without a commit (nothing says two runs are the same).
    func idempotencyKey(commit: String?) -> String? {
        guard let commit else { return nil }
        let path = (options.path as NSString).standardizingPath
        let key = "nibscan-submit:\(commit):\(path)"
        return key.count <= 255 ? key : String(key.prefix(255))
    }

    /// Sends `request`, again after a network failure or a 5xx (or 429) answer, waiting
    /// 0.5, 1, 2, 4, 8 s (or `Retry-After`, at most 30 s) between attempts, within `deadline`.
    private func exchange(_ template: ServiceRequest, deadline: Date, expecting: Set<Int>, what: String) throws(Failure) -> ServiceRequest.Response {
        var lastProblem = ""
        for attempt in 1 ... maxAttempts {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var request = template
            request.timeout = remaining
            var delay = min(0.5 * pow(2, Double(attempt - 1)), 8)
            do {
                let response = try request.perform()
                if expecting.contains(response.status) { return response }
                guard response.status >= 500 || response.status == 429 else { throw Failure(description: problem(response, what: what)) }
                lastProblem = problem(response, what: what)
                if let retryAfter = response.retryAfter { delay = min(max(retryAfter, 0), 30) }
            } catch let failure as Failure {
                throw failure
            } catch let failure as StreamedZip.Failure {
                throw Failure(description: failure.description)
            } catch {
                lastProblem = "cannot reach \(options.server): \(error)"
            }
            guard attempt < maxAttempts, deadline.timeIntervalSinceNow > delay else { break }
            progress?("retrying in \(delay) s: \(lastProblem)")
            Thread.sleep(forTimeInterval: delay)
        }
        throw Failure(description: lastProblem.isEmpty ? "no time left for \(what) within --timeout" : "\(lastProblem) (gave up after retrying)")
    }

    /// An answer that is not the one expected, in one line: the problem's detail if any.
    private func problem(_ response: ServiceRequest.Response, what: String) -> String {
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        let type = (object?["type"] as? String).map { " " + ($0.components(separatedBy: "/problems/").last ?? $0) } ?? ""
        let detail = (object?["detail"] as? String) ?? (object?["title"] as? String) ?? String(decoding: response.body.prefix(200), as: UTF8.self)
        let line = detail.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "the service answered \(what) with \(response.status)\(type): \(line)"
    }

    private func json(_ response: ServiceRequest.Response) throws(Failure) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw Failure(description: "the service's answer is not JSON")
        }
        return object
    }

    private static func queryString(_ query: [String: String]) -> String {
        let pairs = query.keys.sorted().compactMap { key in query[key].flatMap(queryEncoded).map { "\(key)=\($0)" } }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    /// `value` percent-encoded for a query, `&=+?/#` included.
    private static func queryEncoded(_ value: String) -> String? {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?/#")
        return value.addingPercentEncoding(withAllowedCharacters: allowed)
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
