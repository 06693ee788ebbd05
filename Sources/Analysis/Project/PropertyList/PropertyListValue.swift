/// One value of an OpenStep (old-style ASCII) property list, the format of
/// `project.pbxproj`: strings, `<hex>` data, arrays and dictionaries. Numbers and booleans
/// are strings in this format, as Xcode writes them.
public enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case data([UInt8])
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The string, when this is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The dictionary, when this is one.
    public var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The array's elements, when this is one.
    public var array: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The strings of an array (non-strings left out), or a single string as a one-element
    /// list: build settings such as `SUPPORTED_PLATFORMS` come in either shape.
    public var strings: [String] {
        switch self {
        case .string(let value): [value]
        case .array(let values): values.compactMap(\.string)
        case .data, .dictionary: []
        }
    }
}

/// Why an OpenStep property list could not be read, with the line it happened on.
public struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line of the offending byte (the last line for a truncated file).
    public var line: Int
    public var message: String

    public var description: String { "\(message) (line \(line))" }
}

extension [String: PropertyListValue] {
    /// The string at `key`.
    func string(_ key: String) -> String? { self[key]?.string }
}
