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

    /// The byte patterns of the calls written in Swift or in Objective-C, built once and
    /// searched in every file of that language.
    func matcher(swift isSwift: Bool) -> CallMatcher {
        isSwift ? CallMatcher(swift.map { ($0, UInt8(ascii: "(")) })
            : CallMatcher(unary.map { ($0, UInt8(ascii: "]")) } + keyword.map { ($0, UInt8(ascii: ":")) })
    }
}

/// Picks the files a round of helper resolution must index again, by a byte search for
/// the calls that reach the table: a nib-load helper can be called from any method, but a
/// placeholder-copy method matters only to an `awakeAfter` body (``BodyAnalyzer`` reads
/// the copy table there alone), so its calls count only in a file that names `awakeAfter`.
struct ReindexFilter: Sendable {
    private let swiftHelpers: CallMatcher
    private let objcHelpers: CallMatcher
    private let swiftCopies: CallMatcher
    private let objcCopies: CallMatcher

    init(helperCalls: CallKeys, copyCalls: CallKeys) {
        swiftHelpers = helperCalls.matcher(swift: true)
        objcHelpers = helperCalls.matcher(swift: false)
        swiftCopies = copyCalls.matcher(swift: true)
        objcCopies = copyCalls.matcher(swift: false)
    }

    private static let awakeAfter = ByteSearch.Needle("awakeAfter")

    /// Must `contents`, written in Swift or Objective-C, be indexed again?
    func needsReindex(_ contents: Data, swift isSwift: Bool) -> Bool {
        if (isSwift ? swiftHelpers : objcHelpers).isCalled(in: contents) { return true }
        let copies = isSwift ? swiftCopies : objcCopies
        guard !copies.isEmpty else { return false }
        let namesAwakeAfter = contents.withUnsafeBytes { ByteSearch.contains(Self.awakeAfter, in: $0.bindMemory(to: UInt8.self)) }
        return namesAwakeAfter && copies.isCalled(in: contents)
    }
}

/// Finds whether a file calls one of a few names in the shape it is written in (`name(` in
/// Swift; `name]` or `name:` in Objective-C): a byte search, far cheaper than indexing again.
/// Each name is searched from its rarest byte (``ByteSearch``), so most of the file is
/// never looked at byte by byte, however common the name's first letter.
struct CallMatcher: Sendable {
    private struct Pattern: Sendable {
        var name: ByteSearch.Needle
        /// The byte that must follow the name (after spaces and tabs).
        var follower: UInt8
    }

    private let patterns: [Pattern]

    init(_ names: [(String, UInt8)]) {
        patterns = names.map { Pattern(name: ByteSearch.Needle($0.0), follower: $0.1) }.filter { !$0.name.isEmpty }
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// Does `contents` call one of the names?
    func isCalled(in contents: Data) -> Bool {
        guard !patterns.isEmpty else { return false }
        return contents.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return patterns.contains { pattern in
                var from = 0
                while let index = ByteSearch.firstIndex(of: pattern.name, in: bytes, from: from) {
                    if index == 0 || !Self.isIdentifierByte(bytes[index - 1]), Self.follower(pattern.follower, after: index + pattern.name.count, in: bytes) {
                        return true
                    }
                    from = index + 1
                }
                return false
            }
        }
    }

    /// Is `follower` the first byte at or after `position` that is no space or tab?
    private static func follower(_ follower: UInt8, after position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var next = position
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        return next < bytes.count && bytes[next] == follower
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }
}
