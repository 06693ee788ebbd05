import Foundation
import Glibc

/// The HTTP/1.1 server: one accept thread and one thread per connection, capped.
///
/// A connection thread only reads, parses and writes; analyses run on the job workers,
/// so a slow client costs one parked thread and nothing else. Every read has a deadline
/// (header, body, idle), every write a send timeout.
public final class HTTPServer: Sendable {
    /// Socket-level settings; the defaults suit a service behind a CI system.
    public struct Configuration: Sendable, Equatable {
        public var host: String
        public var port: Int
        /// Connections served at once; more are answered 503 and closed.
        public var maxConnections: Int
        /// Seconds to receive a whole header section once its first byte arrived.
        public var headerTimeout: TimeInterval
        /// Seconds a body may stall between two reads.
        public var bodyTimeout: TimeInterval
        /// The slowest a body may arrive on average (408 below it).
        public var bodyRateFloor: BodyRateFloor
        /// Seconds a kept-alive connection may wait for its next request.
        public var idleTimeout: TimeInterval
        /// Seconds one `send` may block on a client that does not read.
        public var sendTimeout: TimeInterval
        public var limits: HTTPRequestParser.Limits

        public init(host: String = "127.0.0.1", port: Int = 8080, maxConnections: Int = 256,
                    headerTimeout: TimeInterval = 10, bodyTimeout: TimeInterval = 30, idleTimeout: TimeInterval = 15,
                    sendTimeout: TimeInterval = 30, bodyRateFloor: BodyRateFloor = BodyRateFloor(),
                    limits: HTTPRequestParser.Limits = .init()) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.headerTimeout = headerTimeout
            self.bodyTimeout = bodyTimeout
            self.bodyRateFloor = bodyRateFloor
            self.idleTimeout = idleTimeout
            self.sendTimeout = sendTimeout
            self.limits = limits
        }
    }

    struct State {
        var listener: Socket?
        var connections: [Int32: Socket] = [:]
        var draining = false
    }

    public let configuration: Configuration
    let responder: any HTTPResponder
    let onRequest: @Sendable (RequestLogEntry) -> Void
    let state = Locked(State())
    private let acceptDone = DispatchSemaphore(value: 0)

    /// - Parameter onRequest: called once per answered request (access log, metrics).
    public init(configuration: Configuration, responder: any HTTPResponder, onRequest: @escaping @Sendable (RequestLogEntry) -> Void) {
        self.configuration = configuration
        self.responder = responder
        self.onRequest = onRequest
    }

    /// Binds, starts accepting on a background thread and returns the bound port.
    public func start() throws -> Int {
        let listener = try Socket.listen(host: configuration.host, port: configuration.port)
        state.withLock { $0.listener = listener }
        let thread = Thread { [self] in acceptLoop(listener) }
        thread.name = "nibscan-accept"
        thread.start()
        return listener.localPort
    }

    /// Connections being served right now.
    public var activeConnections: Int { state.withLock { $0.connections.count } }

    public var isDraining: Bool { state.withLock { $0.draining } }

    /// Stops accepting; connections finish their current request and close.
    public func beginDraining() {
        let listener = state.withLock { state -> Socket? in
            state.draining = true
            defer { state.listener = nil }
            return state.listener
        }
        if listener != nil { acceptDone.wait() }
        listener?.close()
    }

    /// Waits up to `timeout` seconds for open connections to finish, then cuts the rest.
    public func closeConnections(timeout: TimeInterval) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while activeConnections > 0 && Date() < deadline { usleep(20_000) }
        for socket in state.withLock({ Array($0.connections.values) }) { socket.shutdownBoth() }
    }

    private func acceptLoop(_ listener: Socket) {
        defer { acceptDone.signal() }
        while !isDraining {
            guard let client = listener.accept(timeout: 0.25) else { continue }
            client.setSendTimeout(configuration.sendTimeout)
            let admitted = state.withLock { state -> Bool in
                guard state.connections.count < configuration.maxConnections else { return false }
                state.connections[client.descriptor] = client
                return true
            }
            guard admitted else {
                refuseOverCapacity(client)
                continue
            }
            let thread = Thread { [self] in
                var connection = HTTPConnection(socket: client, server: self)
                connection.run()
                state.withLock { current in current.connections[client.descriptor] = nil }
                client.lingeringClose()
            }
            thread.stackSize = 1 << 20
            thread.name = "nibscan-connection"
            thread.start()
        }
    }

    /// Answers 503 with `Retry-After` without reading the request, then closes.
    private func refuseOverCapacity(_ client: Socket) {
        let problem = Problem(code: "server.too-many-connections", title: "Service Unavailable", status: 503,
                              detail: "the server is serving \(configuration.maxConnections) connections; retry shortly")
        var response = HTTPResponse.problem(problem, headers: HTTPHeaders([("Retry-After", "1")]))
        response.route = "-"
        client.sendAll(response.serializedHead(keepAlive: false) + response.body)
        client.lingeringClose(maxBytes: 64 * 1024, timeout: 0.2)
        onRequest(RequestLogEntry(requestID: UUID().uuidString.lowercased(), method: "-", path: "-", route: "-",
                                  status: 503, bytesIn: 0, bytesOut: response.body.count, durationMs: 0))
    }
}
