/// What the access log and the metrics learn about one answered request.
public struct RequestLogEntry: Sendable, Equatable, Codable {
    public var requestID: String
    public var method: String
    public var path: String
    /// The route template (`/v1/analyses/{id}`), `-` when no route matched or the request
    /// could not be parsed.
    public var route: String
    public var status: Int
    public var bytesIn: Int64
    public var bytesOut: Int
    public var durationMs: Double

    enum CodingKeys: String, CodingKey {
        case requestID = "requestId", method, path, route, status, bytesIn, bytesOut, durationMs
    }
}
