import Foundation

/// Reads a `Retry-After` field (RFC 9110 §10.2.3): a number of seconds, or an HTTP-date
/// (IMF-fixdate, or the obsolete RFC 850 and asctime forms).
enum RetryAfter {
    /// The seconds to wait from `now`; `nil` when the value is neither form. A date in
    /// the past means no wait (0).
    static func seconds(from value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return trimmed.count > 9 ? TimeInterval(999_999_999) : TimeInterval(Int(trimmed) ?? 0)
        }
        guard let date = httpDate(trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    private static let formats = ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"]

    static func httpDate(_ text: String) -> Date? {
        guard text.count < 64 else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text.replacingOccurrences(of: "  ", with: " ")) { return date }
        }
        return nil
    }
}
