import CSQLite
import Foundation

/// One SQLite connection with typed statements: the embedded engine, a file in the data
/// directory, for one node.
public final class SQLiteConnection: DatabaseConnection {
    public var dialect: SQLDialect { .sqlite }
    public var isUsable: Bool { true }

    private let handle: OpaquePointer

    /// Opens (creating) the database at `path` in WAL mode with a busy timeout.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(opened)
            throw ServerError.database("cannot open \(path): \(message)")
        }
        handle = opened
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = FULL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without parameters or results.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw ServerError.database(text)
        }
    }

    /// Runs one statement; returns the rows it produced.
    @discardableResult
    public func query(_ sql: String, _ parameters: [DatabaseValue]) throws -> [DatabaseRow] {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            throw ServerError.database("\(lastError) in \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in parameters.enumerated() {
            try bind(value, at: Int32(offset + 1), in: statement)
        }
        var rows: [DatabaseRow] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else {
                if status == SQLITE_CONSTRAINT { throw DatabaseConstraintViolation(message: lastError) }
                throw ServerError.database(lastError)
            }
            rows.append(readRow(statement))
        }
        return rows
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    private var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    private func bind(_ value: DatabaseValue, at index: Int32, in statement: OpaquePointer) throws {
        let status: Int32
        switch value {
        case .null: status = sqlite3_bind_null(statement, index)
        case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
        case .real(let number): status = sqlite3_bind_double(statement, index, number)
        case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, nibscan_sqlite_transient())
        case .blob(let data):
            status = data.withUnsafeBytes { raw in
                sqlite3_bind_blob64(statement, index, raw.baseAddress, sqlite3_uint64(raw.count), nibscan_sqlite_transient())
            }
        }
        guard status == SQLITE_OK else { throw ServerError.database(lastError) }
    }

    private func readRow(_ statement: OpaquePointer) -> DatabaseRow {
        var values: [String: DatabaseValue] = [:]
        for column in 0 ..< sqlite3_column_count(statement) {
            let name = String(cString: sqlite3_column_name(statement, column))
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: values[name] = .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT: values[name] = .real(sqlite3_column_double(statement, column))
            case SQLITE_TEXT: values[name] = .text(String(cString: sqlite3_column_text(statement, column)))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(statement, column))
                values[name] = .blob(sqlite3_column_blob(statement, column).map { Data(bytes: $0, count: count) } ?? Data())
            default: values[name] = .null
            }
        }
        return DatabaseRow(values: values)
    }
}
