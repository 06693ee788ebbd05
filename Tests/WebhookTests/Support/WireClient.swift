import Foundation
import Glibc

/// One HTTP/1.1 request over a real socket to 127.0.0.1 (the server closes after it),
/// for the few tests that go through the listener instead of the in-memory responder.
enum WireClient {
    struct Response {
        var status: Int
        var head: String
        var body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func send(port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data()) throws -> Response {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard connection >= 0 else { throw Failure(description: "socket failed") }
        defer { close(connection) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port)") }
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        let request = Data((text + "\r\n").utf8) + body
        let sent = request.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else { throw Failure(description: "short write") }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        while received.count < 1 << 22 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0 ..< count])
        }
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "no complete response") }
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Response(status: status, head: head, body: Data(received[end.upperBound...]))
    }
}
