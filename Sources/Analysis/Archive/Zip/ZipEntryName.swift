/// Decides whether an entry name is safe to use as a project path: relative, without `..`,
/// NUL or backslash, valid UTF-8, and within the depth and length limits.
enum ZipEntryName {
    /// The path to report, or why the name is unsafe.
    static func validate(_ record: ZipCentralRecord, limits: ArchiveLimits) -> Result<String, ArchiveEntryError.Cause> {
        func unsafe(_ why: String) -> Result<String, ArchiveEntryError.Cause> { .failure(.unsafeName(why)) }
        if record.nameLength > limits.maxPathLength {
            return unsafe("\(record.nameLength) bytes long, over the limit of \(limits.maxPathLength)")
        }
        let bytes = record.name
        if bytes.contains(0) { return unsafe("contains a NUL byte") }
        if bytes.contains(UInt8(ascii: "\\")) { return unsafe("contains a backslash") }
        guard let name = String(validating: bytes, as: UTF8.self) else { return unsafe("not valid UTF-8") }
        if name.isEmpty { return unsafe("empty") }
        if name.hasPrefix("/") { return unsafe("absolute path") }
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":"), (bytes[0] | 0x20) >= UInt8(ascii: "a"), (bytes[0] | 0x20) <= UInt8(ascii: "z") {
            return unsafe("drive-letter path")
        }
        if bytes.allSatisfy({ $0 < 0x80 }) { return validateASCII(name, bytes: bytes, limits: limits) }
        var components = name.split(separator: "/", omittingEmptySubsequences: false)
        if components.last == "" { components.removeLast() }
        if components.contains("..") { return unsafe("contains a '..' component") }
        if components.contains(where: { $0.isEmpty || $0 == "." }) { return unsafe("contains an empty or '.' component") }
        if components.count > limits.maxPathDepth {
            return unsafe("\(components.count) components deep, over the limit of \(limits.maxPathDepth)")
        }
        return .success(components.joined(separator: "/"))
    }

    /// The component checks of ``validate(_:limits:)`` on the bytes of an ASCII name, where
    /// each byte is a `Character` (a `/` cannot join a combining mark), without splitting it
    /// into substrings: the same answers, in the same order of checks.
    private static func validateASCII(_ name: String, bytes: [UInt8], limits: ArchiveLimits) -> Result<String, ArchiveEntryError.Cause> {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let end = bytes.last == slash ? bytes.count - 1 : bytes.count  // a trailing slash ends a folder name
        var hasDotDot = false
        var hasEmptyOrDot = false
        var components = 0
        var start = 0
        while start <= end {
            var stop = start
            while stop < end, bytes[stop] != slash { stop += 1 }
            let length = stop - start
            if length == 2, bytes[start] == dot, bytes[start + 1] == dot { hasDotDot = true }
            if length == 0 || (length == 1 && bytes[start] == dot) { hasEmptyOrDot = true }
            components += 1
            start = stop + 1
        }
        if hasDotDot { return .failure(.unsafeName("contains a '..' component")) }
        if hasEmptyOrDot { return .failure(.unsafeName("contains an empty or '.' component")) }
        if components > limits.maxPathDepth {
            return .failure(.unsafeName("\(components) components deep, over the limit of \(limits.maxPathDepth)"))
        }
        return .success(end == bytes.count ? name : String(decoding: bytes[..<end], as: UTF8.self))
    }
}
