import CPostgres
import Foundation

/// One PostgreSQL connection through libpq: the shared engine that several nodes use at
/// once. Parameters are sent typed (`BIGINT`, `DOUBLE PRECISION`, `TEXT`, binary `BYTEA`)
/// and `?` placeholders become `$1, $2, ...`; results come back as text and are read by
/// column type into the same ``DatabaseValue``s SQLite gives.
public final class PostgresConnection: DatabaseConnection {
    public var dialect: SQLDialect { .postgres }
    public private(set) var changes = 0
    private let handle: OpaquePointer

    /// Connects to `url` (`postgres://user@host:port/db?...`); a `connect_timeout` of 5
    /// seconds applies unless the URL sets one.
    public init(url: String) throws {
        let separator = url.contains("?") ? "&" : "?"
        let conninfo = url.contains("connect_timeout=") ? url : url + separator + "connect_timeout=5"
        guard let connection = PQconnectdb(conninfo) else { throw ServerError.database("libpq: out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw ServerError.database("cannot connect to PostgreSQL: \(message)")
        }
        handle = connection
        // Notices ("relation already exists, skipping") would go to stderr; the log has what matters.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit {
        PQfinish(handle)
    }

    public var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    public func execute(_ sql: String) throws {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql: sql)
    }

    @discardableResult
    public func query(_ sql: String, _ parameters: [DatabaseValue]) throws -> [DatabaseRow] {
        let bound = parameters.map(BoundParameter.init)
        defer { bound.forEach { $0.release() } }
        let values: [UnsafePointer<CChar>?] = bound.map { $0.bytes.map { UnsafePointer($0) } }
        let result = PQexecParams(handle, Self.numberedPlaceholders(sql), Int32(bound.count), bound.map(\.type), values,
                                  bound.map(\.length), bound.map(\.format), 0)
        defer { PQclear(result) }
        try check(result, sql: sql)
        changes = Int(String(cString: PQcmdTuples(result))) ?? 0
        return readRows(result)
    }

    /// Waits up to `timeout` seconds for notifications of the channels this connection
    /// `LISTEN`s to; returns their channels (empty after a quiet wait).
    func notifications(waitingUpTo timeout: TimeInterval) throws -> [String] {
        var channels = pendingNotifications()
        guard channels.isEmpty else { return channels }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, timeout) * 1000))
        if ready > 0 {
            guard PQconsumeInput(handle) == 1 else { throw ServerError.database(Self.trimmed(PQerrorMessage(handle))) }
            channels = pendingNotifications()
        }
        return channels
    }

    private func pendingNotifications() -> [String] {
        var channels: [String] = []
        while let notification = PQnotifies(handle) {
            channels.append(String(cString: notification.pointee.relname))
            PQfreemem(notification)
        }
        return channels
    }

    /// `?` placeholders as `$1, $2, ...`, leaving quoted text and identifiers alone.
    static func numberedPlaceholders(_ sql: String) -> String {
        var output = ""
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                output.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                output.append(character)
            } else if character == "?" {
                number += 1
                output += "$\(number)"
            } else {
                output.append(character)
            }
        }
        return output
    }

    private func check(_ result: OpaquePointer?, sql: String) throws {
        let status = PQresultStatus(result)
        guard status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK else { return }
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let message = Self.trimmed(result.map { PQresultErrorMessage($0) } ?? PQerrorMessage(handle))
        // Class 23: integrity constraint violation (unique_violation is 23505).
        if state.hasPrefix("23") { throw DatabaseConstraintViolation(message: message) }
        throw ServerError.database(message.isEmpty ? "PostgreSQL failed without a message in \(sql.prefix(80))" : message)
    }

    private func readRows(_ result: OpaquePointer?) -> [DatabaseRow] {
        let columns = PQnfields(result)
        let names = (0 ..< columns).map { String(cString: PQfname(result, $0)) }
        let types = (0 ..< columns).map { PQftype(result, $0) }
        return (0 ..< PQntuples(result)).map { row in
            var values: [String: DatabaseValue] = [:]
            for column in 0 ..< columns where PQgetisnull(result, row, column) == 0 {
                let text = String(cString: PQgetvalue(result, row, column))
                values[names[Int(column)]] = Self.value(text, type: types[Int(column)])
            }
            return DatabaseRow(values: values)
        }
    }

    /// The type OIDs of `pg_type` that nibscan's schema uses.
    private enum TypeOID {
        static let bool: Oid = 16, bytea: Oid = 17, int8: Oid = 20, int2: Oid = 21, int4: Oid = 23, text: Oid = 25
        static let float4: Oid = 700, float8: Oid = 701, numeric: Oid = 1700
    }

    static func value(_ text: String, type: Oid) -> DatabaseValue {
        switch type {
        case TypeOID.bool: .integer(text == "t" ? 1 : 0)
        case TypeOID.int2, TypeOID.int4, TypeOID.int8: Int64(text).map(DatabaseValue.integer) ?? .text(text)
        case TypeOID.numeric: Int64(text).map(DatabaseValue.integer) ?? Double(text).map(DatabaseValue.real) ?? .text(text)
        case TypeOID.float4, TypeOID.float8: Double(text).map(DatabaseValue.real) ?? .text(text)
        case TypeOID.bytea: .blob(hexBytes(text))
        default: .text(text)
        }
    }

    /// Decodes `bytea`'s hex output, `\x` then two digits per byte.
    static func hexBytes(_ text: String) -> Data {
        var bytes = Data()
        bytes.reserveCapacity(max(0, text.utf8.count / 2 - 1))
        var high: UInt8?
        for character in text.utf8.dropFirst(2) {
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            default: continue
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
    }

    /// One parameter as libpq takes it: a type, bytes it owns until ``release()``, a length and a format.
    private struct BoundParameter {
        var type: Oid
        var bytes: UnsafeMutablePointer<CChar>?
        var length: Int32
        /// 0 for text, 1 for binary.
        var format: Int32

        init(_ value: DatabaseValue) {
            switch value {
            case .null: self.init(type: 0, text: nil)
            case .integer(let number): self.init(type: TypeOID.int8, text: String(number))
            case .real(let number): self.init(type: TypeOID.float8, text: "\(number)")
            case .text(let text): self.init(type: TypeOID.text, text: text)
            case .blob(let data):
                let copy = malloc(max(data.count, 1))
                data.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { copy?.copyMemory(from: base, byteCount: raw.count) }
                }
                self.init(type: TypeOID.bytea, bytes: copy?.assumingMemoryBound(to: CChar.self), length: Int32(data.count), format: 1)
            }
        }

        private init(type: Oid, text: String?) {
            self.init(type: type, bytes: text.map { strdup($0) }, length: 0, format: 0)
        }

        private init(type: Oid, bytes: UnsafeMutablePointer<CChar>?, length: Int32, format: Int32) {
            self.type = type
            self.bytes = bytes
            self.length = length
            self.format = format
        }

        func release() {
            free(bytes)
        }
    }
}
