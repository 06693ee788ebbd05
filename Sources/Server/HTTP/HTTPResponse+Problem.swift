import Foundation
import Analysis

extension HTTPResponse {
    /// An `application/problem+json` response for `problem`.
    public static func problem(_ problem: Problem, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var fields = headers
        fields.set("Content-Type", "application/problem+json")
        let body = (try? Report.makeJSONEncoder(pretty: false).encode(problem)) ?? Data()
        return HTTPResponse(status: problem.status, headers: fields, body: body)
    }

    /// The response to a request the parser refused.
    static func problem(for error: HTTPParseError) -> HTTPResponse {
        .problem(Problem(code: error.code, title: HTTPStatus.reason(for: error.status), status: error.status, detail: error.detail))
    }

    /// A JSON response encoded with sorted keys and unescaped slashes.
    public static func json<Value: Encodable>(_ value: Value, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var fields = headers
        fields.set("Content-Type", "application/json")
        let body = (try? Report.makeJSONEncoder(pretty: false).encode(value)) ?? Data()
        return HTTPResponse(status: status, headers: fields, body: body)
    }
}
