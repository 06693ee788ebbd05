/// Parses the numbers of the archive- and XML-limit flags, each with an error that says what it takes.
enum LimitValue {
    /// A whole number of at least 1.
    static func count(_ text: String, flag: String) throws(AnalyzeOptionsError) -> Int {
        guard let value = Int(text), value >= 1 else {
            throw .badValue(flag: flag, value: text, expected: "a whole number of at least 1")
        }
        return value
    }

    /// A byte size of at least 1: digits with an optional K, M or G (KiB, MiB, GiB; powers
    /// of 1024, case-insensitive).
    static func bytes(_ text: String, flag: String) throws(AnalyzeOptionsError) -> Int64 {
        let error = AnalyzeOptionsError.badValue(flag: flag, value: text,
                                                 expected: "a size in bytes of at least 1, optionally with K, M or G")
        let units: [(suffix: String, shift: Int64)] = [("kib", 10), ("mib", 20), ("gib", 30), ("k", 10), ("m", 20), ("g", 30)]
        var digits = Substring(text.lowercased())
        var shift: Int64 = 0
        if let unit = units.first(where: { digits.hasSuffix($0.suffix) }) {
            digits = digits.dropLast(unit.suffix.count)
            shift = unit.shift
        }
        guard let number = Int64(digits), number >= 1 else { throw error }
        let (scaled, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow else { throw error }
        return scaled
    }

    /// A finite ratio of at least 1 (stored entries already have ratio 1).
    static func ratio(_ text: String, flag: String) throws(AnalyzeOptionsError) -> Double {
        guard let value = Double(text), value.isFinite, value >= 1 else {
            throw .badValue(flag: flag, value: text, expected: "a number of at least 1")
        }
        return value
    }
}
