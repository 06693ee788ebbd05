import Foundation

/// What an operator lets webhooks reach despite the address policy
/// (`NIBSCAN_WEBHOOK_ALLOWED_HOSTS`): host names (`hooks.internal`, or `*.corp.example`
/// for every subdomain) and address blocks (`10.1.0.0/16`, `127.0.0.1`, `::1`).
public struct WebhookAllowList: Sendable, Equatable {
    public private(set) var hostNames: [String] = []
    public private(set) var domainSuffixes: [String] = []
    public private(set) var blocks: [CIDRBlock] = []

    public init() {}

    /// Parses a comma-separated list; empty items are ignored.
    /// - Throws: ``ServerError/invalidSetting(_:_:)`` naming the first item that is
    ///   neither a host name nor an address block.
    public init(parsing text: String, setting: String = "NIBSCAN_WEBHOOK_ALLOWED_HOSTS") throws {
        for rawItem in text.split(separator: ",") {
            let item = rawItem.trimmingCharacters(in: .whitespaces).lowercased()
            if item.isEmpty { continue }
            if let block = CIDRBlock(item) {
                blocks.append(block)
            } else if item.hasPrefix("*."), Self.isHostName(String(item.dropFirst(2))) {
                domainSuffixes.append("." + Self.normalized(host: String(item.dropFirst(2))))
            } else if Self.isHostName(item) {
                hostNames.append(Self.normalized(host: item))
            } else {
                throw ServerError.invalidSetting(setting, "'\(item.prefix(100))' is neither a host name nor an address block like 10.0.0.0/8")
            }
        }
    }

    public var isEmpty: Bool { hostNames.isEmpty && domainSuffixes.isEmpty && blocks.isEmpty }

    /// The entry that allows dialling `address` for a URL naming `host`, if any.
    public func entry(allowing address: IPAddress, host: String) -> String? {
        let host = Self.normalized(host: host)
        if hostNames.contains(host) { return host }
        if let suffix = domainSuffixes.first(where: { host.hasSuffix($0) && host.count > $0.count }) { return "*" + suffix }
        let candidates = [address] + [WebhookAddressPolicy.mappedIPv4(address)].compactMap { $0 }
        for block in blocks where candidates.contains(where: block.contains) { return block.description }
        return nil
    }

    /// Lower case, no brackets, no trailing dot: how URL hosts are compared.
    static func normalized(host: String) -> String {
        var host = Substring(host.lowercased())
        if host.hasPrefix("[") && host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        while host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }

    /// Letters, digits, hyphens and dots, labels of 1 to 63 characters (RFC 1123).
    static func isHostName(_ text: String) -> Bool {
        let labels = normalized(host: text).split(separator: ".", omittingEmptySubsequences: false)
        return !labels.isEmpty && text.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}
