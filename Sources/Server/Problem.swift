import Foundation

/// An RFC 9457 problem document: every error the HTTP API returns, with a stable `type`
/// per cause so that clients can branch on it.
public struct Problem: Codable, Sendable, Equatable, Error {
    /// A URI reference naming the cause, e.g. `https://nibscan.dev/problems/archive.too-many-entries`.
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String?
    public var instance: String?
    /// The analysis a failure belongs to, when there is one (an RFC 9457 extension member).
    public var analysisId: String?

    /// Prefix of every problem `type`.
    public static let typeBase = "https://nibscan.dev/problems/"

    public init(code: String, title: String, status: Int, detail: String? = nil, instance: String? = nil, analysisId: String? = nil) {
        self.type = Self.typeBase + code
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.analysisId = analysisId
    }

    /// The stable code after ``typeBase``.
    public var code: String { type.hasPrefix(Self.typeBase) ? String(type.dropFirst(Self.typeBase.count)) : type }
}
