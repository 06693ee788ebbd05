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
        var components = name.split(separator: "/", omittingEmptySubsequences: false)
        if components.last == "" { components.removeLast() }
        if components.contains("..") { return unsafe("contains a '..' component") }
        if components.contains(where: { $0.isEmpty || $0 == "." }) { return unsafe("contains an empty or '.' component") }
        if components.count > limits.maxPathDepth {
            return unsafe("\(components.count) components deep, over the limit of \(limits.maxPathDepth)")
        }
        return .success(components.joined(separator: "/"))
    }
}
