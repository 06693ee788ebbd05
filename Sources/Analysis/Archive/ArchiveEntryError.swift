/// Why one archive entry was skipped or failed while the rest of the archive was read.
/// It becomes the entry's `status`/`reason` in the report; its `code` is stable like
/// ``ArchiveError``'s.
public struct ArchiveEntryError: CodedError, Equatable {
    /// The entry's name as the archive spells it (invalid bytes shown as U+FFFD).
    public var entry: String
    public var cause: Cause

    /// What is wrong with the entry.
    public enum Cause: Error, Equatable {
        /// The name is absolute, climbs with `..`, holds NUL, a backslash or bytes that are
        /// not UTF-8, or is too deep or too long.
        case unsafeName(String)
        /// The name is the same file on macOS as the earlier entry `first` (they differ
        /// only in case or Unicode normalisation).
        case nameCollision(first: String)
        case symbolicLink
        /// A device, FIFO or socket entry.
        case specialFile(String)
        /// General-purpose flag bit 0.
        case encrypted
        /// A compression method other than 0 (stored) and 8 (deflate).
        case unsupportedMethod(UInt16)
        case tooLarge(size: UInt64, limit: Int64)
        case compressionRatio(ratio: Double, limit: Double)
        /// The local header says something else than the central directory.
        case headerMismatch(String)
        /// The data descriptor after the data (flag bit 3) is missing, cut short, or
        /// disagrees with the central directory.
        case descriptorMismatch(String)
        /// The data does not have the declared size (never inflated past it).
        case sizeMismatch(String)
        case crcMismatch(expected: UInt32, actual: UInt32)
        /// The deflate stream is invalid.
        case corruptData(String)
    }

    public init(entry: String, cause: Cause) {
        self.entry = entry
        self.cause = cause
    }

    public var code: String {
        switch cause {
        case .unsafeName: "archive.unsafe-name"
        case .nameCollision: "archive.name-collision"
        case .symbolicLink: "archive.symlink"
        case .specialFile: "archive.special-file"
        case .encrypted: "archive.encrypted"
        case .unsupportedMethod: "archive.unsupported-method"
        case .tooLarge: "archive.entry-too-large"
        case .compressionRatio: "archive.compression-ratio"
        case .headerMismatch: "archive.header-mismatch"
        case .descriptorMismatch: "archive.descriptor-mismatch"
        case .sizeMismatch: "archive.size-mismatch"
        case .crcMismatch: "archive.crc-mismatch"
        case .corruptData: "archive.corrupt-data"
        }
    }

    /// The entry's status in the report: refused before reading is `skipped`, failed
    /// while reading is `error`.
    public var status: FileEntry.Status {
        switch cause {
        case .sizeMismatch, .crcMismatch, .corruptData: .error
        default: .skipped
        }
    }

    /// The report's `reason`: what is wrong, then the code, without the entry's name
    /// (the report shows it beside).
    public var reason: String {
        "\(detail) (\(code))"
    }

    public var description: String {
        "entry '\(entry)': \(detail)"
    }

    private var detail: String {
        switch cause {
        case .unsafeName(let why): "unsafe name: \(why); not extracted"
        case .nameCollision(let first):
            "same file as '\(first)' on macOS, whose volumes ignore case and Unicode normalisation; not read"
        case .symbolicLink: "symbolic link, not followed"
        case .specialFile(let kind): "\(kind), not read"
        case .encrypted: "encrypted, not read"
        case .unsupportedMethod(let method): "compression method \(method) is not supported (only stored and deflate)"
        case .tooLarge(let size, let limit): "\(size) bytes, over the per-file limit of \(limit)"
        case .compressionRatio(let ratio, let limit):
            "compression ratio \(ratio.isFinite ? String(Int(ratio)) : "unbounded"):1 is over the limit of \(Int(limit)):1"
        case .headerMismatch(let field): "local header disagrees with the central directory on \(field); not read"
        case .descriptorMismatch(let why): "\(why); not read"
        case .sizeMismatch(let why): why
        case .crcMismatch(let expected, let actual):
            "CRC-32 mismatch: expected \(Self.hex(expected)), data has \(Self.hex(actual))"
        case .corruptData(let why): "corrupt deflate data: \(why)"
        }
    }

    /// Eight lower-case hex digits, as CRC-32s are shown.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
