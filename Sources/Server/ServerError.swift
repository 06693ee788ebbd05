import Foundation

/// Why the server could not start or could not reach its storage: printed as one line by
/// `nibscan serve` before it exits with status 2.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    case invalidSetting(String, String)
    case system(String, Int32)
    case database(String)

    public var description: String {
        switch self {
        case .invalidSetting(let name, let reason): "\(name): \(reason)"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .database(let message): "database: \(message)"
        }
    }
}
