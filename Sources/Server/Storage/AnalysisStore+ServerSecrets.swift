import Foundation

extension AnalysisStore {
    /// The stored secret called `name`, made by `make` and stored first when there is none.
    /// The insert does nothing when a row exists and the row is read back, so of several
    /// nodes starting together the first writer's secret is the one every node uses.
    func serverSecret(named name: String, make: () throws -> [UInt8]) throws -> [UInt8] {
        try withDatabase { database in
            let query = "SELECT secret FROM server_secrets WHERE name = ?"
            if let stored = try database.query(query, [.text(name)]).first?.text("secret") {
                return try Self.decodeSecret(stored, name: name)
            }
            try database.query("INSERT INTO server_secrets (name, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
                               [.text(name), .text(Data(try make()).base64EncodedString()), .real(Date().timeIntervalSince1970)])
            guard let stored = try database.query(query, [.text(name)]).first?.text("secret") else {
                throw ServerError.database("the secret '\(name)' was not stored")
            }
            return try Self.decodeSecret(stored, name: name)
        }
    }

    private static func decodeSecret(_ text: String, name: String) throws -> [UInt8] {
        guard let bytes = Data(base64Encoded: text), !bytes.isEmpty else { throw ServerError.database("the stored secret '\(name)' is not base64") }
        return Array(bytes)
    }
}
