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

    private static let awakeAfter = Array("awakeAfter".utf8)

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
/// `memchr` jumps to each occurrence of a first byte of some name (a handful of distinct
/// bytes), so most of the file is never looked at byte by byte.
struct CallMatcher: Sendable {
    private struct Pattern: Sendable {
        var name: [UInt8]
        /// The byte that must follow the name (after spaces and tabs).
        var follower: UInt8
    }

    private let patterns: [Pattern]
    /// The distinct first bytes of the names.
    private let firstBytes: [UInt8]

    init(_ names: [(String, UInt8)]) {
        patterns = names.map { Pattern(name: Array($0.0.utf8), follower: $0.1) }.filter { !$0.name.isEmpty }
        var firsts: [UInt8] = []
        for pattern in patterns where !firsts.contains(pattern.name[0]) { firsts.append(pattern.name[0]) }
        firstBytes = firsts
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// Does `contents` call one of the names?
    func isCalled(in contents: Data) -> Bool {
        guard !patterns.isEmpty else { return false }
        return contents.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            let bytes = raw.bindMemory(to: UInt8.self)
            for first in firstBytes {
                var offset = 0
                while offset < bytes.count, let found = memchr(base + offset, Int32(first), bytes.count - offset) {
                    let index = base.distance(to: UnsafeRawPointer(found))
                    if index == 0 || !Self.isIdentifierByte(bytes[index - 1]),
                       patterns.contains(where: { $0.name[0] == first && matches($0, at: index, in: bytes) }) {
                        return true
                    }
                    offset = index + 1
                }
            }
            return false
        }
    }

    private func matches(_ pattern: Pattern, at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = pattern.name
        guard index + name.count <= bytes.count else { return false }
        for offset in name.indices where bytes[index + offset] != name[offset] { return false }
        var next = index + name.count
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        return next < bytes.count && bytes[next] == pattern.follower
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }
}
