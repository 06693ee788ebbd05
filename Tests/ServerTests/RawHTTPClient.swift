import Foundation
import Glibc
import XCTest

/// A deliberately small HTTP/1.1 client over a raw loopback socket, so that tests can
/// send exactly the bytes they mean (malformed framing, drip-fed heads). Every read is
/// bounded by a timeout.
final class RawHTTPClient {
    /// A parsed response.
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
        }

        var text: String { String(decoding: body, as: UTF8.self) }

        func json() throws -> [String: Any] {
            try XCTUnwrap(JSONSerialization.jsonObject(with: body) as? [String: Any], "not a JSON object: \(text)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect to 127.0.0.1:\(port) failed")
        }
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    func send(_ data: Data) throws {
        let ok = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
        guard ok else { throw Failure(description: "send failed (peer closed?)") }
    }

    /// Reads one response (skipping nothing: a `100 Continue` is returned as such).
    /// - Parameter toHead: the response answers a HEAD request, so no body follows.
    func readResponse(timeout: TimeInterval = 10, toHead: Bool = false) throws -> Response {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var headEnd: Int?
        while headEnd == nil {
            headEnd = find([13, 10, 13, 10])
            if headEnd == nil { try fill(until: deadline) }
        }
        guard let end = headEnd else { throw Failure(description: "no head") }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line in \(head)") }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: Data())
        if status == 100 || toHead { return response }
        let length = Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length { try fill(until: deadline) }
        response.body = Data(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Whether the server closes the connection within `timeout` (bytes before EOF are dropped).
    func closesConnection(within timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            do {
                try fill(until: deadline)
            } catch let failure as Failure {
                return failure.description == "closed"
            } catch {
                return false
            }
        }
        return false
    }

    private func fill(until deadline: Date) throws {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw Failure(description: "timed out") }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32(remaining * 1000) + 1) > 0 else { throw Failure(description: "timed out") }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { throw Failure(description: "closed") }
        buffer += chunk[..<count]
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for index in 0 ... buffer.count - needle.count where buffer[index ..< index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}

extension RawHTTPClient {
    /// Sends one request with a `Content-Length` body and reads the response.
    func request(_ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data(), timeout: TimeInterval = 30) throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        try send(Data((head + "\r\n").utf8) + body)
        return try readResponse(timeout: timeout)
    }

    /// A new connection, one request.
    static func request(port: Int, _ method: String, _ target: String, headers: [String: String] = [:], body: Data = Data(), timeout: TimeInterval = 30) throws -> Response {
        try RawHTTPClient(port: port).request(method, target, headers: headers, body: body, timeout: timeout)
    }
}
