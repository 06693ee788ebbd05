/// Decides whether a webhook may connect to an address. Called on the address libcurl is
/// about to dial (after DNS, after any numeric spelling was resolved), so that a URL
/// cannot reach the server's own network by naming it indirectly. Pure: no I/O.
///
/// ```swift
/// let policy = WebhookAddressPolicy(allowList: try WebhookAllowList(parsing: "127.0.0.1"))
/// policy.verdict(for: IPAddress("127.0.0.1")!, host: "127.0.0.1")   // .allowed(byOperator: "127.0.0.1/32")
/// ```
public struct WebhookAddressPolicy: Sendable, Equatable {
    /// The answer for one address.
    public enum Verdict: Sendable, Equatable {
        /// A public address; `byOperator` names the allow-list entry when it was needed.
        case allowed(byOperator: String?)
        case refused(reason: String)

        public var isAllowed: Bool {
            if case .allowed = self { return true }
            return false
        }
    }

    /// A range refused by default, with the word used in the refusal.
    struct Range: Sendable {
        var block: CIDRBlock
        var kind: String
    }

    public var allowList: WebhookAllowList

    public init(allowList: WebhookAllowList = WebhookAllowList()) {
        self.allowList = allowList
    }

    /// `.refused` with a sentence like "address 127.0.0.1 is loopback and not allowed"
    /// unless the address is public or the operator allowed it.
    public func verdict(for address: IPAddress, host: String) -> Verdict {
        guard let kind = Self.classify(address) else { return .allowed(byOperator: nil) }
        if let entry = allowList.entry(allowing: address, host: host) { return .allowed(byOperator: entry) }
        return .refused(reason: "address \(address) is \(kind) and not allowed (allow it with NIBSCAN_WEBHOOK_ALLOWED_HOSTS)")
    }

    /// What makes an address non-public, or `nil` when it is public. IPv6 forms that carry
    /// an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
    public static func classify(_ address: IPAddress) -> String? {
        switch address {
        case .v4:
            return ipv4Ranges.first { $0.block.contains(address) }?.kind
        case .v6:
            if let exact = ipv6Exact.first(where: { $0.block.contains(address) }) { return exact.kind }
            for tunnel in ipv4Carriers where tunnel.block.contains(address) {
                guard let embedded = address.embeddedIPv4(at: tunnel.offset) else { continue }
                if let kind = classify(embedded) { return "\(tunnel.name) of \(embedded), which is \(kind)" }
                return nil
            }
            return ipv6Ranges.first { $0.block.contains(address) }?.kind
        }
    }

    /// The IPv4 address of an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`): the same host.
    static func mappedIPv4(_ address: IPAddress) -> IPAddress? {
        ipv4Carriers[0].block.contains(address) ? address.embeddedIPv4() : nil
    }

    private static func range(_ text: String, _ kind: String) -> Range {
        guard let block = CIDRBlock(text) else { preconditionFailure("invalid built-in block \(text)") }
        return Range(block: block, kind: kind)
    }

    /// IPv4 special-purpose blocks (RFC 6890 and successors) that are not the public internet.
    static let ipv4Ranges: [Range] = [
        range("0.0.0.0/8", "unspecified (\"this network\")"),
        range("10.0.0.0/8", "private"),
        range("100.64.0.0/10", "shared carrier-grade NAT space"),
        range("127.0.0.0/8", "loopback"),
        range("169.254.169.254/32", "the cloud metadata service"),
        range("169.254.0.0/16", "link-local"),
        range("172.16.0.0/12", "private"),
        range("192.0.0.0/24", "reserved for IETF protocol assignments"),
        range("192.0.2.0/24", "reserved for documentation"),
        range("192.88.99.0/24", "a deprecated 6to4 relay"),
        range("192.168.0.0/16", "private"),
        range("198.18.0.0/15", "reserved for benchmarking"),
        range("198.51.100.0/24", "reserved for documentation"),
        range("203.0.113.0/24", "reserved for documentation"),
        range("224.0.0.0/4", "multicast"),
        range("255.255.255.255/32", "broadcast"),
        range("240.0.0.0/4", "reserved"),
    ]

    /// The two IPv6 addresses inside the IPv4-compatible block that are no IPv4 address.
    static let ipv6Exact: [Range] = [
        range("::/128", "unspecified"),
        range("::1/128", "loopback"),
    ]

    /// IPv6 special-purpose blocks that are not the public internet.
    static let ipv6Ranges: [Range] = [
        range("100::/64", "a discard-only block"),
        range("2001::/32", "a Teredo tunnel"),
        range("2001:db8::/32", "reserved for documentation"),
        range("fc00::/7", "unique-local"),
        range("fe80::/10", "link-local"),
        range("fec0::/10", "site-local"),
        range("ff00::/8", "multicast"),
        range("::/8", "reserved"),
    ]

    /// IPv6 blocks that carry an IPv4 address, and where.
    struct Carrier: Sendable {
        var block: CIDRBlock
        var name: String
        var offset: Int
    }

    static let ipv4Carriers: [Carrier] = [
        Carrier(block: range("::ffff:0:0/96", "").block, name: "an IPv4-mapped address", offset: 12),
        Carrier(block: range("::/96", "").block, name: "an IPv4-compatible address", offset: 12),
        Carrier(block: range("64:ff9b::/96", "").block, name: "a NAT64 address", offset: 12),
        Carrier(block: range("64:ff9b:1::/48", "").block, name: "a local NAT64 address", offset: 12),
        Carrier(block: range("2002::/16", "").block, name: "a 6to4 address", offset: 2),
    ]
}
