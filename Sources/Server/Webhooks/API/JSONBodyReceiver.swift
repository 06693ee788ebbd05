import Foundation

/// Collects a small JSON request body (bounded by ``maxBytes``) and hands the parsed
/// object to the handler when it is complete.
final class JSONBodyReceiver: HTTPBodyReceiver {
    let maxBytes: Int64
    private var bytes: [UInt8] = []
    private let handle: (Any) -> HTTPResponse

    init(maxBytes: Int64 = 64 << 10, handle: @escaping (Any) -> HTTPResponse) {
        self.maxBytes = maxBytes
        self.handle = handle
    }

    func receive(_ more: [UInt8]) -> HTTPResponse? {
        bytes.append(contentsOf: more)
        return nil
    }

    func finish() -> HTTPResponse {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
            return .problem(WebhookError.invalidBody("the body is not JSON").problem)
        }
        return handle(object)
    }

    func abandon() {
        bytes = []
    }

    /// Refuses a request whose head announces something other than a JSON body; `accepted`
    /// are the media types taken (the first is the one named when the body is missing).
    static func check(_ head: HTTPRequestHead, accepted: [String] = ["application/json"]) throws(WebhookError) {
        guard head.hasBody else { throw .invalidBody("send a JSON object as the body (Content-Type: \(accepted[0]))") }
        if let type = head.headers["Content-Type"], !accepted.contains(MultipartParser.parameters(of: type).type) {
            throw .unsupportedMediaType(type, accepted: accepted)
        }
    }
}
