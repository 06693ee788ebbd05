import CCrypto
import Foundation

extension ReportLinkSigner {
    /// The name of the generated key in the database.
    static let storedSecretName = "report-links"
    /// The shortest configured secret accepted: a shorter one can be guessed.
    static let minimumSecretLength = 32

    /// The signer `configuration` asks for: its secret, else the key stored in (or made
    /// for) the database, so that nodes sharing a database need no configuration to
    /// verify each other's links; `nil` when signed links are off (0 days).
    /// - Throws: ``ServerError/invalidSetting(_:_:)`` for a short secret.
    static func configured(by configuration: NibscanServer.Configuration, store: AnalysisStore) throws -> ReportLinkSigner? {
        guard configuration.reportLinkDays > 0 else { return nil }
        let key: [UInt8]
        if let secret = configuration.reportLinkSecret {
            guard secret.utf8.count >= minimumSecretLength else {
                throw ServerError.invalidSetting("NIBSCAN_REPORT_LINK_SECRET", "needs at least \(minimumSecretLength) characters")
            }
            key = Array(secret.utf8)
        } else {
            key = try store.serverSecret(named: storedSecretName) {
                var bytes = [UInt8](repeating: 0, count: 32)
                guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else { throw ServerError.system("RAND_bytes", EIO) }
                return bytes
            }
        }
        return ReportLinkSigner(key: key, lifetime: configuration.reportLinkDays * 86_400)
    }
}
