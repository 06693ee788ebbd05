extension Migration {
    /// Secrets the server makes for itself when none is configured (the key of signed report
    /// links), kept in the database so that every node sharing it uses the same one and a
    /// restart keeps links valid.
    static let serverSecrets: [Migration] = [
        Migration(version: 6, name: "server-secrets") { sql in """
            CREATE TABLE server_secrets (
                name TEXT PRIMARY KEY,
                secret TEXT NOT NULL,
                created_at \(sql.real) NOT NULL
            );
            """
        },
    ]
}
