import Foundation

extension SQLiteDatabase.Row {
    /// A time stored as seconds since 1970.
    func date(_ column: String) -> Date? { real(column).map(Date.init(timeIntervalSince1970:)) }
}

extension Optional where Wrapped == Date {
    var sqlite: SQLiteValue { map { .real($0.timeIntervalSince1970) } ?? .null }
}

extension Optional where Wrapped == String {
    var sqlite: SQLiteValue { map(SQLiteValue.text) ?? .null }
}
