import Foundation
import Glibc

/// A connected or listening POSIX socket: the only place the server calls the socket API.
/// Reads wait with `poll` so that every read has a deadline; writes use `MSG_NOSIGNAL`.
struct Socket: Sendable {
    let descriptor: Int32

    /// What one bounded read produced.
    enum ReadResult: Equatable {
        case bytes(Int)
        case closed
        case timedOut
        case failed
    }

    /// Binds and listens on `host:port` (`port` 0 picks a free one).
    static func listen(host: String, port: Int, backlog: Int32 = 512) throws -> Socket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw ServerError.invalidSetting("--host", "'\(host)' is not a numeric IPv4 or IPv6 address")
        }
        defer { freeaddrinfo(results) }
        let descriptor = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { throw ServerError.system("socket", errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)  // not inherited by analysis children
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw ServerError.system("bind \(host):\(port)", code)
        }
        guard Glibc.listen(descriptor, backlog) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw ServerError.system("listen", code)
        }
        return Socket(descriptor: descriptor)
    }

    /// The port actually bound (useful after `port: 0`).
    var localPort: Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) == 0 }
        }
        guard ok else { return 0 }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// Waits up to `timeout` seconds for a connection; `nil` on timeout or when closed.
    func accept(timeout: TimeInterval) -> Socket? {
        guard waitReadable(timeout: timeout) == .ready else { return nil }
        let client = Glibc.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)  // not inherited by analysis children
        var noDelay: Int32 = 1
        setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        return Socket(descriptor: client)
    }

    /// Bounds every `send` so that a client that stops reading cannot hold a thread.
    func setSendTimeout(_ seconds: TimeInterval) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads what is available into `buffer`, waiting at most until `deadline`.
    func read(into buffer: inout [UInt8], deadline: Date) -> ReadResult {
        switch waitReadable(timeout: deadline.timeIntervalSinceNow) {
        case .ready: break
        case .timedOut: return .timedOut
        case .failed: return .failed
        }
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { return .bytes(count) }
        if count == 0 { return .closed }
        return errno == EINTR || errno == EAGAIN ? .bytes(0) : .failed
    }

    /// Sends every byte or reports failure (peer gone, send timeout).
    @discardableResult
    func sendAll(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// Closes after the response without resetting it: stops writing, then reads and drops
    /// what the client still sends (at most `maxBytes`, at most `timeout` seconds), so that
    /// unread request bytes do not turn the close into a TCP reset that loses the response.
    func lingeringClose(maxBytes: Int = 1 << 20, timeout: TimeInterval = 2) {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var drained = 0
        let deadline = Date(timeIntervalSinceNow: timeout)
        while drained < maxBytes, case .bytes(let count) = read(into: &scratch, deadline: deadline), count > 0 {
            drained += count
        }
        close()
    }

    /// Stops further reads and writes, waking any thread blocked on the socket.
    func shutdownBoth() {
        _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    private enum Readiness { case ready, timedOut, failed }

    private func waitReadable(timeout: TimeInterval) -> Readiness {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(min(remaining * 1000, 3_600_000).rounded(.up)))
            if ready > 0 { return .ready }
            if ready == 0 { return .timedOut }
            if errno != EINTR { return .failed }
        }
    }
}
