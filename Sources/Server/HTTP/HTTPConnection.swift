import Foundation

/// Serves the requests of one client connection in order, on its own thread: reads with
/// deadlines, feeds the parser, asks the responder, streams bodies, writes responses.
struct HTTPConnection {
    let socket: Socket
    let server: HTTPServer
    private var parser: HTTPRequestParser
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var bytesIn: Int64 = 0
    /// When the first byte of the current request arrived: durations exclude keep-alive idling.
    private var requestStarted = Date()

    init(socket: Socket, server: HTTPServer) {
        self.socket = socket
        self.server = server
        self.parser = HTTPRequestParser(limits: server.configuration.limits)
    }

    /// Why reading stopped before the parser produced an event.
    private enum Interruption: Error {
        case closed
        case timedOut
        /// The body's average rate (bytes/s) fell below the floor.
        case tooSlow(Double)
        case parse(HTTPParseError)
    }

    private var configuration: HTTPServer.Configuration { server.configuration }

    mutating func run() {
        while true {
            bytesIn = 0
            let head: HTTPRequestHead
            do {
                head = try readHead()
            } catch {
                switch error {
                case .closed:
                    break
                case .timedOut, .tooSlow:
                    if !parser.isIdle { send(.problem(Self.timeoutProblem("header section")), request: nil, keepAlive: false) }
                case .parse(let parseError):
                    send(.problem(for: parseError), request: nil, keepAlive: false)
                }
                return
            }
            let context = HTTPRequestContext(head: head, requestID: Self.requestID(from: head), isDraining: server.isDraining)
            let (response, bodyComplete) = respond(to: context)
            let keepAlive = head.keepAlive && bodyComplete && !server.isDraining
            guard send(response, request: context, keepAlive: keepAlive), keepAlive else { return }
        }
    }

    /// The response and whether the whole body was read (else the connection must close).
    private mutating func respond(to context: HTTPRequestContext) -> (HTTPResponse, Bool) {
        let head = context.head
        switch server.responder.begin(context) {
        case .respond(let response):
            if head.hasBody { return (response, false) }
            return (response, (try? parser.nextEvent()) == .end)
        case .receiveBody(let receiver):
            parser.limitBody(to: receiver.maxBytes)
            if case .contentLength(let length) = head.framing, length > receiver.maxBytes {
                receiver.abandon()
                return (.problem(for: .contentTooLarge(limit: receiver.maxBytes)), false)
            }
            if head.expectsContinue && head.hasBody {
                guard socket.sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else {
                    receiver.abandon()
                    return (.problem(for: .badRequest("client-gone", "the client closed the connection")), false)
                }
            }
            var meter = BodyRateMeter(floor: configuration.bodyRateFloor, start: Date())
            do {
                while let event = try nextBodyEvent(meter: &meter) {
                    if case .body(let bytes) = event, let abort = receiver.receive(bytes) {
                        receiver.abandon()
                        return (abort, false)
                    }
                    if event == .end { return (receiver.finish(), true) }
                }
            } catch {
                receiver.abandon()
                switch error {
                case .parse(let parseError): return (.problem(for: parseError), false)
                case .timedOut: return (.problem(Self.timeoutProblem("body")), false)
                case .tooSlow(let rate): return (.problem(tooSlowProblem(rate: rate)), false)
                case .closed: return (.problem(for: .badRequest("incomplete-body", "the connection closed before the body was complete")), false)
                }
            }
            receiver.abandon()
            return (.problem(for: .badRequest("incomplete-body", "the body ended early")), false)
        }
    }

    /// Reads until the head is complete. The idle timeout applies before the first byte,
    /// then the header timeout bounds the whole section (a drip-feeding client is cut).
    private mutating func readHead() throws(Interruption) -> HTTPRequestHead {
        var headDeadline: Date?
        let idleDeadline = Date(timeIntervalSinceNow: configuration.idleTimeout)
        requestStarted = Date()
        while true {
            do {
                if case .head(let head)? = try parser.nextEvent() { return head }
            } catch {
                throw .parse(error)
            }
            if parser.isIdle && server.isDraining { throw .closed }
            if !parser.isIdle && headDeadline == nil {
                requestStarted = Date()
                headDeadline = requestStarted.addingTimeInterval(configuration.headerTimeout)
            }
            // While idle, wake twice a second so that a drain closes idle connections promptly.
            let deadline = headDeadline ?? min(idleDeadline, Date(timeIntervalSinceNow: 0.5))
            switch socket.read(into: &readBuffer, deadline: deadline) {
            case .bytes(let count):
                bytesIn += Int64(count)
                parser.append(readBuffer[0 ..< count])
            case .closed, .failed:
                throw .closed
            case .timedOut:
                if headDeadline == nil && Date() < idleDeadline { continue }
                throw .timedOut
            }
        }
    }

    /// The next body event. The body timeout bounds each stall between reads; the meter
    /// ends a body whose average rate falls below the floor, judged at least once a window.
    private mutating func nextBodyEvent(meter: inout BodyRateMeter) throws(Interruption) -> HTTPRequestParser.Event? {
        var stallDeadline = Date(timeIntervalSinceNow: configuration.bodyTimeout)
        while true {
            do {
                if let event = try parser.nextEvent() { return event }
            } catch {
                throw .parse(error)
            }
            let deadline = meter.checkpoint.map { min($0, stallDeadline) } ?? stallDeadline
            switch socket.read(into: &readBuffer, deadline: deadline) {
            case .bytes(let count):
                bytesIn += Int64(count)
                parser.append(readBuffer[0 ..< count])
                stallDeadline = Date(timeIntervalSinceNow: configuration.bodyTimeout)
                if let rate = meter.record(count, at: Date()) { throw .tooSlow(rate) }
            case .closed, .failed: throw .closed
            case .timedOut:
                let now = Date()
                if now >= stallDeadline { throw .timedOut }
                if let rate = meter.record(0, at: now) { throw .tooSlow(rate) }
            }
        }
    }

    @discardableResult
    private func send(_ response: HTTPResponse, request: HTTPRequestContext?, keepAlive: Bool) -> Bool {
        var response = response
        let requestID = request?.requestID ?? UUID().uuidString.lowercased()
        response.headers.set("X-Request-Id", requestID)
        let isHead = request?.head.method == "HEAD"
        let sent = socket.sendAll(response.serializedHead(keepAlive: keepAlive) + (isHead ? Data() : response.body))
        server.onRequest(RequestLogEntry(
            requestID: requestID, method: request?.head.method ?? "-", path: request?.head.path ?? "-",
            route: response.route ?? "-", status: response.status, bytesIn: bytesIn, bytesOut: response.body.count,
            durationMs: (Date().timeIntervalSince(requestStarted) * 1000 * 100).rounded() / 100))
        return sent
    }

    private func tooSlowProblem(rate: Double) -> Problem {
        Problem(code: "http.body-too-slow", title: "Request Timeout", status: 408,
                detail: "the body arrived at \(Int(rate)) bytes/s on average, below the minimum of \(configuration.bodyRateFloor.bytesPerSecond) bytes/s")
    }

    private static func timeoutProblem(_ part: String) -> Problem {
        Problem(code: "http.request-timeout", title: "Request Timeout", status: 408, detail: "the \(part) did not arrive in time")
    }

    /// Honours a client's `X-Request-Id` of up to 128 safe characters, else makes one.
    static func requestID(from head: HTTPRequestHead) -> String {
        if let given = head.headers["X-Request-Id"], (1...128).contains(given.utf8.count),
           given.utf8.allSatisfy({ HTTPGrammar.isTokenByte($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") }) {
            return given
        }
        return UUID().uuidString.lowercased()
    }
}
