import Glibc

/// An IPv4 or IPv6 address as bytes, so that the webhook address policy can judge the
/// address a socket is about to dial without any text round trip.
public enum IPAddress: Sendable, Hashable, CustomStringConvertible {
    case v4(UInt32)
    case v6([UInt8])

    /// Parses the canonical textual forms only (`inet_pton`): `127.0.0.1`, `::1`,
    /// `::ffff:127.0.0.1`. Brackets around an IPv6 address are accepted.
    public init?(_ text: String) {
        var trimmed = Substring(text)
        if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") { trimmed = trimmed.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(trimmed), &v4) == 1 {
            self = .v4(UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(trimmed), &v6) == 1 else { return nil }
        self = .v6(withUnsafeBytes(of: &v6) { Array($0) })
    }

    /// Reads the address of a `sockaddr_in` or `sockaddr_in6`.
    public init?(socketAddress: UnsafePointer<sockaddr>) {
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            let address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            self = .v4(UInt32(bigEndian: address))
        case AF_INET6:
            var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self = .v6(withUnsafeBytes(of: &address) { Array($0) })
        default:
            return nil
        }
    }

    /// The address as big-endian bytes: 4 for IPv4, 16 for IPv6.
    public var bytes: [UInt8] {
        switch self {
        case .v4(let value): [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        case .v6(let bytes): bytes
        }
    }

    /// The IPv4 address an IPv6 address carries in its last 32 bits at `offset`.
    func embeddedIPv4(at offset: Int = 12) -> IPAddress? {
        guard case .v6(let bytes) = self, bytes.count == 16, offset + 4 <= 16 else { return nil }
        let value = bytes[offset ..< offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return .v4(value)
    }

    public var description: String {
        switch self {
        case .v4:
            return bytes.map(String.init).joined(separator: ".")
        case .v6(var raw):
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let text = raw.withUnsafeMutableBytes { source in
                inet_ntop(AF_INET6, source.baseAddress, &buffer, socklen_t(buffer.count)).map { String(cString: $0) }
            }
            return text ?? "invalid IPv6 address"
        }
    }
}

/// An address block such as `10.0.0.0/8` or `fe80::/10`.
public struct CIDRBlock: Sendable, Hashable, CustomStringConvertible {
    public let network: IPAddress
    public let prefixLength: Int

    /// `a.b.c.d/n`, `x::y/n`, or a single address (a full-length prefix).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(String(parts[0])) else { return nil }
        let width = address.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), parts[1].allSatisfy(\.isASCII), (0...width).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = width
        }
        network = address
    }

    public func contains(_ address: IPAddress) -> Bool {
        let mine = network.bytes
        let theirs = address.bytes
        guard mine.count == theirs.count else { return false }
        var remaining = prefixLength
        for index in mine.indices where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if mine[index] & mask != theirs[index] & mask { return false }
            remaining -= bits
        }
        return true
    }

    public var description: String { "\(network)/\(prefixLength)" }
}
