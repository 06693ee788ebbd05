import Foundation

/// Signs and checks the links that open one analysis's report without a bearer token.
///
/// Whoever follows the report link of a pull-request comment or a webhook payload has no
/// token, and a token in a URL would leak through logs, browser history and `Referer`. As
/// object stores sign URLs, a link instead carries its expiry and an HMAC-SHA256, under a
/// server secret, of a versioned message naming the analysis and that expiry: any node
/// that shares the secret verifies it with nothing stored per link, and the link opens the
/// report of that analysis only (in any format), nothing else.
///
/// ```swift
/// let signer = ReportLinkSigner(key: key, lifetime: 30 * 86_400)
/// let grant = signer.grant(for: "3f2…")          // ?expires=…&signature=…
/// signer.verdict(analysisID: "3f2…", expires: "\(grant.expires)", signature: grant.signature) // .valid
/// ```
struct ReportLinkSigner: Sendable {
    /// The query parameters of a signed link.
    static let expiresParameter = "expires"
    static let signatureParameter = "signature"

    /// What a presented link is worth.
    enum Verdict: Sendable, Equatable {
        case valid
        /// Signed under this secret, but its expiry has passed.
        case expired
        /// Malformed, or its signature does not match the analysis and expiry: tampered
        /// with, or signed under another secret.
        case invalid
    }

    /// The expiry and signature of one link, for its query.
    struct Grant: Sendable, Equatable {
        /// Unix seconds after which the link is refused.
        var expires: Int64
        /// Base64url of the HMAC, without padding.
        var signature: String

        /// `expires=…&signature=…` (both URL-safe as they are).
        var query: String { "\(ReportLinkSigner.expiresParameter)=\(expires)&\(ReportLinkSigner.signatureParameter)=\(signature)" }
    }

    /// The HMAC key.
    let key: [UInt8]
    /// Seconds from signing to expiry.
    let lifetime: TimeInterval

    /// A link to the report of `analysisID` valid for ``lifetime`` from `now`.
    func grant(for analysisID: String, now: Date = Date()) -> Grant {
        let expires = Int64((now.timeIntervalSince1970 + lifetime).rounded(.up))
        return Grant(expires: expires, signature: Data(mac(analysisID: analysisID, expires: expires)).base64URLEncoded)
    }

    /// Checks the `expires` and `signature` values of a request for the report of
    /// `analysisID`. The signature is checked first (in constant time), so a forged expiry
    /// is `invalid`, never `expired`.
    func verdict(analysisID: String, expires: String?, signature: String?, now: Date = Date()) -> Verdict {
        guard let expires, expires.count <= 18, expires.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int64(expires), seconds > 0,
              let signature, signature.count <= 64, let presented = Data(base64URLEncoded: signature)
        else { return .invalid }
        guard HMACSHA256.matches(Array(presented), mac(analysisID: analysisID, expires: seconds)) else { return .invalid }
        return now.timeIntervalSince1970 < TimeInterval(seconds) ? .valid : .expired
    }

    /// The MAC of the version-1 message: a purpose, the analysis id, the expiry, one a line
    /// (the expiry is digits only, so the last line break splits the message unambiguously).
    private func mac(analysisID: String, expires: Int64) -> [UInt8] {
        HMACSHA256.mac(key: key, message: Data("nibscan-report-link-v1\n\(analysisID)\n\(expires)".utf8))
    }
}
