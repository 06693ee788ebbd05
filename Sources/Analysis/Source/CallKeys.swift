/// Names called in a file, split the way calls are written: Swift `name(…)`, Objective-C
/// unary `[x name]` and keyword `[x name:…]` sends.
struct CallKeys: Sendable, Equatable {
    var swift: Set<String> = []
    var unary: Set<String> = []
    var keyword: Set<String> = []

    /// Adds a Swift base name, or an Objective-C selector by its first piece.
    mutating func add(_ name: String, isSwift: Bool) {
        if isSwift {
            swift.insert(name)
        } else if let colon = name.firstIndex(of: ":") {
            keyword.insert(String(name[..<colon]))
        } else {
            unary.insert(name)
        }
    }

    func intersects(_ other: CallKeys) -> Bool {
        !swift.isDisjoint(with: other.swift) || !unary.isDisjoint(with: other.unary) || !keyword.isDisjoint(with: other.keyword)
    }
}
