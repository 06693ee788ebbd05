import CSQLite
import Foundation

/// A value bound to or read from an SQLite statement.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// One SQLite connection with typed statements. Not thread-safe by itself: the store that
/// owns it serialises every use behind its lock, and a completion hook receives it only
/// inside that lock, in the open transaction.
public final class SQLiteDatabase {
    /// One result row, read by column name.
    public struct Row: Sendable {
        let values: [String: SQLiteValue]

        public subscript(column: String) -> SQLiteValue { values[column] ?? .null }

        public func text(_ column: String) -> String? {
            if case .text(let value) = self[column] { return value }
            return nil
        }

        public func integer(_ column: String) -> Int64? {
            if case .integer(let value) = self[column] { return value }
            return nil
        }

        public func real(_ column: String) -> Double? {
            switch self[column] {
            case .real(let value): value
            case .integer(let value): Double(value)
            default: nil
            }
        }

        public func blob(_ column: String) -> Data? {
            switch self[column] {
            case .blob(let value): value
            case .text(let value): Data(value.utf8)
            default: nil
            }
        }
    }

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
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [Row] {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            throw ServerError.database("\(lastError) in \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in parameters.enumerated() {
            try bind(value, at: Int32(offset + 1), in: statement)
        }
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else {
                if status == SQLITE_CONSTRAINT { throw SQLiteConstraintViolation(message: lastError) }
                throw ServerError.database(lastError)
            }
            rows.append(readRow(statement))
        }
        return rows
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction; commits when it returns, rolls back when it throws.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    private func bind(_ value: SQLiteValue, at index: Int32, in statement: OpaquePointer) throws {
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

    private func readRow(_ statement: OpaquePointer) -> Row {
        var values: [String: SQLiteValue] = [:]
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
        return Row(values: values)
    }
}

/// A UNIQUE, CHECK or other constraint refused a write (e.g. a repeated idempotency key).
public struct SQLiteConstraintViolation: Error, Sendable {
    public var message: String
}
