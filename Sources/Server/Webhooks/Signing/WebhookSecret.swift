import CCrypto
import Foundation

/// A subscription's signing key in the Standard Webhooks form: `whsec_` followed by the
/// base64 of random bytes. Receivers use the base64-decoded bytes as the HMAC key.
public struct WebhookSecret: Sendable, Equatable, CustomStringConvertible {
    public static let prefix = "whsec_"
    /// Random bytes in a generated secret (the scheme allows 24 to 64).
    public static let generatedByteCount = 32

    /// The full text, `whsec_…`, shown to the client once.
    public let text: String
    /// The HMAC key.
    let key: [UInt8]

    /// Reads a stored or given secret.
    /// - Throws: ``WebhookError/invalidSecret`` when it is not `whsec_` + base64 of 24 to 64 bytes.
    public init(_ text: String) throws(WebhookError) {
        guard text.hasPrefix(Self.prefix), let decoded = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))),
              (24...64).contains(decoded.count) else { throw .invalidSecret }
        self.text = text
        self.key = Array(decoded)
    }

    /// A fresh secret from the system's cryptographic random generator.
    public static func generate() throws(WebhookError) -> WebhookSecret {
        var bytes = [UInt8](repeating: 0, count: generatedByteCount)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else { throw .randomUnavailable }
        return try WebhookSecret(prefix + Data(bytes).base64EncodedString())
    }

    /// `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`.
    public func signature(messageID: String, timestamp: Int64, body: Data) -> String {
        var message = Data("\(messageID).\(timestamp).".utf8)
        message.append(body)
        return "v1," + Data(HMACSHA256.mac(key: key, message: message)).base64EncodedString()
    }

    /// Never prints the key.
    public var description: String { "whsec_…" }
}
