import Foundation

/// One versioned schema change, written once for both engines: its SQL is made from the
/// ``SQLDialect`` (column types differ, nothing else). The list is append-only: a later
/// feature adds its own entries with higher versions to ``Migration/all``, and each
/// database applies the ones it has not seen, each in its own transaction.
public struct Migration: Sendable {
    public var version: Int
    public var name: String
    public var sql: @Sendable (SQLDialect) -> String

    public init(version: Int, name: String, sql: @escaping @Sendable (SQLDialect) -> String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// Every migration the server applies, in version order.
    public static var all: [Migration] { analyses + webhooks + uploads + leases + trends + serverSecrets + ruleSeverities }

    /// The PostgreSQL advisory lock held while migrating, so that of several nodes starting
    /// together one applies the migrations and the others then find them applied.
    static let advisoryLockKey: Int64 = 0x6e69_6273_6361_6e00

    /// Applies the migrations newer than the database's version, recording each one.
    static func apply(_ migrations: [Migration], to database: any DatabaseConnection) throws {
        let dialect = database.dialect
        if dialect == .postgres { try database.query("SELECT pg_advisory_lock(?)", [.integer(advisoryLockKey)]) }
        defer { if dialect == .postgres { _ = try? database.query("SELECT pg_advisory_unlock(?)", [.integer(advisoryLockKey)]) } }
        try database.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version \(dialect.integer) PRIMARY KEY, name TEXT NOT NULL, applied_at \(dialect.real) NOT NULL)
            """)
        let known = migrations.map(\.version).max() ?? 0
        let applied = try version(of: database)
        guard applied <= known else {
            throw ServerError.database("the database has schema version \(applied), newer than this nibscan knows (\(known))")
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) where migration.version > applied {
            try database.transaction {
                // Read again inside the transaction: another process may have applied it meanwhile.
                guard try version(of: database) < migration.version else { return }
                try database.execute(migration.sql(dialect))
                try database.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                                   [.integer(Int64(migration.version)), .text(migration.name), .real(Date().timeIntervalSince1970)])
            }
        }
        try canonicaliseRepositoryNames(in: database, tablesMadeBy: migrations)
    }

    private static func version(of database: any DatabaseConnection) throws -> Int64 {
        try database.query("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations").first?.integer("version") ?? 0
    }
}
