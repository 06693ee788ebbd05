/// Names of well-known protocols, so that `class A: NSCoding` is not read as a superclass
/// before the project-wide merge can check the project's own protocols.
enum SwiftKnownNames {
    private static let protocols: Set<String> = [
        "AnyObject", "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Comparable",
        "Identifiable", "CustomStringConvertible", "CustomDebugStringConvertible", "Sendable", "Error",
        "NSCoding", "NSSecureCoding", "NSCopying", "NSObjectProtocol", "CaseIterable", "RawRepresentable",
        "NibLoadable", "NibOwnerLoadable", "Reusable", "StoryboardBased", "StoryboardSceneBased",
        "ObservableObject", "View", "Sequence", "Collection",
    ]

    static func isProtocol(_ name: String) -> Bool {
        protocols.contains(name) || name.hasSuffix("Delegate") || name.hasSuffix("DataSource")
            || name.hasSuffix("Protocol")
    }
}
