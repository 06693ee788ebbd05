import Foundation

/// Prometheus metrics, rendered in the text exposition format at `/metrics`: requests by
/// route template and status, a latency histogram, bytes received, analyses by outcome,
/// webhook attempts by result; queue depth and webhook backlog are read from the store at
/// scrape time. Every sample carries the `node` label (`--node-id`), so that the nodes
/// behind one load balancer are told apart whatever the scraper adds.
public final class Metrics: Sendable {
    /// Upper bounds of the latency buckets, in seconds.
    static let latencyBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]

    struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    struct Histogram {
        var buckets = [Int](repeating: 0, count: Metrics.latencyBuckets.count)
        var count = 0
        var sum = 0.0
    }

    struct State {
        var requests: [RequestKey: Int] = [:]
        var latency: [String: Histogram] = [:]
        var bytesReceived: Int64 = 0
        var analyses: [String: Int] = [:]
        var webhookAttempts: [WebhookAttemptResult: Int] = [:]
    }

    let state = Locked(State())

    /// This node's id, the `node` label of every sample.
    public let node: String

    public init(node: String) {
        self.node = node
    }

    /// `sample` (`name value` or `name{labels} value`) with the `node` label added last.
    static func labelled(_ sample: String, node: String) -> String {
        guard !sample.hasPrefix("#"), let space = sample.lastIndex(of: " ") else { return sample }
        let series = sample[..<space]
        let label = "node=\"\(escape(node))\""
        let withNode = series.hasSuffix("}") ? "\(series.dropLast()),\(label)}" : "\(series){\(label)}"
        return withNode + sample[space...]
    }

    public func record(_ entry: RequestLogEntry) {
        state.withLock { state in
            state.requests[RequestKey(method: entry.method, route: entry.route, status: entry.status), default: 0] += 1
            let seconds = entry.durationMs / 1000
            var histogram = state.latency[entry.route] ?? Histogram()
            for (index, bound) in Self.latencyBuckets.enumerated() where seconds <= bound { histogram.buckets[index] += 1 }
            histogram.count += 1
            histogram.sum += seconds
            state.latency[entry.route] = histogram
            state.bytesReceived += entry.bytesIn
        }
    }

    /// Counts a finished analysis: `succeeded`, `failed` (or `interrupted` on recovery).
    public func recordAnalysis(outcome: String, count: Int = 1) {
        state.withLock { $0.analyses[outcome, default: 0] += count }
    }

    /// The exposition text; `statusCounts` and `webhooks` come from the store.
    func render(statusCounts: [AnalysisRecord.Status: Int], activeConnections: Int, webhooks: WebhookGauges) -> String {
        let snapshot = state.current
        var lines: [String] = []
        lines.append("# HELP nibscan_http_requests_total HTTP requests answered, by method, route template and status.")
        lines.append("# TYPE nibscan_http_requests_total counter")
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            lines.append("nibscan_http_requests_total{method=\"\(Self.escape(key.method))\",route=\"\(Self.escape(key.route))\",status=\"\(key.status)\"} \(count)")
        }
        lines.append("# HELP nibscan_http_request_duration_seconds Time from the first byte of a request to its response, by route template.")
        lines.append("# TYPE nibscan_http_request_duration_seconds histogram")
        for (route, histogram) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
            let label = "route=\"\(Self.escape(route))\""
            for (index, bound) in Self.latencyBuckets.enumerated() {
                lines.append("nibscan_http_request_duration_seconds_bucket{\(label),le=\"\(bound)\"} \(histogram.buckets[index])")
            }
            lines.append("nibscan_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(histogram.count)")
            lines.append("nibscan_http_request_duration_seconds_sum{\(label)} \(histogram.sum)")
            lines.append("nibscan_http_request_duration_seconds_count{\(label)} \(histogram.count)")
        }
        lines.append("# HELP nibscan_http_received_bytes_total Bytes read from clients, headers and bodies.")
        lines.append("# TYPE nibscan_http_received_bytes_total counter")
        lines.append("nibscan_http_received_bytes_total \(snapshot.bytesReceived)")
        lines.append("# HELP nibscan_http_connections Connections open now.")
        lines.append("# TYPE nibscan_http_connections gauge")
        lines.append("nibscan_http_connections \(activeConnections)")
        lines.append("# HELP nibscan_analyses_finished_total Analyses finished since start, by outcome.")
        lines.append("# TYPE nibscan_analyses_finished_total counter")
        for outcome in Set(["succeeded", "failed"]).union(snapshot.analyses.keys).sorted() {
            lines.append("nibscan_analyses_finished_total{outcome=\"\(Self.escape(outcome))\"} \(snapshot.analyses[outcome] ?? 0)")
        }
        lines.append("# HELP nibscan_analyses Analyses stored, by status; queued is the queue depth.")
        lines.append("# TYPE nibscan_analyses gauge")
        for status in AnalysisRecord.Status.allCases {
            lines.append("nibscan_analyses{status=\"\(status.rawValue)\"} \(statusCounts[status] ?? 0)")
        }
        lines.append("# HELP nibscan_queue_depth Analyses waiting for a worker.")
        lines.append("# TYPE nibscan_queue_depth gauge")
        lines.append("nibscan_queue_depth \(statusCounts[.queued] ?? 0)")
        lines += Self.webhookLines(attempts: snapshot.webhookAttempts, gauges: webhooks)
        return lines.map { Self.labelled($0, node: node) }.joined(separator: "\n") + "\n"
    }

    private static func escape(_ label: String) -> String {
        label.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    }
}
