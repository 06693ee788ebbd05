import CCrypto
import Foundation

/// An incremental SHA-256 (OpenSSL EVP): the server feeds it an upload as it streams in to
/// name the stored bytes and fingerprint a request for `Idempotency-Key`, and hashes access
/// tokens. (The HTML report's stylesheet digest is the analysis library's own ``SHA256``,
/// which needs no libcrypto.)
final class SHA256Digest {
    private let context: OpaquePointer?

    init() {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    func update<Bytes: ContiguousBytes>(_ bytes: Bytes) {
        bytes.withUnsafeBytes { raw in
            _ = EVP_DigestUpdate(context, raw.baseAddress, raw.count)
        }
    }

    /// The 32 bytes of the digest; the object must not be updated afterwards.
    func finalizeBytes() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }

    /// The lower-case hex digest; the object must not be updated afterwards.
    func finalize() -> String {
        finalizeBytes().map { String(format: "%02x", $0) }.joined()
    }

    static func hex<Bytes: ContiguousBytes>(of bytes: Bytes) -> String {
        let digest = SHA256Digest()
        digest.update(bytes)
        return digest.finalize()
    }
}
