import Foundation
import Glibc

/// A loopback listener in front of a real server that misbehaves on purpose for its first
/// connections (closes them at once, or answers `503` with `Retry-After: 0`) and relays
/// every later one byte for byte: what `nibscan submit`'s retries are tested against.
final class FlakyFront: @unchecked Sendable {
    enum Misbehaviour {
        case drop
        case unavailable
    }

    let port: Int
    private let listener: Int32
    private let target: Int
    private let plan: [Misbehaviour]
    private let lock = NSLock()
    private var accepted = 0

    /// Connections accepted so far.
    var connections: Int { lock.withLock { accepted } }

    init(relayingTo target: Int, misbehaving plan: [Misbehaviour]) throws {
        self.target = target
        self.plan = plan
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard listening >= 0, bound == 0, listen(listening, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) } }
        listener = listening
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        // Bounded: a test makes a handful of connections.
        for _ in 0 ..< 200 {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let number = lock.withLock { () -> Int in
                accepted += 1
                return accepted
            }
            Thread.detachNewThread { [self] in handle(client, misbehaviour: number <= plan.count ? plan[number - 1] : nil) }
        }
    }

    private func handle(_ client: Int32, misbehaviour: Misbehaviour?) {
        switch misbehaviour {
        case .drop:
            close(client)
        case .unavailable:
            let answer = "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 0\r\nContent-Type: application/problem+json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
            _ = answer.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            shutdown(client, Int32(SHUT_WR))
            var sink = [UInt8](repeating: 0, count: 65_536)
            var deadline = 0
            while recv(client, &sink, sink.count, 0) > 0 && deadline < 100_000 { deadline += 1 }
            close(client)
        case nil:
            relay(client)
        }
    }

    private func relay(_ client: Int32) {
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: UInt16(target))
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else {
            close(client)
            close(server)
            return
        }
        let done = DispatchGroup()
        for (from, to) in [(client, server), (server, client)] {
            done.enter()
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = recv(from, &buffer, buffer.count, 0)
                    guard count > 0, send(to, buffer, count, Int32(MSG_NOSIGNAL)) == count else { break }
                }
                shutdown(to, Int32(SHUT_WR))
                done.leave()
            }
        }
        done.wait()
        close(client)
        close(server)
    }
}
