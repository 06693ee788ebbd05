import Foundation

/// A value bound to or read from a statement, the same on both engines: SQLite stores
/// these types as they are, PostgreSQL as `BIGINT`, `DOUBLE PRECISION`, `TEXT`, `BYTEA`.
public enum DatabaseValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// One result row, read by column name, whichever engine produced it.
public struct DatabaseRow: Sendable {
    let values: [String: DatabaseValue]

    public subscript(column: String) -> DatabaseValue { values[column] ?? .null }

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

extension Optional where Wrapped == Date {
    /// A time stored as seconds since 1970, or NULL.
    var databaseValue: DatabaseValue { map { .real($0.timeIntervalSince1970) } ?? .null }
}

extension Optional where Wrapped == String {
    var databaseValue: DatabaseValue { map(DatabaseValue.text) ?? .null }
}

extension DatabaseRow {
    /// A time stored as seconds since 1970.
    func date(_ column: String) -> Date? { real(column).map(Date.init(timeIntervalSince1970:)) }
}
