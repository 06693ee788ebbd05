/// FNV-1a 64-bit hash of a finding's identity as 16 hex digits: stable across runs and
/// platforms, needs no crypto library, and never includes line numbers.
enum Fingerprint {
    static func make(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (position, part) in parts.enumerated() {
            if position > 0 { mix(0x1f, into: &hash) }
            for byte in part.utf8 { mix(byte, into: &hash) }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private static func mix(_ byte: UInt8, into hash: inout UInt64) {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
}
