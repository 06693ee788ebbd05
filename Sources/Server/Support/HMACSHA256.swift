import CCrypto
import Foundation

/// HMAC-SHA256 (OpenSSL) and its constant-time comparison: one implementation for every
/// signature the server makes, Standard Webhooks requests and report links alike.
enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key`.
    static func mac(key: [UInt8], message: Data) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                     messageBytes.bindMemory(to: UInt8.self).baseAddress, messageBytes.count, &digest, &length)
            }
        }
        return Array(digest.prefix(Int(length)))
    }

    /// Whether `presented` equals `expected`, in time that depends only on their lengths.
    static func matches(_ presented: [UInt8], _ expected: [UInt8]) -> Bool {
        presented.count == expected.count && CRYPTO_memcmp(presented, expected, expected.count) == 0
    }
}
