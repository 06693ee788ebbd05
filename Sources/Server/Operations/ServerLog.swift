import Foundation

/// One JSON object a line on stderr: an access line per request and an event line for
/// what the server does on its own (start, drain, analyses finishing, recoveries).
public final class ServerLog: Sendable {
    private let lock = Locked(())
    private let write: @Sendable (Data) -> Void

    /// - Parameter write: where lines go; stderr by default, a buffer in tests.
    public init(write: @escaping @Sendable (Data) -> Void = { FileHandle.standardError.write($0) }) {
        self.write = write
    }

    /// The access line of one request.
    public func request(_ entry: RequestLogEntry) {
        emit(["event": "request", "requestId": entry.requestID, "method": entry.method, "path": entry.path,
              "route": entry.route, "status": entry.status, "bytesIn": entry.bytesIn, "bytesOut": entry.bytesOut,
              "durationMs": entry.durationMs])
    }

    /// An event with its fields, e.g. `event("listening", ["port": 8080])`.
    public func event(_ name: String, _ fields: [String: any Sendable] = [:]) {
        var object = fields
        object["event"] = name
        emit(object)
    }

    private func emit(_ fields: [String: any Sendable]) {
        var object = fields
        object["time"] = HTTPDate.rfc3339(Date())
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        lock.withLock { _ in write(data + Data("\n".utf8)) }
    }
}
