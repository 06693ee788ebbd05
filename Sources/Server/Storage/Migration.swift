import Foundation

/// One versioned schema change. The list is append-only: a later feature (webhooks) adds
/// its own entries with higher versions to ``Migration/all``, and each database applies
/// the ones it has not seen, each in its own transaction.
public struct Migration: Sendable {
    public var version: Int
    public var name: String
    public var sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// Every migration the server applies, in version order.
    public static var all: [Migration] { analyses + webhooks }

    /// Applies the migrations newer than the database's version, recording each one.
    static func apply(_ migrations: [Migration], to database: SQLiteDatabase) throws {
        try database.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)
            """)
        let applied = try database.query("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations")
            .first?.integer("version") ?? 0
        let known = migrations.map(\.version).max() ?? 0
        guard applied <= known else {
            throw ServerError.database("the database has schema version \(applied), newer than this nibscan knows (\(known))")
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > applied {
            try database.transaction {
                try database.execute(migration.sql)
                try database.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                                   [.integer(Int64(migration.version)), .text(migration.name), .real(Date().timeIntervalSince1970)])
            }
        }
    }
}
