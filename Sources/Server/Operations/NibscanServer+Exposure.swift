import Foundation
import Glibc

extension NibscanServer {
    /// Loopback addresses: 127.0.0.0/8 and ::1, in any spelling (`0:0:0:0:0:0:0:1`, or
    /// an IPv4-mapped `::ffff:127.x.x.x`).
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" { return true }
        var address = in_addr()
        if inet_pton(AF_INET, host, &address) == 1 { return UInt32(bigEndian: address.s_addr) >> 24 == 127 }
        var address6 = in6_addr()
        guard inet_pton(AF_INET6, host, &address6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: address6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        return bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }

    /// The `warning` log lines a server listening on `configuration.http.host` should start
    /// with: settings that do not matter on loopback but do once other machines can connect.
    /// (Tokens are not among them: without any, a non-loopback listener is refused outright.)
    static func exposureWarnings(for configuration: Configuration) -> [[String: any Sendable]] {
        let host = configuration.http.host
        guard !isLoopback(host), configuration.publicURL == nil else { return [] }
        return [[
            "code": "server.public-url-unset",
            "setting": "--public-url",
            "environment": "NIBSCAN_PUBLIC_URL",
            "host": host,
            "message": "listening on \(host) without --public-url: links in API answers are built from each request's Host "
                + "header, which the client chooses, and links in webhooks from the listener's address, which receivers may "
                + "not reach; set --public-url (NIBSCAN_PUBLIC_URL) to the URL clients use, e.g. https://nibscan.example.com",
        ]]
    }
}
