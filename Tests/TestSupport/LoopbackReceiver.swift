import Foundation
import Glibc

/// A tiny HTTP receiver on 127.0.0.1 with a free port: records every request and answers
/// each with the next scripted reply (a status with fields, or silence until stopped).
/// Only ever listens on loopback.
public final class LoopbackReceiver: @unchecked Sendable {
    /// How to answer one request.
    public enum Reply {
        case status(Int, headers: [String: String] = [:], body: String = "")
        /// Never answers; the connection stays open until the receiver stops.
        case silence
    }

    public struct Request {
        public var method: String
        public var target: String
        /// Lower-cased names.
        public var headers: [String: String]
        public var body: Data
        public var receivedAt: Date
    }

    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var script: [Reply]
    private var recorded: [Request] = []
    private var stopping = false
    private var silentConnections: [Int32] = []
    private let finished = DispatchSemaphore(value: 0)

    /// Replies in order; once the script is used up every request gets `200`.
    public init(script: [Reply] = []) throws {
        self.script = script
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-receiver"
        thread.start()
    }

    public var url: String { "http://127.0.0.1:\(port)/hooks" }

    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Waits (bounded) until `count` requests arrived; returns them.
    @discardableResult
    public func waitForRequests(_ count: Int, timeout: TimeInterval = 10) -> [Request] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while requests.count < count && Date() < deadline { usleep(10_000) }
        return requests
    }

    public func stop() {
        lock.lock()
        stopping = true
        let silent = silentConnections
        silentConnections = []
        lock.unlock()
        silent.forEach { close($0) }
        _ = finished.wait(timeout: .now() + 5)
        close(listener)
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    private func acceptLoop() {
        defer { finished.signal() }
        while !isStopping {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            serve(connection)
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.read(connection) else {
            close(connection)
            return
        }
        lock.lock()
        recorded.append(request)
        let reply = script.isEmpty ? .status(200) : script.removeFirst()
        lock.unlock()
        switch reply {
        case .silence:
            lock.lock()
            silentConnections.append(connection)
            lock.unlock()
        case .status(let code, let headers, let body):
            var text = "HTTP/1.1 \(code) Scripted\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
            for (name, value) in headers { text += "\(name): \(value)\r\n" }
            text += "\r\n" + body
            _ = text.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            close(connection)
        }
    }

    /// Reads one request with a `Content-Length` body (what libcurl sends for a POST).
    private static func read(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        let separator = Data("\r\n\r\n".utf8)
        while data.range(of: separator) == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0, data.count < 1 << 20 else { return nil }
            data.append(contentsOf: buffer[0 ..< count])
        }
        guard let end = data.range(of: separator) else { return nil }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            body.append(contentsOf: buffer[0 ..< count])
        }
        return Request(method: requestLine.first.map(String.init) ?? "", target: requestLine.count > 1 ? String(requestLine[1]) : "",
                       headers: headers, body: body, receivedAt: Date())
    }
}
