import Analysis
import CCrypto
import Foundation

/// What a bearer token allows. `admin` includes the other two.
public enum Role: String, Sendable, CaseIterable {
    case submit, read, admin
}

/// The bearer tokens the server accepts, from a tokens file (`ROLE[,ROLE...] TOKEN` a line,
/// `#` comments) or `NIBSCAN_TOKENS` (same, `;`-separated). Tokens are kept as SHA-256
/// digests and compared in constant time.
public struct AccessTokens: Sendable {
    /// The outcome of checking an `Authorization` field.
    public enum Verdict: Sendable, Equatable {
        /// No tokens are configured: the server is loopback-only and open.
        case open
        case missing
        case invalid
        case granted(Set<Role>)
    }

    struct Entry: Sendable {
        var roles: Set<Role>
        var digest: [UInt8]
    }

    /// Shorter tokens are refused at startup: they can be guessed.
    public static let minimumTokenLength = 16

    private(set) var entries: [Entry] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// Adds every token of `text` (lines or `;`-separated entries).
    /// - Parameter source: named in errors, e.g. the file path.
    public mutating func add(from text: String, source: String) throws {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == ";" })
        for (number, rawLine) in lines.enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            let place = "\(source) entry \(number + 1)"
            guard words.count == 2 else {
                throw ServerError.invalidSetting(place, "expected 'ROLE[,ROLE...] TOKEN', found \(words.count) words")
            }
            var roles = Set<Role>()
            for name in words[0].split(separator: ",") {
                guard let role = Role(rawValue: name.lowercased()) else {
                    throw ServerError.invalidSetting(place, "unknown role '\(name)' (roles: submit, read, admin)")
                }
                roles.insert(role)
            }
            guard words[1].count >= Self.minimumTokenLength else {
                throw ServerError.invalidSetting(place, "a token needs at least \(Self.minimumTokenLength) characters")
            }
            entries.append(Entry(roles: roles, digest: Self.digest(String(words[1]))))
        }
    }

    /// Checks `Authorization: Bearer TOKEN` against every token, without early exit.
    public func verdict(authorization: String?) -> Verdict {
        if entries.isEmpty { return .open }
        guard let authorization else { return .missing }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return .missing }
        let presented = Self.digest(parts[1].trimmingCharacters(in: .whitespaces))
        var granted: Set<Role>?
        for entry in entries where CRYPTO_memcmp(entry.digest, presented, presented.count) == 0 {
            granted = (granted ?? []).union(entry.roles)
        }
        return granted.map(Verdict.granted) ?? .invalid
    }

    private static func digest(_ token: String) -> [UInt8] {
        let hex = SHA256Digest.hex(of: Array(token.utf8))
        return Array(hex.utf8)
    }
}

extension Set where Element == Role {
    /// Whether these roles allow an action needing `role`.
    public func allows(_ role: Role) -> Bool { contains(role) || contains(.admin) }
}
