import Foundation

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

    /// Does `contents` call one of the names in the shape it is written in (`name(` in Swift;
    /// `name]` or `name:` in Objective-C)? A byte search, far cheaper than indexing again.
    func isCalled(in contents: Data, swift isSwift: Bool) -> Bool {
        let names = isSwift ? swift.map { ($0, [UInt8(ascii: "(")]) }
            : unary.map { ($0, [UInt8(ascii: "]")]) } + keyword.map { ($0, [UInt8(ascii: ":")]) }
        return contents.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return names.contains { name, followers in Self.occurs(Array(name.utf8), followedBy: followers, in: bytes) }
        }
    }

    private static func occurs(_ name: [UInt8], followedBy followers: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first, name.count <= bytes.count else { return false }
        var index = 0
        let last = bytes.count - name.count
        while index <= last {
            if bytes[index] == first, index == 0 || !isIdentifierByte(bytes[index - 1]),
               (1..<name.count).allSatisfy({ bytes[index + $0] == name[$0] }) {
                var next = index + name.count
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if next < bytes.count, followers.contains(bytes[next]) { return true }
            }
            index += 1
        }
        return false
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }
}
