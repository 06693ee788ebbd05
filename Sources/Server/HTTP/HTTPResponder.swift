import Foundation

/// The application behind the HTTP layer. It sees each request head before any body byte
/// is read, so it can refuse (404, 401, 413, ...) without reading an upload, or hand
/// back a receiver that the body streams into.
public protocol HTTPResponder: Sendable {
    func begin(_ request: HTTPRequestContext) -> HTTPResponderDecision
}

/// One request as the application sees it when the head is complete.
public struct HTTPRequestContext: Sendable {
    public var head: HTTPRequestHead
    /// The client's `X-Request-Id` when it is sane, else a fresh one; echoed on the response.
    public var requestID: String
    /// Set while the server drains: no new work should be accepted.
    public var isDraining: Bool
}

/// What the application wants done with the body.
public enum HTTPResponderDecision {
    /// Answer now; a body the client sent is not read (the connection then closes).
    case respond(HTTPResponse)
    /// Stream the body into the receiver, then send what ``HTTPBodyReceiver/finish()`` returns.
    case receiveBody(any HTTPBodyReceiver)
}

/// Consumes one request body as it arrives, never holding it whole unless it chooses to.
/// Used by one connection thread at a time.
public protocol HTTPBodyReceiver: AnyObject {
    /// Body bytes this route accepts; more is refused with 413 (before `100 Continue`
    /// when the length is announced).
    var maxBytes: Int64 { get }
    /// Takes the next bytes; a returned response aborts the request (the connection closes).
    func receive(_ bytes: [UInt8]) -> HTTPResponse?
    /// The body is complete: the response to send.
    func finish() -> HTTPResponse
    /// The body will never complete (client gone, timeout, framing error): release what was kept.
    func abandon()
}
