import Foundation

/// Whether source text passes a computed value, not a lone string literal, to a call that
/// names a class or a scene (`NSClassFromString(name)`, `instantiateViewController(withIdentifier:
/// "Scene" + suffix)`): then anything may be named, and reach cannot be judged by literals.
/// Read from the bytes of the text: a call name found with ``ByteSearch``, its argument's
/// start located by hand (a label may sit on the next line), the argument a literal when it is `"…"` or `@"…"` (with no `\(`
/// interpolation) closed by `)`, `]` or `,`.
enum ComputedArgumentScan {
    /// The calls that make a class from a name: `NSClassFromString(` and `classNamed(`.
    static func hasComputedClassName(in source: Data) -> Bool {
        source.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return classNameCalls.contains { needle in
                occurrences(of: needle, in: bytes).contains { end in
                    let open = skipSpace(in: bytes, from: end)
                    return open < bytes.count && bytes[open] == UInt8(ascii: "(") && !isLoneLiteral(in: bytes, at: open + 1)
                        && !isLiteralConstant(in: bytes, at: open + 1)
                }
            }
        }
    }

    /// The calls that instantiate a scene by Storyboard ID: `instantiate…(withIdentifier:`,
    /// `instantiate…(identifier:` and Objective-C's `instantiate…WithIdentifier:`.
    static func hasComputedStoryboardIdentifier(in source: Data) -> Bool {
        source.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return occurrences(of: instantiate, in: bytes).contains { end in
                var wordEnd = end
                while wordEnd < bytes.count, isWordByte(bytes[wordEnd]) { wordEnd += 1 }
                let argument: Int
                let labelStart = skipSpace(in: bytes, from: wordEnd + 1)
                if wordEnd < bytes.count, bytes[wordEnd] == UInt8(ascii: "("),
                   let label = [withIdentifierLabel, identifierLabel].first(where: { starts(bytes, at: labelStart, with: $0) }) {
                    argument = labelStart + label.count
                } else if wordEnd < bytes.count, bytes[wordEnd] == UInt8(ascii: ":"),
                          wordEnd - end >= objcSuffix.count, starts(bytes, at: wordEnd - objcSuffix.count, with: objcSuffix) {
                    argument = wordEnd + 1
                } else {
                    return false
                }
                return !isLoneLiteral(in: bytes, at: argument)
            }
        }
    }

    private static let classNameCalls = [ByteSearch.Needle("NSClassFromString"), ByteSearch.Needle("classNamed")]
    private static let instantiate = ByteSearch.Needle("nstantiate")
    private static let withIdentifierLabel = Array("withIdentifier:".utf8)
    private static let identifierLabel = Array("identifier:".utf8)
    private static let objcSuffix = Array("WithIdentifier".utf8)

    /// The end positions of every occurrence of `needle`.
    private static func occurrences(of needle: ByteSearch.Needle, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var ends: [Int] = []
        var start = 0
        while let found = ByteSearch.firstIndex(of: needle, in: bytes, from: start) {
            ends.append(found + needle.count)
            start = found + 1
        }
        return ends
    }

    /// Whether the argument starting at `position` is a lone string literal: spaces, an
    /// optional `@`, `"…"` on one line without interpolation, spaces, then `)`, `]` or `,`.
    /// Whether the argument at `position` is a lone name that the same text defines as a
    /// string literal (`static NSString *const kName = @"View";`, `let kName = "View"`,
    /// `#define kName @"View"`): a constant names one class as a literal does.
    private static func isLiteralConstant(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        let start = skipSpace(in: bytes, from: position)
        var end = start
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        guard end > start, skipSpace(in: bytes, from: end) < bytes.count, bytes[skipSpace(in: bytes, from: end)] == UInt8(ascii: ")") else { return false }
        let name = ByteSearch.Needle(Array(bytes[start..<end]))
        return occurrences(of: name, in: bytes).contains { nameEnd in
            let nameStart = nameEnd - name.count
            guard nameStart == 0 || !isWordByte(bytes[nameStart - 1]), nameEnd < bytes.count, !isWordByte(bytes[nameEnd]) else { return false }
            var value = skipSpace(in: bytes, from: nameEnd)
            let isDefine = nameStart >= 8 && starts(bytes, at: nameStart - 8, with: defineDirective)
            if !isDefine {
                guard value + 1 < bytes.count, bytes[value] == UInt8(ascii: "="), bytes[value + 1] != UInt8(ascii: "=") else { return false }
                value += 1
            }
            return isLoneLiteral(in: bytes, at: value, closedBy: [UInt8(ascii: ";"), UInt8(ascii: "\n"), UInt8(ascii: "\r")])
        }
    }

    private static let defineDirective = Array("#define ".utf8)

    private static func isLoneLiteral(in bytes: UnsafeBufferPointer<UInt8>, at position: Int,
                                      closedBy closers: [UInt8] = [UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ",")]) -> Bool {
        var index = skipSpace(in: bytes, from: position)
        if index < bytes.count, bytes[index] == UInt8(ascii: "@") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                return false
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "("), bytes[index + 1] != UInt8(ascii: "\n") else { return false }
                index += 2
            default:
                index += 1
            }
        }
        guard index < bytes.count else { return false }
        var next = index + 1
        while next < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[next]) { next += 1 }
        if next < bytes.count, closers.contains(bytes[next]) { return true }
        next = skipSpace(in: bytes, from: next)
        return next < bytes.count && closers.contains(bytes[next])
    }

    private static func skipSpace(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var index = position
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) { index += 1 }
        return index
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, with prefix: [UInt8]) -> Bool {
        position >= 0 && position + prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[position + $0] == prefix[$0] }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
