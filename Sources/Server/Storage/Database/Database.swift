import Foundation

/// Where nibscan keeps its state, and the connections to it: one SQLite file in the data
/// directory (the default, one node), or one PostgreSQL database shared by every node.
/// Connections are lent to one caller at a time; SQLite has one (its writes are serial
/// anyway), PostgreSQL a small pool, and a connection that broke (the server restarted) is
/// dropped and a new one opened on the next use.
public final class Database: Sendable {
    /// The engine and its address, from `--database` / `NIBSCAN_DATABASE_URL`.
    public enum Location: Sendable, Equatable, CustomStringConvertible {
        case sqlite(path: String)
        case postgres(url: String)

        /// `postgres://...` or `postgresql://...` for PostgreSQL; `nil` for anything else.
        public init?(url: String) {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else { return nil }
            self = .postgres(url: url)
        }

        public var dialect: SQLDialect {
            switch self {
            case .sqlite: .sqlite
            case .postgres: .postgres
            }
        }

        /// The address without a password, for logs.
        public var description: String {
            switch self {
            case .sqlite(let path): return path
            case .postgres(let url):
                guard var parts = URLComponents(string: url) else { return "postgres://…" }
                if parts.password != nil { parts.password = "…" }
                return parts.string ?? "postgres://…"
            }
        }
    }

    public let location: Location
    public var dialect: SQLDialect { location.dialect }
    private let idle: Locked<[any DatabaseConnection]>
    private let slots: DispatchSemaphore

    /// Opens a first connection (so a wrong address fails at start) and applies `migrations`.
    public init(_ location: Location, maxConnections: Int = 8, migrations: [Migration] = Migration.all) throws {
        self.location = location
        let first = try Self.open(location)
        try Migration.apply(migrations, to: first)
        idle = Locked([first])
        slots = DispatchSemaphore(value: location.dialect == .sqlite ? 1 : max(1, maxConnections))
    }

    /// Runs `body` with a connection no one else uses meanwhile.
    @discardableResult
    public func withConnection<Result>(_ body: (any DatabaseConnection) throws -> Result) throws -> Result {
        slots.wait()
        defer { slots.signal() }
        let connection = try idle.withLock { $0.popLast() } ?? Self.open(location)
        defer { if connection.isUsable { idle.withLock { $0.append(connection) } } }
        return try body(connection)
    }

    /// Whether the database answers a trivial query now (readiness).
    public func isReachable() -> Bool {
        (try? withConnection { try $0.query("SELECT 1 AS one").first?.integer("one") == 1 }) ?? false
    }

    private static func open(_ location: Location) throws -> any DatabaseConnection {
        switch location {
        case .sqlite(let path): try SQLiteConnection(path: path)
        case .postgres(let url): try PostgresConnection(url: url)
        }
    }
}
