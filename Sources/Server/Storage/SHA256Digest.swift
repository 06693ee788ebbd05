import CCrypto
import Foundation

/// An incremental SHA-256 (OpenSSL EVP), fed as an upload streams in: it names the stored
/// bytes and fingerprints a request for `Idempotency-Key`.
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

    /// The lower-case hex digest; the object must not be updated afterwards.
    func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    static func hex<Bytes: ContiguousBytes>(of bytes: Bytes) -> String {
        let digest = SHA256Digest()
        digest.update(bytes)
        return digest.finalize()
    }
}
